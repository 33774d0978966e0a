import type { Page } from '@playwright/test'
import { ACCESS_MESSAGES, decideAccess, ROUTES, type RouteDefinition } from '../src/shared/routes.ts'
import { BASE_URL, expect, sampleHeading, samplePaths, test, type Person } from './fixtures.ts'

/*
 * Product §6 for every page of the route table and every kind of person: where they end up, what
 * the page is called there, and the message that says why they were sent elsewhere.
 */

const PEOPLE: readonly Person[] = ['visitor', 'customer', 'employee', 'admin']
const FACILITY_NAME = 'Indoor Sports Center'
const ACCESS_MESSAGE = new RegExp(Object.values(ACCESS_MESSAGES).join('|'))

interface Outcome {
  path: string
  heading: string
  alert: string | null
}

function titleOf(path: string): string {
  const route = ROUTES.find((r) => r.path === path)
  if (!route) throw new Error(`No route at ${path}`)
  return route.title
}

function expectedOutcome(route: RouteDefinition, path: string, person: Person): Outcome {
  const decision = decideAccess(route.access, person === 'visitor' ? null : person)
  if (decision.allowed) return { path, heading: sampleHeading(route), alert: null }
  return { path: decision.redirectTo, heading: titleOf(decision.redirectTo), alert: decision.message }
}

/** Opens `path` as a fresh visit on a page that earlier tests of the worker have used. */
async function open(page: Page, path: string) {
  // Opening the URL the page is already at counts as a reload, which would keep the previous
  // redirect's message in history.state.
  if (page.url().startsWith(BASE_URL)) await page.evaluate(() => history.replaceState(null, ''))
  // The assertions wait for the page itself; the load event adds nothing to them.
  return page.goto(path, { waitUntil: 'commit' })
}

async function expectOutcome(page: Page, outcome: Outcome): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(outcome.heading)
  await expect(page).toHaveURL(BASE_URL + outcome.path)
  await expect(page).toHaveTitle(`${outcome.heading} | ${FACILITY_NAME}`)
  if (outcome.alert !== null) await expect(page.getByRole('alert')).toHaveText(outcome.alert)
  // A page may have alerts of its own (an unknown sample id), but never an access message.
  else await expect(page.getByRole('alert').filter({ hasText: ACCESS_MESSAGE })).toHaveCount(0)
}

/** The first person a route is for: a visitor on an open page, a customer on a signed-in one, an employee on a staff one. */
const firstAllowed = (route: RouteDefinition): Person => PEOPLE.find((person) => decideAccess(route.access, person === 'visitor' ? null : person).allowed)!

/*
 * Every page of the table, as the first person it is for. Who is refused depends only on the
 * page's access (one guard, router.tsx, decides for every route from the table): each kind of
 * access is opened once by each person it refuses, on its first page.
 */
test.describe('each page as the first person it is for', () => {
  for (const route of ROUTES) {
    for (const path of samplePaths(route)) {
      const person = firstAllowed(route)
      test(`${path} (${route.access}) as ${person}: sees ${sampleHeading(route)}`, async ({ pageAs }) => {
        const page = await pageAs(person)
        const response = await open(page, path)
        // The server knows every page of the table, so none of them is answered as a 404.
        expect(response?.status()).toBe(200)
        await expectOutcome(page, expectedOutcome(route, path, person))
      })
    }
  }
})

test.describe('each kind of access, opened by each person it refuses', () => {
  for (const access of [...new Set(ROUTES.map((r) => r.access))]) {
    const route = ROUTES.find((r) => r.access === access)!
    const path = samplePaths(route)[0]!
    for (const person of PEOPLE.filter((p) => !decideAccess(access, p === 'visitor' ? null : p).allowed)) {
      const outcome = expectedOutcome(route, path, person)
      test(`${path} (${access}) as ${person}: is sent to ${outcome.path}`, async ({ pageAs }) => {
        const page = await pageAs(person)
        const response = await open(page, path)
        expect(response?.status()).toBe(200)
        await expectOutcome(page, outcome)
      })
    }
  }
})

/*
 * The same rules written out by hand, so a mistake in decideAccess (which the loop above
 * trusts) cannot hide.
 */
test.describe('access rules written out', () => {
  test('a visitor opening the dashboard is asked to sign in', async ({ pageAs }) => {
    const page = await pageAs('visitor')
    await open(page, '/dashboard')
    await expectOutcome(page, { path: '/signIn', heading: 'Sign In', alert: 'You must be logged in to see this page' })
  })

  test('a visitor opening their account is asked to sign in', async ({ pageAs }) => {
    const page = await pageAs('visitor')
    await open(page, '/account')
    await expectOutcome(page, { path: '/signIn', heading: 'Sign In', alert: 'You must be logged in to see this page' })
  })

  test('a visitor whose browser still remembers a customer is asked to sign in, not sent home', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL })
    try {
      await context.addInitScript(() => localStorage.setItem('sessionUser', JSON.stringify({ uid: 'gone', email: 'gone@example.com', displayName: 'Gone', phone: '', isLoggedIn: true, isAdmin: false, isEmployee: false, userRole: 'customer' })))
      const page = await context.newPage()
      await open(page, '/admin/users')
      await expectOutcome(page, { path: '/signIn', heading: 'Sign In', alert: 'You must be logged in to see this page' })
    } finally {
      await context.close()
    }
  })

  test('a visitor may read the waiver', async ({ pageAs }) => {
    const page = await pageAs('visitor')
    await open(page, '/waiver')
    await expectOutcome(page, { path: '/waiver', heading: 'Waiver', alert: null })
  })

  test('a customer opening the users page is sent home', async ({ pageAs }) => {
    const page = await pageAs('customer')
    await open(page, '/admin/users')
    await expectOutcome(page, { path: '/', heading: 'Sports and Activities', alert: 'This page requires admin access' })
  })

  test('an employee opening the users page is sent home', async ({ pageAs }) => {
    const page = await pageAs('employee')
    await open(page, '/admin/users')
    await expectOutcome(page, { path: '/', heading: 'Sports and Activities', alert: 'This page requires admin access' })
  })

  test('an employee opening pending registrations is sent home', async ({ pageAs }) => {
    const page = await pageAs('employee')
    await open(page, '/pendingRegistrations')
    await expectOutcome(page, { path: '/', heading: 'Sports and Activities', alert: 'This page requires admin access' })
  })

  test('a customer sees their account', async ({ pageAs }) => {
    const page = await pageAs('customer')
    await open(page, '/account')
    await expectOutcome(page, { path: '/account', heading: 'Account', alert: null })
  })

  test('an admin sees the users page', async ({ pageAs }) => {
    const page = await pageAs('admin')
    await open(page, '/admin/users')
    await expectOutcome(page, { path: '/admin/users', heading: 'Users', alert: null })
  })

  test('an admin sees the dashboard', async ({ pageAs }) => {
    const page = await pageAs('admin')
    await open(page, '/dashboard')
    await expectOutcome(page, { path: '/dashboard', heading: 'Dashboard', alert: null })
  })
})
