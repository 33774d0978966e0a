import { addDays } from '../src/shared/registration-window.ts'
import { daysFromToday, expect, openInApp, test, uniqueToken, weekdayFromToday } from './fixtures.ts'

/*
 * The Academies page (issue 23): every open academy with its sport, ages, weekdays and time,
 * dates, sessions, price and places, filtered by sport and by a child's age.
 */

test('a parent finds the academy for a 9-year-old among the soccer ones, with its schedule, sessions, price and places', async ({ asVisitor: page, insertAcademy }) => {
  const token = uniqueToken()
  // Four weeks of Tuesdays and Thursdays from a month ahead, the second Thursday skipped: 7 sessions.
  const tuesday = weekdayFromToday(30, 2)
  const common = { isActive: true, registrationDate: daysFromToday(-1), startTime: '18:00', endTime: '19:00', priceCents: 18_000 } as const
  await insertAcademy({
    ...common,
    name: `Skills ${token}`,
    sport: 'soccer',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startDate: tuesday,
    endDate: addDays(tuesday, 23),
    skippedDates: [addDays(tuesday, 9)],
    capacity: 3,
  })
  await insertAcademy({ ...common, name: `Teen Clinic ${token}`, sport: 'basketball', forChildren: true, minAge: 13, maxAge: 17, weekdays: [6], startDate: addDays(tuesday, 4), endDate: addDays(tuesday, 53), capacity: 10 })
  await insertAcademy({ ...common, name: `Adult Beginners ${token}`, sport: 'soccer', forChildren: false, weekdays: [3], startDate: addDays(tuesday, 1), endDate: addDays(tuesday, 50), capacity: 0 })

  await page.goto('/academy')
  const card = (name: string) => page.getByRole('article', { name: `${name} ${token}` })
  const skills = card('Skills')
  await expect(skills).toContainText('Ages 8–10')
  await expect(skills).toContainText('Tuesdays and Thursdays, 6:00 PM – 7:00 PM')
  await expect(skills).toContainText('7 sessions')
  await expect(skills).toContainText('$180.00')
  await expect(skills).toContainText('Coach Daniela Ortiz')
  await expect(skills).toContainText('Field 1')
  await expect(skills).toContainText('3 places left')
  await expect(card('Adult Beginners')).toContainText('Adults')
  await expect(card('Adult Beginners')).toContainText('Full — join the waitlist')

  await page.getByLabel('Sport').selectOption('soccer')
  await expect(card('Teen Clinic')).toHaveCount(0)
  await expect(card('Adult Beginners')).toBeVisible()
  await page.getByLabel('Child’s age').fill('9')
  await expect(skills).toBeVisible()
  await expect(card('Adult Beginners')).toHaveCount(0)
  await page.getByLabel('Child’s age').fill('14')
  await expect(skills).toHaveCount(0)
  await page.getByLabel('Sport').selectOption('')
  await expect(card('Teen Clinic')).toBeVisible()
})

test('going to Academies says at once that the page is loading, where the page left stayed on screen without a sign', async ({ asVisitor: page }) => {
  await openInApp(page, '/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports and Activities')
  // The Academies screen's script is held back, as on a slow phone's connection, until the sign has been seen.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/**', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Academies' }).click()
  await expect(page.getByRole('main')).toContainText('Loading…')
  await expect(page.getByRole('heading', { name: 'Sports and Activities' })).toHaveCount(0)
  release()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academies')
})
