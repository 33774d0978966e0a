import { campDaysText } from '../src/client/features/camps/camp-text.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { nineYearOldBorn } from './academy-places.ts'
import { BASE_URL, daysFromToday, expect, openInApp, takenOver, test, uniqueToken } from './fixtures.ts'

/*
 * Staff run camps (issue 31 §2): an admin creates a three-day camp on the camps staff page; a
 * family finds it on the Camps page; the front desk signs a walk-in family's child up for it,
 * takes the payment at the counter, and the child is on the camp's list for the door.
 */

test('an admin creates a camp, it is on the Camps page, and the desk signs a walk-in child up and takes the payment', async ({ asAdmin: admin, asVisitor: visitor, asEmployee: desk }) => {
  // Three people's pages, one after another: the whole story in one test takes longer than one page's.
  test.slow()
  const token = uniqueToken()
  const name = `Spring Break Camp ${token}`
  const firstDay = daysFromToday(60)

  await admin.goto('/campRegistrations')
  await takenOver(admin)
  await admin.getByRole('button', { name: 'New camp' }).click()
  const form = admin.getByRole('region', { name: 'New camp' })
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused()
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Coach').fill('Coach Elena Ruiz')
  await form.getByLabel('Minimum age').fill('7')
  await form.getByLabel('Maximum age').fill('11')
  await form.getByLabel('Registration date').fill(daysFromToday(-1))
  await form.getByLabel('First day').fill(firstDay)
  // Three weeks is longer than a camp runs: the form says so.
  await form.getByLabel('Last day').fill(addDays(firstDay, 20))
  await form.getByLabel('Price (dollars)').fill('120')
  await form.getByLabel('Capacity').fill('16')
  await form.getByRole('button', { name: 'Create camp' }).click()
  await expect(form.getByText('A camp runs at most 15 days: the last day must be within 14 days of the first.')).toBeVisible()
  await form.getByLabel('Last day').fill(addDays(firstDay, 2))
  await form.getByRole('button', { name: 'Create camp' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Created' })).toHaveText(`Created ${name}; it is open for registration.`)
  const row = admin.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('3 days')
  await expect(row).toContainText('$120.00')
  await expect(row).toContainText('0 / 16')

  await openInApp(visitor, '/camps')
  const card = visitor.getByRole('article', { name })
  await expect(card).toContainText('Ages 7–11')
  await expect(card).toContainText('9:00 AM – 3:00 PM each day')
  await expect(card).toContainText('16 places left')

  // A walk-in family: the account and the child made at the desk, the waiver signed there.
  await openInApp(desk, '/desk')
  const parentName = `Pat Walkin ${token.slice(-4)}`
  await desk.getByLabel('Display name').fill(parentName)
  await desk.getByLabel('Email', { exact: true }).fill(`camp-walk-in-${token}@example.com`)
  await desk.getByLabel('Phone', { exact: true }).fill('555-010-4321')
  await desk.getByRole('button', { name: 'Add customer' }).click()
  await expect(desk.getByRole('heading', { level: 2, name: parentName })).toBeVisible()
  await desk.getByRole('button', { name: 'Add a child' }).click()
  await desk.getByLabel('First name').fill('Robin')
  await desk.getByLabel('Last name').fill('Walkin')
  await desk.getByLabel('Date of birth').fill(nineYearOldBorn)
  await desk.getByLabel('Emergency contact name').fill('Sam Walkin')
  await desk.getByLabel('Emergency contact phone').fill('555-010-8888')
  await desk.getByRole('button', { name: 'Add child' }).click()
  await expect(desk.getByRole('status').filter({ hasText: 'Robin Walkin is added.' })).toBeVisible()
  await desk.getByLabel('Signed for').selectOption({ label: 'Robin Walkin' })
  await desk.getByLabel('Signature: the customer types their full name').fill(parentName)
  await desk.getByLabel('The customer has read and agrees to this waiver').check()
  await desk.getByRole('button', { name: 'Record the signature' }).click()
  await expect(desk.getByText('Robin Walkin: signed')).toBeVisible()

  await desk.getByLabel('Register for', { exact: true }).selectOption('camp')
  await desk.getByLabel('Camp', { exact: true }).selectOption({ label: `${name} (${campDaysText({ startDate: firstDay, endDate: addDays(firstDay, 2), days: [firstDay, addDays(firstDay, 1), addDays(firstDay, 2)] })}, ages 7–11, $120.00)` })
  await desk.getByRole('checkbox', { name: 'Robin Walkin' }).check()
  await desk.getByRole('radio', { name: 'No photos, please' }).check()
  await desk.getByRole('button', { name: 'Sign up for the camp' }).click()
  await expect(desk.getByText(`Signed up for ${name}: Robin Walkin (confirmed). $120.00 to pay: take the payment below.`)).toBeVisible()

  // The record's list names each place's kind: a camp is not listed under "League".
  const registrations = desk.getByRole('table', { name: 'Registrations and team places' })
  await expect(registrations.getByRole('columnheader').first()).toHaveText('Program')
  await expect(registrations.getByRole('rowheader', { name: new RegExp(name) })).toHaveText(`${name} (Camp)`)

  // The cash at the counter, through the place's payment form.
  const place = desk.getByRole('row').filter({ hasText: name })
  await place.getByRole('button', { name: /^Payments and details/ }).click()
  await expect(desk.getByLabel('Amount (dollars)')).toHaveValue('120.00')
  await desk.getByLabel('Method').selectOption('cash')
  await desk.getByRole('button', { name: 'Record payment' }).click()
  await expect(desk.getByText('Nothing is due: the registration is paid in full.')).toBeVisible()

  // The camp's list for the door, on the desk's camps page.
  await openInApp(desk, '/desk')
  await desk.getByRole('link', { name: /^Camps:/ }).click()
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Camps at the Desk')
  await desk.getByLabel('Camp', { exact: true }).selectOption({ label: name })
  const children = desk.getByRole('region', { name: `${name}: children` })
  await expect(children).toContainText('Robin Walkin')
  await expect(children).toContainText('Age 9')
  await expect(children).toContainText('$0.00')
  await expect(desk).toHaveURL(new RegExp(`^${BASE_URL}/desk/camps\\?camp=`))
})
