import type { Page } from '@playwright/test'
import { BASE_URL, expect, takenOver, test } from './fixtures.ts'

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
  { person: 'admin', path: '/leagues', heading: 'Leagues' },
  { person: 'admin', path: '/dashboard', heading: 'Dashboard' },
  { person: 'admin', path: '/pendingRegistrations', heading: 'Pending Registrations' },
  { person: 'admin', path: '/teamsView', heading: 'Teams' },
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

  test(`${path} is taken over without a mismatch or a request for what it carries`, async ({ browser, sessions }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, storageState: (await sessions.get(person)).storageState })
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
      expect(apiReads).toEqual([])
      expect(errors).toEqual([])
      // Taken over: the browser now remembers who is signed in.
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('sessionUser'))) ?? 'null')).toMatchObject({ email: (await sessions.get(person)).user.email })
    } finally {
      await context.close()
    }
  })
}
