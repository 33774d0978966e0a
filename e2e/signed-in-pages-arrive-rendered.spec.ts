import type { Page } from '@playwright/test'
import { timestampParam } from '../src/server/db/values.ts'
import { BASE_URL, expect, takenOver, test, uniqueToken } from './fixtures.ts'

/*
 * The pages a signed-in person opens most arrive rendered for them (docs/decisions/0019): their
 * menu and their answers are in the first paint, and the script takes the markup over as it is —
 * no mismatch, no session request, no second request for what came inside the page.
 */

/** Console errors and uncaught errors of a page: React reports a markup mismatch there. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const PAGES = [
  { person: 'customer', path: '/account', heading: 'Account' },
  // The waiver with whom the person signed it for and the form for the rest.
  { person: 'customer', path: '/waiver', heading: 'Waiver' },
  { person: 'admin', path: '/leagues', heading: 'Leagues' },
  // Everyone else opens the leagues page on the open leagues: theirs to read, so rendered too.
  { person: 'customer', path: '/leagues', heading: 'Leagues' },
  { person: 'employee', path: '/leagues', heading: 'Leagues' },
  { person: 'admin', path: '/dashboard', heading: 'Dashboard' },
  { person: 'admin', path: '/pendingRegistrations', heading: 'Pending Registrations' },
  { person: 'admin', path: '/teamsView', heading: 'Teams' },
  { person: 'admin', path: '/outbox', heading: 'Emails' },
  { person: 'employee', path: '/desk', heading: 'Front Desk' },
] as const

for (const { person, path, heading } of PAGES) {
  test(`${path} shows the ${person}'s page with no script at all`, async ({ browser, sessions }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false, storageState: (await sessions.get(person)).storageState })
    try {
      const page = await context.newPage()
      const res = await page.goto(path)
      expect(res?.headers()['cache-control']).toBe('private, no-store')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account', exact: true })).toBeVisible()
      await expect(page.getByText(/^Loading/)).toHaveCount(0)
      // Nothing on it works without the script, so nothing can be pressed in vain.
      await expect(page.locator('#root')).toHaveAttribute('inert')
    } finally {
      await context.close()
    }
  })

  test(`${path} is taken over for the ${person} without a mismatch or a request for what it carries`, async ({ browser, sessions }) => {
    // A reader far from the facility: moments are shown in the facility's zone on both sides.
    const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'Pacific/Auckland', storageState: (await sessions.get(person)).storageState })
    try {
      const page = await context.newPage()
      const errors = collectErrors(page)
      const apiReads: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (request.method() === 'GET' && url.pathname.startsWith('/api/')) apiReads.push(url.pathname + url.search)
      })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await takenOver(page)
      await page.waitForLoadState('networkidle')
      // Each of the person's teams' next game is read after the page, not carried by it (issue 33's
      // account page: the teams' ids come from an answer the page carries); every other answer is.
      expect(apiReads.filter((read) => !/^\/api\/leagues\/[^/]+\/teams\/[^/]+\/games$/.test(read))).toEqual([])
      expect(errors).toEqual([])
      // Taken over: the browser now remembers who is signed in.
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('sessionUser'))) ?? 'null')).toMatchObject({ email: (await sessions.get(person)).user.email })
    } finally {
      await context.close()
    }
  })
}

test('a moment on a rendered page reads the same in the server’s render and the browser far from the facility: in the facility’s zone', async ({ browser, sessions, backend }) => {
  const kind = `e2e-moment-${uniqueToken()}`
  const failedAt = new Date(Date.UTC(2027, 0, 15, 19, 5))
  const at = timestampParam(backend.db.dialect, failedAt)
  await backend.db.kysely
    .insertInto('jobs')
    .values({ id: kind, kind, payload: '{}', status: 'dead', attempts: 6, runAt: at, lastError: 'The payment provider answered 503.', createdAt: at, updatedAt: at })
    .execute()
  const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'Pacific/Auckland', storageState: (await sessions.get('admin')).storageState })
  try {
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto('/dashboard')
    await takenOver(page)
    // 19:05 UTC is 2:05 PM in New York, the suite's facility zone; in Auckland it is already the 16th.
    const row = page.getByRole('region', { name: 'Background work' }).getByRole('row').filter({ hasText: kind })
    await expect(row.getByRole('cell').nth(1)).toHaveText('1/15/2027, 2:05 PM')
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})

test('signing out takes what the page carried of the person out of it, not only off the screen', async ({ browser, sessions }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, storageState: (await sessions.get('customer')).storageState })
  try {
    const page = await context.newPage()
    await page.goto('/account')
    await takenOver(page)
    await expect(page.locator('#session-user')).toHaveCount(1)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.locator('#session-user')).toHaveCount(0)
    await expect(page.locator('#query-state')).toHaveCount(0)
    expect(await page.content()).not.toContain((await sessions.get('customer')).user.email)
  } finally {
    await context.close()
  }
})
