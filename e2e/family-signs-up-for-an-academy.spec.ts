import type { Page } from '@playwright/test'
import type { NewAcademy } from '../src/server/features/academies/academies.queries.ts'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * Signing up for an academy (issue 23): a parent chooses several children at once — one too old
 * is told why and cannot be chosen — gives what the coach needs to know, chooses about photos,
 * signs the waiver for each on the same page, and gets one receipt; a full academy puts the next
 * family on the waitlist, and a cancellation offers them the place.
 */

const FIRST_DAY = daysFromToday(40)
/** Born `years` before the academy's first day, less a month: that age on the first day. */
const bornYearsBefore = (years: number) => `${Number(FIRST_DAY.slice(0, 4)) - years}-${FIRST_DAY.slice(5, 7)}-01`

function academy(overrides: Partial<NewAcademy> = {}): NewAcademy {
  return {
    name: `Skills Academy ${uniqueToken()}`,
    sport: 'soccer',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    isActive: true,
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: daysFromToday(-1),
    startDate: FIRST_DAY,
    endDate: daysFromToday(40 + 27),
    capacity: 12,
    priceCents: 18_000,
    ...overrides,
  }
}

async function addChild(page: Page, firstName: string, dateOfBirth: string, notes = ''): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a child' })
  const open = page.getByRole('button', { name: 'Add a child' })
  await expect(form.or(open)).toBeVisible()
  if (await open.isVisible()) await open.click()
  await form.getByLabel('First name').fill(firstName)
  await form.getByLabel('Last name').fill('Rivera')
  await form.getByLabel('Date of birth').fill(dateOfBirth)
  await form.getByLabel('Emergency contact name').fill('Jordan Rivera')
  await form.getByLabel('Emergency contact phone').fill('555-010-4242')
  await form.getByLabel('Notes (allergies, medical)').fill(notes)
  await form.getByRole('button', { name: 'Add child' }).click()
  await expect(page.getByRole('checkbox', { name: `${firstName} Rivera` })).toBeVisible()
}

test('a parent signs two children up at once, one too old is told why, signs the waiver for each and opens one receipt', async ({ asVisitor: page, createUser, insertAcademy }) => {
  const parent = await createUser({ label: 'parent' })
  await signIn(page.request, parent)
  const skills = academy()
  const id = await insertAcademy(skills)

  await openInApp(page, `/academySignUp/${id}`)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(skills.name)
  await expect(page.getByText('Tuesdays and Thursdays, 6:00 PM – 7:00 PM')).toBeVisible()
  await addChild(page, 'Maya', bornYearsBefore(9), 'Peanut allergy: EpiPen in her bag')
  await addChild(page, 'Leo', bornYearsBefore(8))
  await addChild(page, 'Olly', bornYearsBefore(12))

  const olly = page.getByRole('checkbox', { name: 'Olly Rivera' })
  await expect(olly).toBeDisabled()
  await expect(page.getByText(`Olly will be 12 when ${skills.name} starts; this academy is for ages 8–10.`)).toBeVisible()
  // Children who fit are chosen as they are added.
  await expect(page.getByRole('checkbox', { name: 'Maya Rivera' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Leo Rivera' })).toBeChecked()
  const maya = page.getByRole('region', { name: 'Maya Rivera' })
  await expect(maya).toContainText('Peanut allergy: EpiPen in her bag')

  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('alert')).toHaveText('Choose a photo option for everyone taking part.')
  await maya.getByRole('radio', { name: /may take photos of Maya/ }).check()
  await page.getByRole('region', { name: 'Leo Rivera' }).getByRole('radio', { name: 'No photos of Leo, please' }).check()

  for (const name of ['Maya Rivera', 'Leo Rivera']) {
    await page.getByLabel('Signing for').selectOption({ label: name })
    await page.getByLabel('Full name').fill(parent.displayName)
    await page.getByLabel('I have read and agree to this waiver').check()
    await page.getByRole('button', { name: `Sign for ${name}` }).click()
    await expect(page.getByRole('option', { name })).toHaveCount(0)
  }
  await expect(page.getByText('In all: $360.00, paid at the front desk.')).toBeVisible()
  await page.getByRole('button', { name: 'Sign up' }).click()

  await expect(page.getByRole('heading', { name: 'You are signed up' })).toBeFocused()
  await expect(page.getByText('Maya Rivera — Confirmed')).toBeVisible()
  await expect(page.getByText('Leo Rivera — Confirmed')).toBeVisible()
  await page.getByRole('link', { name: 'View receipt' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academy Receipt')
  const receipt = page.getByRole('article', { name: `Receipt for ${skills.name}` })
  await expect(receipt.getByRole('row', { name: /Maya Rivera .* Confirmed \$180\.00 \$0\.00 \$180\.00/ })).toBeVisible()
  await expect(receipt.getByRole('row', { name: /Leo Rivera .* Confirmed/ })).toBeVisible()
  await expect(receipt).toContainText('8 sessions')
  await expect(receipt).toContainText('$360.00')
  await expect(receipt).not.toContainText('Peanut')
})

test('a full academy puts the next family on the waitlist, and a cancellation offers them the place to claim', async ({ asVisitor: page, browser, createUser, insertAcademy }) => {
  const adults = academy({ forChildren: false, minAge: null, maxAge: null, capacity: 1, waiverRequired: false, name: `Adult Beginners ${uniqueToken()}` })
  const id = await insertAcademy(adults)
  const first = await createUser({ label: 'first' })
  const firstBrowser = await browser.newContext({ baseURL: BASE_URL })
  await signIn(firstBrowser.request, first)
  const fromSite = { origin: BASE_URL }
  const taken = await firstBrowser.request.post(`/api/academies/${id}/registrations`, {
    headers: fromSite,
    data: { participants: [{ childId: null, photoConsent: false }] },
  })
  expect(taken.status()).toBe(201)
  const place = ((await taken.json()) as { registrations: { id: string }[] }).registrations[0]!

  const next = await createUser({ label: 'next' })
  await signIn(page.request, next)
  await openInApp(page, `/academySignUp/${id}`)
  await expect(page.getByText('Full — join the waitlist')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Yourself' }).check()
  await page.getByRole('radio', { name: 'No photos of me, please' }).check()
  await page.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(page.getByText('You — Waitlisted, number 1 on the waitlist')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeFocused()
  await expect(page.getByText('Pay at the front desk', { exact: false })).toHaveCount(0)

  expect((await firstBrowser.request.post(`/api/registrations/${place.id}/cancel`, { headers: fromSite })).status()).toBe(200)
  await firstBrowser.close()

  await openInApp(page, '/account')
  const card = page.getByRole('article', { name: adults.name })
  await expect(card).toContainText('Place offered')
  await card.getByRole('button', { name: 'Claim place' }).click()
  await expect(page.getByRole('region', { name: 'Registrations' }).getByRole('status')).toContainText(`You claimed your place in ${adults.name}.`)
  await expect(card).toContainText('Confirmed')
  await expect(card).toContainText('Next session')
})
