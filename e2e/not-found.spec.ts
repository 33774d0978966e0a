import type { Page } from '@playwright/test'
import type { ActiveLeague } from '../src/shared/sports.ts'
import { BASE_URL, expect, showLeagues, test, uniqueToken } from './fixtures.ts'

/*
 * Product §2: any path outside the route table shows the 404 page, and the two known defects
 * (the Create Account link to /createAccount, the Football card's letter case) are resolved
 * so that both reach a real page.
 */

test('an unknown path shows Page Not Found with a way home', async ({ asVisitor: page }) => {
  const response = await page.goto('/no-such-page/here')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByText('The path /no-such-page/here could not be found.')).toBeVisible()
  await expect(page).toHaveTitle('Page Not Found | Indoor Sports Center')

  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports and Activities')
})

test('a known page with an extra segment is not found', async ({ asVisitor: page }) => {
  const response = await page.goto('/account/extra')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByText('The path /account/extra could not be found.')).toBeVisible()
})

test('/createAccount shows the Create Account form', async ({ asVisitor: page }) => {
  const response = await page.goto('/createAccount')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account')
  for (const label of ['Display name', 'Email', 'Phone', 'Password', 'Confirm password']) {
    await expect(page.getByLabel(label, { exact: true })).toBeEditable()
  }
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled()
})

test('the Create Account link in the navigation reaches the account form', async ({ asVisitor: page }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/(register|createAccount)$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account')
  await expect(page.getByLabel('Display name')).toBeEditable()
})

async function showFootballLeague(page: Page): Promise<void> {
  const football: ActiveLeague = {
    id: 'football-1',
    name: 'Fall Flag Football',
    sport: 'football',
    kind: 'individual',
    description: null,
    registrationDate: '2027-08-01',
    startDate: '2027-09-05',
    endDate: '2027-11-20',
    registrationDeadline: null,
    priceCents: 4500,
    earlyBirdPriceCents: null,
    earlyBirdUntil: null,
  }
  await showLeagues(page, [football])
}

test("the Football card's Sign Up link reaches the football sign-up page", async ({ asVisitor: page }) => {
  await showFootballLeague(page)
  await page.goto('/')
  const card = page.getByRole('article', { name: 'Football', exact: true })
  await card.getByRole('link', { name: 'Sign Up: Fall Flag Football' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/footballIndividualSignUp`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Football Sign Up')
})

test('the football sign-up page opens whatever the letter case', async ({ asVisitor: page }) => {
  const response = await page.goto('/FOOTBALLINDIVIDUALSIGNUP')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Football Sign Up')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a league that does not exist is not found; one that does names itself and its price per team', async ({ asCustomer: page, insertLeague }) => {
  await page.goto('/league/no-such-league')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByRole('link', { name: 'Create a team' })).toHaveCount(0)

  const name = `E2E team-fee league ${uniqueToken()}`
  const leagueId = await insertLeague({ name, sport: 'basketball', kind: 'team', teamPayment: 'team-fee', teamFeeCents: 30000, priceCents: 0 })
  await page.goto(`/league/${leagueId}`)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(name)
  await expect(page.getByRole('definition').filter({ hasText: /a team/ })).toHaveText('$300.00 a team')
  await expect(page.getByText('You have no team in this league.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create a team' })).toBeVisible()
})
