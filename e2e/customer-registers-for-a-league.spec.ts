import type { Locator, Page } from '@playwright/test'
import { ROUTES, type RouteId } from '../src/shared/routes.ts'
import type { Sport } from '../src/shared/sports.ts'
import { BASE_URL, daysFromToday, expect, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * A customer on each single-sport sign-up page: Register sends them to sign the waiver, they
 * sign and come back, register, see their place confirmed and open the receipt. Every test has
 * its own customer, as a signature would carry over from one test to the next.
 */

const PAGES: readonly { id: RouteId; sport: Sport }[] = [
  { id: 'soccerIndividualSignUp', sport: 'soccer' },
  { id: 'basketballIndividualSignUp', sport: 'basketball' },
  { id: 'footballIndividualSignUp', sport: 'football' },
  { id: 'baseballIndividualSignUp', sport: 'baseball' },
  { id: 'kidsSportsSignup', sport: 'kids' },
]

/** A kids league needs a child: one aged eight, well inside the league's ages. */
async function addChild(page: Page, firstName: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a child' })
  await form.getByLabel('First name').fill(firstName)
  await form.getByLabel('Last name').fill('Rivera')
  await form.getByLabel('Date of birth').fill(`${new Date().getUTCFullYear() - 8}-03-01`)
  await form.getByLabel('Emergency contact name').fill('Jordan Rivera')
  await form.getByLabel('Emergency contact phone').fill('555-010-4242')
  await form.getByRole('button', { name: 'Add child' }).click()
  await expect(page.getByRole('radio', { name: new RegExp(`^${firstName} Rivera`) })).toBeChecked()
}

function registerButton(card: Locator): Locator {
  return card.getByRole('button', { name: /^Register/ })
}

for (const { id, sport } of PAGES) {
  const route = ROUTES.find((r) => r.id === id)!
  test(`${route.title}: sign the waiver, register, see the place confirmed and open the receipt`, async ({
    asVisitor: page,
    createUser,
    insertLeague,
  }) => {
    const user = await createUser({ label: `signup-${sport}` })
    await signIn(page.request, user)
    const leagueName = `E2E ${sport} league ${uniqueToken()}`
    const leagueId = await insertLeague({
      name: leagueName,
      sport,
      kind: 'individual',
      description: 'Made by the sign-up browser test.',
      registrationDate: daysFromToday(-7),
      startDate: daysFromToday(30),
      endDate: daysFromToday(90),
      priceCents: 4500,
      capacity: 20,
      ...(sport === 'kids' ? { minAge: 5, maxAge: 12 } : {}),
    })

    await page.goto(route.path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title)
    const card = page.getByRole('article', { name: leagueName })
    await expect(card.getByText('20 places left')).toBeVisible()
    await expect(card.getByText('$45.00', { exact: true })).toBeVisible()
    if (sport === 'kids') await addChild(page, 'Sam')

    await registerButton(card).click()
    await expect(page).toHaveURL(`${BASE_URL}/waiver`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiver')
    if (sport === 'kids') await expect(page.getByLabel('Signing for').locator('option:checked')).toHaveText('Sam Rivera')
    await page.getByLabel('Full name').fill(user.displayName)
    await page.getByLabel('I have read and agree to this waiver').check()
    await page.getByRole('button', { name: /^Sign/ }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Signed' })).toBeVisible()

    // "Continue registration" finishes the registration the person started (issue 21 §4).
    await page.getByRole('link', { name: 'Continue registration' }).click()
    await expect(page).toHaveURL(BASE_URL + route.path)
    const who = sport === 'kids' ? { is: 'Sam Rivera is', their: "Sam Rivera's" } : { is: "You're", their: 'Your' }
    await expect(card.getByRole('status')).toContainText(
      `${who.is} registered! ${who.their} place in ${leagueName} is confirmed. Amount due: $45.00 — pay at the front desk.`,
    )
    await expect(card.getByText('19 places left')).toBeVisible()

    await card.getByRole('link', { name: /^View receipt/ }).click()
    await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/receipt/user/${user.id}/league/${leagueId}/registration/[\\w-]+$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
}

test('a visitor pressing Register is asked to sign in', async ({ asVisitor: page, insertLeague }) => {
  const leagueName = `E2E visitor league ${uniqueToken()}`
  await insertLeague({
    name: leagueName,
    sport: 'baseball',
    kind: 'individual',
    registrationDate: daysFromToday(-7),
    startDate: daysFromToday(30),
    endDate: daysFromToday(90),
  })
  await page.goto('/baseballIndividualSignUp')
  const card = page.getByRole('article', { name: leagueName })
  await expect(card.getByText('Free', { exact: true })).toBeVisible()
  await registerButton(card).click()
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await expect(page.getByRole('alert')).toHaveText('Please sign in to register.')
})

test('a league that is full puts the customer on the waitlist and says where they stand', async ({ asVisitor: page, createUser, insertLeague }) => {
  const user = await createUser({ label: 'signup-waitlist' })
  await signIn(page.request, user)
  const signed = await page.request.post(`${BASE_URL}/api/waiver/signatures`, {
    headers: { origin: BASE_URL },
    data: { signedName: user.displayName, agree: 'yes' },
  })
  expect(signed.status()).toBe(201)
  const leagueName = `E2E full league ${uniqueToken()}`
  await insertLeague({
    name: leagueName,
    sport: 'soccer',
    kind: 'individual',
    registrationDate: daysFromToday(-7),
    startDate: daysFromToday(30),
    endDate: daysFromToday(90),
    priceCents: 4500,
    capacity: 0,
  })
  await page.goto('/individualSportsSignUp')
  const card = page.getByRole('article', { name: leagueName })
  await expect(card.getByText('Full — join the waitlist (0 waiting)')).toBeVisible()
  // The answer waits until both clicks are in: on a quick server it came between them, and the
  // second click landed on what the answer put where the button was.
  let answer!: () => void
  const bothClicksIn = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/leagues/*/registrations', async (route) => {
    await bothClicksIn
    await route.continue()
  })
  await card.getByRole('button', { name: /^Join the waitlist/ }).dblclick()
  answer()
  await expect(card.getByRole('status')).toHaveText(
    new RegExp(`^${leagueName} is full\\. You're number 1 on the waitlist \\(of 1\\)\\. We'll email you if a place opens up\\.`),
  )
  await expect(card.getByText('Full — join the waitlist (1 waiting)')).toBeVisible()
  // Opened again, the page says the person is already waiting instead of offering the button.
  await page.reload()
  await expect(card.getByRole('status')).toContainText(`You're already on the waitlist for ${leagueName}: number 1 (of 1).`)
  await expect(card.getByRole('button')).toHaveCount(0)
})
