import type { Locator, Page } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, signIn, test, uniqueToken, type LeagueInput, type TestUser } from './fixtures.ts'

/*
 * Kids sports: a guardian adds their children on the sign-up page and registers each one.
 * Every child needs their own waiver signature; a child outside the league's age range is told
 * why instead of being offered a button (the server refuses them too).
 */

/** Born on New Year's Day `years` ago: that age, or one more, when a league a month away starts. */
function bornYearsAgo(years: number): string {
  return `${new Date().getUTCFullYear() - years}-01-01`
}

function kidsLeague(): LeagueInput {
  return {
    name: `E2E kids league ${uniqueToken()}`,
    sport: 'kids',
    kind: 'individual',
    registrationDate: daysFromToday(-7),
    startDate: daysFromToday(30),
    endDate: daysFromToday(90),
    priceCents: 6000,
    capacity: 10,
    minAge: 6,
    maxAge: 12,
  }
}

/** Fills in the Add a child form, opening it first when the account already has children. */
async function addChild(page: Page, firstName: string, dateOfBirth: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a child' })
  const open = page.getByRole('button', { name: 'Add a child' })
  // The children load after the page: wait for the form, or for the button that opens it.
  await expect(form.or(open)).toBeVisible()
  if (await open.isVisible()) await open.click()
  await form.getByLabel('First name').fill(firstName)
  await form.getByLabel('Last name').fill('Rivera')
  await form.getByLabel('Date of birth').fill(dateOfBirth)
  await form.getByLabel('Emergency contact name').fill('Jordan Rivera')
  await form.getByLabel('Emergency contact phone').fill('555-010-4242')
  await form.getByLabel('Notes (allergies, medical)').fill('Peanut allergy.')
  await form.getByRole('button', { name: 'Add child' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${firstName} Rivera is added.` })).toBeVisible()
  await expect(child(page, firstName)).toBeChecked()
}

function child(page: Page, firstName: string): Locator {
  return page.getByRole('radio', { name: new RegExp(`^${firstName} Rivera`) })
}

/** Signs the waiver for the child the sign-up page sent, and goes back to it. */
async function signFor(page: Page, firstName: string, guardian: TestUser): Promise<void> {
  await expect(page).toHaveURL(`${BASE_URL}/waiver`)
  await expect(page.getByLabel('Signing for').locator('option:checked')).toHaveText(`${firstName} Rivera`)
  await page.getByLabel('Full name').fill(guardian.displayName)
  await page.getByLabel('I have read and agree to this waiver').check()
  await page.getByRole('button', { name: `Sign for ${firstName} Rivera` }).click()
  await expect(page.getByRole('status').filter({ hasText: `Signed for ${firstName} Rivera.` })).toBeVisible()
  await page.getByRole('link', { name: 'Continue registration' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/kidsSportsSignup`)
}

test('a guardian adds two children, signs the waiver for each and registers both', async ({ asVisitor: page, createUser, insertLeague }) => {
  const guardian = await createUser({ label: 'guardian' })
  await signIn(page.request, guardian)
  const league = kidsLeague()
  await insertLeague(league)

  await page.goto('/kidsSportsSignup')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kids Sports Sign Up')
  const card = page.getByRole('article', { name: league.name })
  await expect(card.getByText('For ages 6–12')).toBeVisible()
  await expect(page.getByText('There are no children on your account yet.')).toBeVisible()
  await expect(card.getByText('Add a child above to register them.')).toBeVisible()

  await addChild(page, 'Sam', bornYearsAgo(9))
  await addChild(page, 'Ava', bornYearsAgo(7))

  // Ava, just added, is the one chosen; the waiver comes first and chooses her too.
  await card.getByRole('button', { name: `Register: Ava for ${league.name}` }).click()
  await signFor(page, 'Ava', guardian)
  await expect(child(page, 'Ava')).toBeChecked()
  await expect(card.getByRole('status')).toContainText(`Ava Rivera is registered! Ava Rivera's place in ${league.name} is confirmed.`)

  await child(page, 'Sam').check()
  await card.getByRole('button', { name: `Register: Sam for ${league.name}` }).click()
  await signFor(page, 'Sam', guardian)
  await expect(child(page, 'Sam')).toBeChecked()

  // Both results, each with its receipt: Ava's read back from the server after the waiver trip.
  const status = card.getByRole('status')
  await expect(status).toContainText(`Sam Rivera is registered! Sam Rivera's place in ${league.name} is confirmed. Amount due: $60.00`)
  await expect(status).toContainText(`Ava Rivera is already registered. Ava Rivera's place in ${league.name} is confirmed.`)
  await expect(status.getByRole('link', { name: /^View receipt/ })).toHaveCount(2)
  await expect(card.getByText('8 places left')).toBeVisible()
})

test("a child outside the league's age range is shown the reason instead of a Register button", async ({ asVisitor: page, createUser, insertLeague }) => {
  const guardian = await createUser({ label: 'guardian-age' })
  await signIn(page.request, guardian)
  const league = kidsLeague()
  await insertLeague(league)

  await page.goto('/kidsSportsSignup')
  await addChild(page, 'Max', bornYearsAgo(16))
  const card = page.getByRole('article', { name: league.name })
  await expect(card.getByText(new RegExp(`^Max will be 1[67] when ${league.name} starts; this league is for ages 6–12\\.$`))).toBeVisible()
  await expect(card.getByRole('button', { name: /^Register/ })).toHaveCount(0)

  // A child who fits gets the button back.
  await addChild(page, 'Ivy', bornYearsAgo(8))
  await expect(card.getByRole('button', { name: `Register: Ivy for ${league.name}` })).toBeVisible()
  await expect(card.getByText('10 places left')).toBeVisible()
})
