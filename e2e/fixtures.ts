import { randomBytes } from 'node:crypto'
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { createAuth, type Auth } from '../src/server/auth/auth.ts'
import { resolveAuthSecret } from '../src/server/auth/secret.ts'
import { loadConfig } from '../src/server/config.ts'
import { connect, type Db } from '../src/server/db/connect.ts'
import { insertAcademy, type NewAcademy } from '../src/server/features/academies/academies.queries.ts'
import { insertLeague, type NewLeague } from '../src/server/features/leagues/leagues.queries.ts'
import { createOrUpdateUser } from '../src/server/features/users/create-user.ts'
import type { Role } from '../src/shared/roles.ts'
import type { RouteDefinition } from '../src/shared/routes.ts'
import type { ActiveLeague } from '../src/shared/sports.ts'
import { facilityToday } from '../src/shared/format.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { linkInNewestEmail } from '../tests/emails.ts'

/*
 * End-to-end fixtures. Tests reach the running server's database directly (the same SQLite
 * file; transactions begin IMMEDIATE, so the two processes wait for each other's writes) to
 * create users and leagues, and sign in through the API rather than the form: only
 * e2e/account-lifecycle.spec.ts uses the forms.
 */

function fromConfig(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the suite through playwright.config.ts`)
  return value
}

/** Where the server listens; set by playwright.config.ts. */
export const BASE_URL = fromConfig('E2E_BASE_URL')
/** The same site and database, served with confirmation of new accounts by email. */
export const EMAIL_CONFIRMATION_URL = fromConfig('E2E_EMAIL_CONFIRMATION_URL')
/** The server that takes payment online, from the fake Stripe at FAKE_STRIPE_URL. */
export const STRIPE_SITE_URL = fromConfig('E2E_STRIPE_SITE_URL')
export const FAKE_STRIPE_URL = fromConfig('E2E_FAKE_STRIPE_URL')
const DATA_DIR = fromConfig('E2E_DATA_DIR')

/** Sample ids for the `:params` of the route table; any value matches a pattern. */
function sampleId(param: string): string {
  return `sample-${param.toLowerCase()}-7`
}

/** A route's concrete paths: an optional parameter is tried both given and left out. */
export function samplePaths(route: RouteDefinition): string[] {
  const fill = (withOptional: boolean) =>
    route.path
      .replace(/\/:(\w+)\?/g, (_all, name: string) => (withOptional ? `/${sampleId(name)}` : ''))
      .replace(/:(\w+)/g, (_all, name: string) => sampleId(name))
  return route.path.includes('?') ? [fill(true), fill(false)] : [fill(true)]
}

/**
 * What a route's sample path shows: its title, or Page Not Found where the page needs its object
 * to exist (no sample id does), or Link Not Found for an unsubscribe link the site never made.
 */
export function sampleHeading(route: RouteDefinition): string {
  if (route.id === 'league') return 'Page Not Found'
  return route.id === 'unsubscribe' ? 'Link Not Found' : route.title
}

export type Person = 'visitor' | Role

export interface TestUser {
  id: string
  email: string
  password: string
  displayName: string
  phone: string
  role: Role
}

export interface UserOptions {
  role?: Role
  /** Goes into the email and display name, so a search can find a batch of users. */
  label?: string
  displayName?: string
  phone?: string
}

export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>

export interface SignedIn {
  user: TestUser
  storageState: StorageState
}

export interface Sessions {
  /**
   * One signed-in user per role and worker, made on first use. Shared by the worker's tests,
   * so a test that signs out or changes a role must make its own user instead.
   */
  get(role: Role): Promise<SignedIn>
}

export type LeagueInput = Pick<NewLeague, 'name' | 'sport' | 'kind'> & Partial<NewLeague>

interface Backend {
  db: Db
  auth: Auth
}

interface WorkerFixtures {
  backend: Backend
  sessions: Sessions
  /**
   * A page per person kept for the whole worker, for specs that open many pages in a row
   * (route-access): one sign-in per role instead of one per test.
   */
  pageAs: (person: Person) => Promise<Page>
}

interface TestFixtures {
  createUser: (options?: UserOptions) => Promise<TestUser>
  /** The link to this site in the newest email to an address, as a path with its query. */
  /** The first link in the newest email to `to`; with `path`, waits for one linking there. */
  emailLink: (to: string, path?: string) => Promise<string>
  insertLeague: (league: LeagueInput) => Promise<string>
  insertAcademy: (academy: NewAcademy) => Promise<string>
  /** The site a visitor's page opens: BASE_URL, or EMAIL_CONFIRMATION_URL for that mode's specs. */
  siteUrl: string
  asVisitor: Page
  asCustomer: Page
  asEmployee: Page
  asAdmin: Page
}

/** The servers' time zone (their default): the facility's days begin at its midnight. */
const FACILITY_TIME_ZONE = loadConfig({}).site.timeZone

/** An ISO calendar date `days` from today where the facility is, so a league is open whenever the suite runs. */
export function daysFromToday(days: number): string {
  return addDays(facilityToday(new Date(), FACILITY_TIME_ZONE), days)
}

/** The first ISO weekday `isoWeekday` (1 Monday … 7 Sunday) at least `days` from today where the facility is. */
export function weekdayFromToday(days: number, isoWeekday: number): string {
  const first = daysFromToday(days)
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay() || 7
  return addDays(first, (isoWeekday - weekday + 7) % 7)
}

/**
 * Opens `path` and waits until the app has taken the page over: it asks the server who is signed
 * in as soon as it has mounted. A page arrives rendered by the server and is readable before
 * that, but a link pressed earlier loads a whole new page instead of moving inside the app.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const confirmed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session')
  // Never asked for on a page rendered for a signed-in person: its end with the page is no error.
  confirmed.catch(() => undefined)
  await page.goto(path)
  // A page rendered for a signed-in person names them inside it: the app asks the server nothing.
  if ((await page.locator('#session-user').count()) > 0) await takenOver(page)
  else await confirmed
}

/**
 * A page rendered for a signed-in person is inert until the app has taken its screen over. It is
 * a page load, not a reaction to a press: on CI's two busy cores it is given a load's time.
 */
export async function takenOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 15_000 })
}

/** A short random token that makes names unique across tests and runs. */
export function uniqueToken(): string {
  return randomBytes(5).toString('hex')
}

/**
 * Makes the home page show exactly `leagues`, whatever the shared database holds: the page
 * arrives with them in place of the server's (its server-rendered cards left out, so the
 * browser renders them), and /api/leagues/active answers them when the page is entered again.
 */
export async function showLeagues(page: Page, leagues: readonly ActiveLeague[]): Promise<void> {
  const json = JSON.stringify({ leagues }).replace(/</g, '\\u003c')
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      const inlined = /(<script type="application\/json" id="active-leagues">)[^<]*(<\/script>)/
      if (!inlined.test(html)) throw new Error('The home page carries no active leagues')
      const body = html
        .replace(inlined, (_all, open: string, close: string) => open + json + close)
        .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1')
      await route.fulfill({ response, body })
    },
  )
  await page.route('**/api/leagues/active', (route) => route.fulfill({ json: { leagues } }))
}

async function makeUser(backend: Backend, options: UserOptions = {}): Promise<TestUser> {
  const role = options.role ?? 'customer'
  const token = uniqueToken()
  const label = options.label ?? role
  const user = {
    email: `${label}-${token}@e2e.test`,
    password: `pw-${token}-secret`,
    displayName: options.displayName ?? `${label} ${token}`,
    phone: options.phone ?? '(555) 010-0100',
    role,
  }
  const { id } = await createOrUpdateUser(backend.db, backend.auth, user)
  return { id, ...user }
}

/** Signs in through the API, as the form would; `request` keeps the session cookie it answers with. */
export async function signIn(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const res = await request.post(`${BASE_URL}/api/auth/sign-in/email`, {
    headers: { origin: BASE_URL },
    data: { email: user.email, password: user.password },
  })
  if (!res.ok()) throw new Error(`Signing in ${user.email} failed: ${res.status()} ${await res.text()}`)
}

async function contextFor(browser: Browser, storageState: StorageState | undefined, baseURL = BASE_URL): Promise<BrowserContext> {
  // Only the cookie: the app must confirm the session with the server on its own.
  return browser.newContext({ baseURL, ...(storageState ? { storageState } : {}) })
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  backend: [
    async ({}, use) => {
      const config = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR,
        PUBLIC_URL: BASE_URL,
        AUTH_SECRET: fromConfig('E2E_AUTH_SECRET'),
        LOG_LEVEL: 'silent',
      })
      // The server has migrated this database before Playwright saw it answer.
      const db = await connect({ dataDir: config.dataDir })
      const auth = createAuth({ db, config, secret: await resolveAuthSecret(db, config.authSecret) })
      await use({ db, auth })
      await db.close()
    },
    { scope: 'worker' },
  ],

  sessions: [
    async ({ backend, playwright }, use) => {
      // A session per role and worker: one sign-in (argon2) each, however many tests use it.
      const cache = new Map<Role, Promise<SignedIn>>()
      const create = async (role: Role): Promise<SignedIn> => {
        const user = await makeUser(backend, { role })
        const api = await playwright.request.newContext()
        try {
          await signIn(api, user)
          return { user, storageState: await api.storageState() }
        } finally {
          await api.dispose()
        }
      }
      await use({
        get(role) {
          let session = cache.get(role)
          if (!session) {
            session = create(role)
            cache.set(role, session)
          }
          return session
        },
      })
    },
    { scope: 'worker' },
  ],

  pageAs: [
    async ({ browser, sessions }, use) => {
      const pages = new Map<Person, Promise<Page>>()
      const open = async (person: Person): Promise<Page> => {
        const state = person === 'visitor' ? undefined : (await sessions.get(person)).storageState
        const context = await contextFor(browser, state)
        return context.newPage()
      }
      await use((person) => {
        let page = pages.get(person)
        if (!page) {
          page = open(person)
          pages.set(person, page)
        }
        return page
      })
      for (const page of pages.values()) await (await page).context().close()
    },
    { scope: 'worker' },
  ],

  createUser: async ({ backend }, use) => {
    await use((options) => makeUser(backend, options))
  },

  emailLink: async ({ backend }, use) => {
    await use((to, path) => linkInNewestEmail(backend.db, to, path))
  },

  insertAcademy: async ({ backend }, use) => {
    await use((academy) => insertAcademy(backend.db, academy))
  },

  insertLeague: async ({ backend }, use) => {
    await use((league) =>
      insertLeague(backend.db, {
        isActive: true,
        registrationDate: daysFromToday(30),
        startDate: daysFromToday(60),
        endDate: daysFromToday(150),
        ...league,
      }),
    )
  },

  siteUrl: [BASE_URL, { option: true }],

  asVisitor: async ({ browser, siteUrl }, use) => {
    const context = await contextFor(browser, undefined, siteUrl)
    await use(await context.newPage())
    await context.close()
  },
  asCustomer: async ({ browser, sessions }, use) => {
    const context = await contextFor(browser, (await sessions.get('customer')).storageState)
    await use(await context.newPage())
    await context.close()
  },
  asEmployee: async ({ browser, sessions }, use) => {
    const context = await contextFor(browser, (await sessions.get('employee')).storageState)
    await use(await context.newPage())
    await context.close()
  },
  asAdmin: async ({ browser, sessions }, use) => {
    const context = await contextFor(browser, (await sessions.get('admin')).storageState)
    await use(await context.newPage())
    await context.close()
  },
})

export { expect } from '@playwright/test'
