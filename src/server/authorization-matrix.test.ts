import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import { addChild, CHILD_FORM, createLeague, createRegistrant, createUser, daysFromToday, signWaiver, type TestUser } from '../../tests/factories.ts'
import { insertAcademy } from './features/academies/academies.queries.ts'
import { insertCamp } from './features/camps/camps.queries.ts'
import { insertDropIn } from './features/drop-ins/drop-ins.queries.ts'
import { openCheckout } from './features/checkout/checkout.queries.ts'
import { orderInserts } from './core/payments/orders.queries.ts'
import { writeTogether } from './db/transaction.ts'
import { startTestApp, type TestClient, type TestResponse } from '../../tests/test-app.ts'
import { ROUTES, type Access } from '../shared/routes.ts'
import type { RegisterResult } from '../shared/contracts/registrations.ts'
import type { TeamView } from '../shared/contracts/teams.ts'
import type { ApiAccess } from '../shared/contracts/contract.ts'

/**
 * The authorization matrix of the security issue: every API route the server lists (and every
 * callable function) × every kind of caller gets the status its declared access promises. The
 * list comes from the running server, so a new route is covered, or fails startup without an
 * access declaration, without anyone editing this file.
 */

type Caller = 'visitor' | 'customer' | 'otherCustomer' | 'employee' | 'admin'
const CALLERS: readonly Caller[] = ['visitor', 'otherCustomer', 'employee', 'admin', 'customer'] // the owner last: its call may change the object

/** allowed: the guard let the call through (any status but 401/403; 400 and 404 are fine). */
type Outcome = 'allowed' | 'unauthenticated' | 'forbidden' | 'hidden'
type Rule = ApiAccess | Access | 'owner-or-staff'

/** THE table: what each kind of caller gets under each access rule. `customer` owns the objects of owner routes. */
const EXPECTED: Record<Rule, Record<Caller, Outcome>> = {
  open: { visitor: 'allowed', customer: 'allowed', otherCustomer: 'allowed', employee: 'allowed', admin: 'allowed' },
  login: { visitor: 'unauthenticated', customer: 'allowed', otherCustomer: 'allowed', employee: 'allowed', admin: 'allowed' },
  staff: { visitor: 'unauthenticated', customer: 'forbidden', otherCustomer: 'forbidden', employee: 'allowed', admin: 'allowed' },
  admin: { visitor: 'unauthenticated', customer: 'forbidden', otherCustomer: 'forbidden', employee: 'forbidden', admin: 'allowed' },
  // Someone else's object answers like one that does not exist, so ids cannot be probed.
  owner: { visitor: 'unauthenticated', customer: 'allowed', otherCustomer: 'hidden', employee: 'hidden', admin: 'hidden' },
  'owner-or-staff': { visitor: 'unauthenticated', customer: 'allowed', otherCustomer: 'hidden', employee: 'allowed', admin: 'allowed' },
}

const SHELL = '<!doctype html><html><head><!--site-config--></head><body><div id="root"></div></body></html>'
const ctx = await startTestApp({ html: { template: async () => SHELL } })
afterAll(() => ctx.close())

type Callers = Record<Caller, TestUser | undefined>
async function createCallers(): Promise<Callers> {
  const [customer, otherCustomer, employee, admin] = await Promise.all([
    createRegistrant(ctx),
    createRegistrant(ctx),
    createUser(ctx, 'employee'),
    createUser(ctx, 'admin'),
  ])
  return { visitor: undefined, customer, otherCustomer, employee, admin }
}
const callers = await createCallers()
const owner = callers.customer!

async function registerOwner(leagueId: string): Promise<string> {
  return (await ownersPlace(leagueId)).id
}

async function ownersPlace(leagueId: string): Promise<RegisterResult['registration']> {
  const res = await owner.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(res.status, res.text).toBe(201)
  return res.body.registration
}

/** The order of a new place of the owner's. */
async function ownersOrder(): Promise<string> {
  return (await ownersPlace(await createLeague(ctx))).orderId!
}

/** A team the owner captains, in a league of its own, with a second player on the roster. */
async function ownersTeam(): Promise<{ leagueId: string; teamId: string; captainPlace: string; playerPlace: string }> {
  const leagueId = await createLeague(ctx, { sport: 'basketball', kind: 'team', teamPayment: 'team-fee', teamFeeCents: 20000 })
  const created = await owner.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams`, { name: 'Matrix' })
  expect(created.status, created.text).toBe(201)
  const team = created.body.team
  const player = await createRegistrant(ctx)
  const invite = new URL(team.inviteUrl!).searchParams.get('invite')
  const joined = await player.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams/${team.id}/players`, { invite })
  expect(joined.status, joined.text).toBe(201)
  const places = joined.body.team.players
  return { leagueId, teamId: team.id, captainPlace: places.find((p) => p.isCaptain)!.registrationId, playerPlace: places.find((p) => !p.isCaptain)!.registrationId }
}

/** An adults' academy the owner holds a place in. */
async function ownersAcademy(): Promise<string> {
  const academyId = await insertAcademy(ctx.db, {
    name: `Adult class ${randomUUID().slice(0, 6)}`,
    sport: 'soccer',
    isActive: true,
    forChildren: false,
    weekdays: [3],
    startTime: '19:00',
    endTime: '20:00',
    registrationDate: daysFromToday(-1),
    startDate: daysFromToday(20),
    endDate: daysFromToday(60),
    capacity: null,
    priceCents: 9500,
  })
  const res = await owner.client.post(`/api/academies/${academyId}/registrations`, { participants: [{ childId: null, photoConsent: false }] })
  expect(res.status, res.text).toBe(201)
  return academyId
}

const teamFixture = (body?: (team: Awaited<ReturnType<typeof ownersTeam>>) => unknown, extra?: (team: Awaited<ReturnType<typeof ownersTeam>>) => Record<string, string>) => async () => {
  const team = await ownersTeam()
  return { params: { leagueId: team.leagueId, teamId: team.teamId, ...extra?.(team) }, body: body?.(team) }
}

interface Fixture {
  params: Record<string, string>
  body?: unknown
}

/** Owner routes: whether staff may read them too, and an object of the owner's to aim at. */
const OWNED: Record<string, { staffReadable: boolean; fixture(): Promise<Fixture> }> = {
  'GET /api/orders/:orderId': { staffReadable: true, fixture: async () => ({ params: { orderId: await ownersOrder() } }) },
  'POST /api/orders/:orderId/checkout': { staffReadable: false, fixture: async () => ({ params: { orderId: await ownersOrder() } }) },
  'POST /api/orders/:orderId/discount-code': { staffReadable: false, fixture: async () => ({ params: { orderId: await ownersOrder() }, body: { code: 'NO-SUCH-CODE' } }) },
  'POST /api/orders/:orderId/discount-code/remove': { staffReadable: false, fixture: async () => ({ params: { orderId: await ownersOrder() } }) },
  'POST /api/orders/:orderId/extras': { staffReadable: false, fixture: async () => ({ params: { orderId: await ownersOrder() }, body: { productId: randomUUID(), size: 'M' } }) },
  'POST /api/orders/:orderId/extras/:lineId/remove': {
    staffReadable: false,
    fixture: async () => {
      const orderId = await ownersOrder()
      const extra = { registrationId: null, productId: null, description: 'Team jersey, size M', listPriceCents: 2500, amountDueCents: 2500 }
      await writeTogether(ctx.db, orderInserts(ctx.db, [{ id: orderId, payerUserId: owner.id, lines: [extra], now: new Date() }]))
      const line = await ctx.db.kysely.selectFrom('orderLines').select('id').where('orderId', '=', orderId).where('registrationId', 'is', null).executeTakeFirstOrThrow()
      return { params: { orderId, lineId: line.id } }
    },
  },
  'GET /api/checkouts/:checkoutId': {
    staffReadable: true,
    fixture: async () => {
      const orderId = await ownersOrder()
      const line = await ctx.db.kysely.selectFrom('orderLines').select(['id', 'amountDueCents']).where('orderId', '=', orderId).executeTakeFirstOrThrow()
      const now = new Date()
      const { id: checkoutId } = await openCheckout(ctx.db, { provider: 'stripe', orderId, payerUserId: owner.id, lines: [{ orderLineId: line.id, amountCents: line.amountDueCents }], expiresAt: new Date(now.getTime() + 1_800_000), now })
      return { params: { checkoutId } }
    },
  },
  'POST /api/registrations/:registrationId/cancel': {
    staffReadable: false,
    fixture: async () => ({ params: { registrationId: await registerOwner(await createLeague(ctx)) } }),
  },
  'POST /api/registrations/:registrationId/claim': {
    staffReadable: false,
    // A place on offer: the owner is waitlisted behind a holder who then cancels.
    fixture: async () => {
      const leagueId = await createLeague(ctx, { capacity: 1 })
      const holder = await createRegistrant(ctx)
      const held = await holder.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
      const registrationId = await registerOwner(leagueId)
      expect((await holder.client.post(`/api/registrations/${held.body.registration.id}/cancel`, {})).status).toBe(200)
      return { params: { registrationId } }
    },
  },
  'GET /api/registrations/:registrationId/receipt': {
    staffReadable: true,
    fixture: async () => ({ params: { registrationId: await registerOwner(await createLeague(ctx)) } }),
  },
  'GET /api/receipts/user/:userId/league/:leagueId/registration/:registrationId': {
    staffReadable: true,
    fixture: async () => {
      const leagueId = await createLeague(ctx)
      return { params: { userId: owner.id, leagueId, registrationId: await registerOwner(leagueId) } }
    },
  },
  'GET /api/receipts/user/:userId/league/:leagueId': {
    staffReadable: true,
    fixture: async () => {
      const leagueId = await createLeague(ctx)
      await registerOwner(leagueId)
      return { params: { userId: owner.id, leagueId } }
    },
  },
  'GET /api/receipts/user/:userId/academy/:academyId': { staffReadable: true, fixture: async () => ({ params: { userId: owner.id, academyId: await ownersAcademy() } }) },
  'GET /api/receipts/user/:userId/camp/:campId': {
    staffReadable: true,
    fixture: async () => {
      const campId = await insertCamp(ctx.db, {
        name: `Skills Day ${randomUUID().slice(0, 6)}`,
        sport: 'basketball',
        isActive: true,
        minAge: 5,
        maxAge: 12,
        startTime: '09:00',
        endTime: '15:00',
        registrationDate: daysFromToday(-1),
        startDate: daysFromToday(20),
        endDate: daysFromToday(20),
        capacity: null,
        priceCents: 4500,
      })
      const childId = await addChild(owner, { dateOfBirth: `${Number(daysFromToday(0).slice(0, 4)) - 8}-01-15` })
      await signWaiver(owner, childId)
      const res = await owner.client.post(`/api/camps/${campId}/registrations`, { participants: [{ childId, photoConsent: false }] })
      expect(res.status, res.text).toBe(201)
      return { params: { userId: owner.id, campId } }
    },
  },
  'GET /api/receipts/user/:userId/drop-in/:dropInId': {
    staffReadable: true,
    fixture: async () => {
      const dropInId = await insertDropIn(ctx.db, {
        name: `Open Gym ${randomUUID().slice(0, 6)}`,
        sport: 'basketball',
        isActive: true,
        forChildren: false,
        date: daysFromToday(20),
        startTime: '10:00',
        endTime: '12:00',
        registrationDate: daysFromToday(-1),
        capacity: 20,
        priceCents: 1000,
      })
      const res = await owner.client.post(`/api/drop-ins/${dropInId}/registrations`, { participants: [{ childId: null, photoConsent: false }] })
      expect(res.status, res.text).toBe(201)
      return { params: { userId: owner.id, dropInId } }
    },
  },
  'GET /api/academies/:academyId/calendar': { staffReadable: true, fixture: async () => ({ params: { academyId: await ownersAcademy() } }) },
  'GET /api/leagues/:leagueId/teams/:teamId': { staffReadable: true, fixture: teamFixture() },
  'GET /api/leagues/:leagueId/teams/:teamId/calendar': { staffReadable: true, fixture: teamFixture() },
  'GET /api/leagues/:leagueId/teams/:teamId/blackouts': { staffReadable: true, fixture: teamFixture() },
  'POST /api/leagues/:leagueId/teams/:teamId/blackouts': { staffReadable: true, fixture: teamFixture(() => ({ dates: [] })) },
  'POST /api/leagues/:leagueId/teams/:teamId/calendar/renew': { staffReadable: true, fixture: teamFixture() },
  'POST /api/leagues/:leagueId/teams/:teamId/invite': { staffReadable: true, fixture: teamFixture() },
  'POST /api/leagues/:leagueId/teams/:teamId/invite/emails': { staffReadable: true, fixture: teamFixture(() => ({ emails: 'friend@example.com' })) },
  // Staff take the player off first; everyone after is told the player has left (409, not a refusal).
  'POST /api/leagues/:leagueId/teams/:teamId/players/:registrationId/remove': {
    staffReadable: true,
    fixture: teamFixture(undefined, (team) => ({ registrationId: team.playerPlace })),
  },
  // The captaincy handed to the captain: a change that leaves the owner in charge for the next caller.
  'POST /api/leagues/:leagueId/teams/:teamId/captain': { staffReadable: true, fixture: teamFixture((team) => ({ registrationId: team.captainPlace })) },
  'GET /api/receipts/user/:userId/league/:leagueId/team/:teamId': { staffReadable: true, fixture: teamFixture(undefined, () => ({ userId: owner.id })) },
  // The team's own name again: every caller the guard lets through renames it to what it is.
  'POST /api/leagues/:leagueId/teams/:teamId/name': { staffReadable: true, fixture: teamFixture(() => ({ name: 'Matrix' })) },
  'GET /api/leagues/:leagueId/teams/:teamId/players/:playerId': { staffReadable: true, fixture: teamFixture(undefined, (team) => ({ playerId: team.captainPlace })) },
  // A child with a registration: every caller the guard lets through is refused the removal (409).
  'POST /api/children/:childId/remove': {
    staffReadable: false,
    fixture: async () => {
      const childId = await addChild(owner)
      await signWaiver(owner, childId)
      const res = await owner.client.post(`/api/leagues/${await createLeague(ctx, { sport: 'kids' })}/registrations`, { childId })
      expect(res.status, res.text).toBe(201)
      return { params: { childId } }
    },
  },
  'POST /api/children/:childId': {
    staffReadable: false,
    // A valid form, so the answer is about whose child it is and not about the fields.
    fixture: async () => ({
      params: { childId: await addChild(owner) },
      body: CHILD_FORM,
    }),
  },
}

interface Case {
  name: string
  method: string
  url: string
  rule: Rule
  fixture(): Promise<Fixture>
}

const FUNCTIONS_URL = '/api/functions/:name'
const apiRoutes = ctx.routes.filter((r) => r.url.startsWith('/api/'))
const randomParams = (url: string): Fixture => ({
  params: Object.fromEntries([...url.matchAll(/:(\w+)/g)].map((m) => [m[1]!, randomUUID()])),
})

const cases: Case[] = apiRoutes.flatMap((route): Case[] => {
  const key = `${route.method} ${route.url}`
  if (route.url === FUNCTIONS_URL) {
    // Each function has its own access; at the HTTP level the route only needs a session.
    return Object.entries(ctx.functions).map(([name, fnAccess]) => ({
      name: `${key} (${name}: ${fnAccess})`,
      method: route.method,
      url: route.url,
      rule: fnAccess,
      fixture: async () => ({ params: { name }, body: { data: {} } }),
    }))
  }
  if (route.access === 'owner') {
    const owned = OWNED[key]
    if (!owned) throw new Error(`${key} is an owner route: add its fixture to OWNED in authorization-matrix.test.ts`)
    return [{ name: `${key} (owner)`, method: route.method, url: route.url, rule: owned.staffReadable ? 'owner-or-staff' : 'owner', fixture: owned.fixture }]
  }
  return [{ name: `${key} (${route.access})`, method: route.method, url: route.url, rule: route.access, fixture: async () => randomParams(route.url) }]
})

/**
 * The public answers, the same for everyone, which browsers may keep and revalidate. Every other
 * API answer may carry personal data and is never stored (issue 9, item 9); the API's description
 * lists what its reader may call, so it is one of those (issue 21).
 */
const PUBLIC_ANSWERS = new Set(['GET /api/leagues/active', 'GET /api/leagues/open', 'GET /api/leagues/teams', 'GET /api/academies/active', 'GET /api/camps/active', 'GET /api/drop-ins/active'])

function check(outcome: Outcome, res: TestResponse, what: string): void {
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(500)
  if (outcome === 'allowed') expect([401, 403], `${what}: ${res.text}`).not.toContain(res.status)
  if (outcome === 'unauthenticated') expect(res.status, what).toBe(401)
  if (outcome === 'forbidden') expect(res.status, what).toBe(403)
  if (outcome === 'hidden') {
    expect(res.status, what).toBe(404)
    expect(res.text, what).not.toContain(owner.email)
  }
}

describe('every API route × every kind of caller', () => {
  test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { params, body } = await c.fixture()
    const url = c.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name]!))
    // Signing out ends the caller's session, so that route gets callers of its own.
    const who = c.url === '/api/auth/sign-out' ? await createCallers() : callers
    const answers = new Set<string>()
    for (const caller of CALLERS) {
      const client: TestClient = who[caller]?.client ?? ctx.client()
      const res = await client.request(c.method, url, c.method === 'GET' ? undefined : (body ?? {}))
      const outcome = EXPECTED[c.rule][caller]
      const what = `${c.method} ${url} as ${caller} (${c.rule}: ${outcome})`
      check(outcome, res, what)
      const isPublic = PUBLIC_ANSWERS.has(`${c.method} ${c.url}`)
      expect(res.headers.get('cache-control'), what).toBe(isPublic ? 'no-cache' : 'no-store')
      if (isPublic) answers.add(res.text)
      if (c.rule === 'owner' || c.rule === 'owner-or-staff') {
        if (caller === 'customer') expect(res.status, res.text).not.toBe(404)
      }
    }
    // A public answer is the same whoever asks: nothing personal can be in what browsers keep.
    expect(answers.size).toBeLessThanOrEqual(1)
  })

  test('the matrix covers every API route the server lists, each once', () => {
    const covered = new Set(cases.map((c) => `${c.method} ${c.url}`))
    expect([...covered].sort()).toEqual(apiRoutes.map((r) => `${r.method} ${r.url}`).sort())
    expect(apiRoutes.length).toBeGreaterThanOrEqual(35)
    expect(cases.length).toBe(apiRoutes.length - 1 + Object.keys(ctx.functions).length)
  })

  test('every non-API route (the page shell, static files) is open', () => {
    const others = ctx.routes.filter((r) => !r.url.startsWith('/api/'))
    expect(others.map((r) => r.url)).toContain('/*')
    for (const route of others) expect(route.access, `${route.method} ${route.url}`).toBe('open')
  })
})

describe('every page of the shared route table', () => {
  // Pages are the app shell for everyone; what a page shows is guarded by the API routes above.
  const samplePath = (path: string) => path.replace(/:(\w+)\?/g, 'x').replace(/:(\w+)/g, 'sample-$1')
  test.each(ROUTES.map((r) => [samplePath(r.path), r.access]))('%s (%s) answers the shell with 200 to a visitor', async (path) => {
    const res = await ctx.client().get(path)
    expect(res.status).toBe(200)
    expect(res.text).toContain('<div id="root">')
  })
})
