import { addDays } from '../src/shared/registration-window.ts'
import { BASE_URL, daysFromToday, expect, takenOver, test, uniqueToken, weekdayFromToday } from './fixtures.ts'

/*
 * Staff create an academy on the academies staff page (issue 23): its sport, coach, ages, weekly
 * sessions with a holiday skipped, price and places; families then find it on the Academies page,
 * and closing it takes it off.
 */

test('an admin creates an academy with its weekly sessions, families find it, and closing it takes it off the Academies page', async ({ asAdmin: page, asVisitor: visitor }) => {
  const name = `Goalkeeping Academy ${uniqueToken()}`
  await page.goto('/academyRegistrations')
  await takenOver(page)
  await page.getByRole('button', { name: 'New academy' }).click()
  const form = page.getByRole('region', { name: 'New academy' })
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused()
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Coach').fill('Coach Elena Ruiz')
  await form.getByLabel('Where').fill('Field 3')
  await form.getByLabel('Minimum age').fill('9')
  await form.getByLabel('Maximum age').fill('12')

  await form.getByLabel('Registration date').fill(daysFromToday(-1))
  // Four weeks of Tuesdays and Thursdays, the second Thursday skipped: 7 sessions.
  const tuesday = weekdayFromToday(90, 2)
  await form.getByLabel('First session').fill(tuesday)
  await form.getByLabel('Last session').fill(addDays(tuesday, 23))
  await form.getByLabel('Dates skipped').fill(addDays(tuesday, 9))
  await form.getByLabel('Price (dollars)').fill('150')
  await form.getByLabel('Capacity').fill('12')
  await form.getByLabel('Payment').selectOption('true')

  // No weekday, and an end before the start: each says what is wrong.
  await form.getByLabel('Start time').fill('18:00')
  await form.getByLabel('End time').fill('17:00')
  await form.getByRole('button', { name: 'Create academy' }).click()
  await expect(form.getByText('Choose the weekdays it meets on.')).toBeVisible()
  await expect(form.getByText('End time must be after the start time.')).toBeVisible()

  await form.getByRole('checkbox', { name: 'Tuesday' }).check()
  await form.getByRole('checkbox', { name: 'Thursday' }).check()
  await form.getByLabel('End time').fill('19:15')
  await form.getByRole('button', { name: 'Create academy' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Created' })).toHaveText(`Created ${name}; it is open for registration.`)

  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Tuesdays and Thursdays, 6:00 PM – 7:15 PM')
  await expect(row).toContainText('7 sessions')
  await expect(row).toContainText('$150.00')
  await expect(row).toContainText('0 / 12')
  await expect(row).toContainText('At sign-up')

  await visitor.goto('/academy')
  const card = visitor.getByRole('article', { name })
  await expect(card).toContainText('Ages 9–12')
  await expect(card).toContainText('Coach Elena Ruiz')
  await expect(card).toContainText('12 places left')

  await row.getByRole('button', { name: `Close ${name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'now' })).toHaveText(`${name} is now closed for registration.`)
  await visitor.reload()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Academies')
  await expect(visitor.getByRole('article', { name })).toHaveCount(0)
  await expect(page).toHaveURL(`${BASE_URL}/academyRegistrations`)
})
