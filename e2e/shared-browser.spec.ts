import type { Page } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken, type TestUser } from './fixtures.ts'

/*
 * A front-desk browser is shared (issue 21 §2): signing out, or in as someone else, leaves
 * nothing of the previous person readable, even on a page the next person may open.
 */

/** Goes to `path` inside the running app, as a link would: no page load, the app's cache kept. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

async function signInOnPage(page: Page, user: TestUser): Promise<void> {
  await goInApp(page, '/signIn')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // Signed in once the sign-in page has moved on to the home page (the Account menu is there for a visitor too).
  await expect(page).toHaveURL(`${BASE_URL}/`)
}

test('after a captain signs out, the next person on the same browser cannot read their team from the cache', async ({ browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueId = await insertLeague({
    name: `Adult Basketball ${token}`, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 30000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const [captain, next] = await Promise.all([createUser({ label: 'desk-captain' }), createUser({ label: 'desk-next' })])
  const teamName = `Private Roster ${token}`
  const setup = await browser.newContext({ baseURL: BASE_URL })
  await signIn(setup.request, captain)
  const headers = { origin: BASE_URL }
  expect((await setup.request.post('/api/waiver/signatures', { headers, data: { signedName: captain.displayName, agree: 'yes' } })).status()).toBe(201)
  const made = await setup.request.post(`/api/leagues/${leagueId}/teams`, { headers, data: { name: teamName } })
  expect(made.status()).toBe(201)
  const teamPath = `/league/${leagueId}/team/${((await made.json()) as { team: { id: string } }).team.id}`
  await setup.close()

  const context = await browser.newContext({ baseURL: BASE_URL })
  try {
    const page = await context.newPage()
    await openInApp(page, '/')
    await signInOnPage(page, captain)
    await goInApp(page, teamPath)
    await expect(page.getByRole('heading', { level: 2, name: teamName })).toBeVisible()
    await expect(page.getByText(captain.email)).toBeVisible()

    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(`${BASE_URL}/`)
    await signInOnPage(page, next)
    // The same address, within the cache's fresh time: the server is asked, and says no.
    await goInApp(page, teamPath)
    await expect(page.getByRole('heading', { name: 'Team not found' })).toBeVisible()
    await expect(page.getByText(teamName)).toHaveCount(0)
    await expect(page.getByText(captain.email)).toHaveCount(0)
  } finally {
    await context.close()
  }
})
