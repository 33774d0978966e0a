import type { Page } from '@playwright/test'
import { ROUTES } from '../src/shared/routes.ts'
import { BASE_URL, daysFromToday, expect, openInApp, test, uniqueToken } from './fixtures.ts'
import { insertTeams, publishSchedule } from '../tests/published-schedule.ts'

/*
 * Every open page arrives rendered for a visitor with the public answers it shows, so a phone
 * following a shared sign-up link paints it before the script arrives; the script then takes
 * the markup over as it is — no mismatch, and no second request for what came inside the page.
 */

const OPEN_PAGES = ROUTES.filter((route) => route.access === 'open' && route.id !== 'home' && !route.path.includes(':'))

/** Console errors and uncaught errors of a page: React reports a markup mismatch there. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

for (const route of OPEN_PAGES) {
  test(`${route.path} shows its heading with no script at all`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto(route.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title)
      await expect(page).toHaveTitle(new RegExp(`^${route.title} \\| `))
      await expect(page.getByText(/^Loading/)).toHaveCount(0)
    } finally {
      await context.close()
    }
  })

  test(`${route.path} is taken over without a mismatch or a request for what it carries`, async ({ asVisitor: page }) => {
    const errors = collectErrors(page)
    const apiReads: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (request.method() === 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/session') apiReads.push(url.pathname + url.search)
    })
    await openInApp(page, route.path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title)
    await page.waitForLoadState('networkidle')
    expect(apiReads).toEqual([])
    expect(errors).toEqual([])
  })
}

test('a sign-up page carries its leagues: without a script they show, with one the Register button works', async ({ browser, asVisitor: page, insertLeague }) => {
  const name = `Rendered Basketball ${uniqueToken()}`
  await insertLeague({ name, sport: 'basketball', kind: 'individual', registrationDate: daysFromToday(-3), startDate: daysFromToday(30), priceCents: 3900 })
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false })
  try {
    const noScript = await context.newPage()
    await noScript.goto('/basketballIndividualSignUp')
    await expect(noScript.getByRole('heading', { level: 2, name })).toBeVisible()
    await expect(noScript.getByRole('article').filter({ hasText: name })).toContainText('$39.00')
  } finally {
    await context.close()
  }

  await page.goto('/basketballIndividualSignUp')
  await page.getByRole('button', { name: `Register for ${name}` }).click()
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await expect(page.getByText('Please sign in to register.')).toBeVisible()
})

test("a page reached by a redirect and reloaded is taken over without a mismatch, the redirect's message shown", async ({ asVisitor: page }) => {
  const errors = collectErrors(page)
  await page.goto('/account')
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await page.reload()
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to see this page')
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test('a league’s schedule and standings and a team’s games arrive rendered with their tables, and are taken over without a request', async ({ browser, asVisitor: page, backend, insertLeague }) => {
  const token = uniqueToken()
  const leagueId = await insertLeague({ name: `Rendered Hoops ${token}`, sport: 'basketball', kind: 'team', teamCapacity: 4, registrationDate: daysFromToday(-3), startDate: daysFromToday(30) })
  const [teamId, rivalId] = await insertTeams(backend.db, leagueId, [`Owls ${token}`, `Hawks ${token}`])
  await publishSchedule(backend.db, leagueId, [teamId, rivalId], token, daysFromToday)
  const pages = [
    [`/schedule/${leagueId}`, `Rendered Hoops ${token}: Schedule and Standings`, /^Standings after 1 result/],
    [`/schedule/${leagueId}/team/${teamId}`, `Owls ${token}: Schedule`, `Every game of Owls ${token}`],
  ] as const
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false })
  try {
    const noScript = await context.newPage()
    for (const [path, heading, table] of pages) {
      await noScript.goto(path)
      await expect(noScript.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(noScript.getByRole('table', { name: table })).toContainText(`Hawks ${token}`)
    }
  } finally {
    await context.close()
  }
  const errors = collectErrors(page)
  const apiReads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/session') apiReads.push(url.pathname)
  })
  for (const [path, heading] of pages) {
    await openInApp(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await page.waitForLoadState('networkidle')
  }
  expect(apiReads).toEqual([])
  expect(errors).toEqual([])
})
