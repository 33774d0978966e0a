import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { buildApp } from '../../src/server/app.ts'
import { loadConfig } from '../../src/server/config.ts'
import { connect } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { DEMO_ACADEMIES, DEMO_CAMPS, DEMO_DROP_INS, DEMO_LEAGUES } from '../../src/server/demo-content.ts'
import { insertCamp } from '../../src/server/features/camps/camps.queries.ts'
import { insertDemoDropIn } from '../../src/server/features/drop-ins/drop-ins.queries.ts'
import { insertAcademy } from '../../src/server/features/academies/academies.queries.ts'
import { createDiscountCode } from '../../src/server/features/products/discount-codes.queries.ts'
import { createPlayingArea } from '../../src/server/features/schedule/playing-areas.queries.ts'
import { findTeamLeague, setGameNights } from '../../src/server/features/schedule/game-nights.queries.ts'
import { findAcademyForAdmin } from '../../src/server/features/academies/academies.admin.queries.ts'
import { insertLeague } from '../../src/server/features/leagues/leagues.queries.ts'
import { openCheckout } from '../../src/server/features/checkout/checkout.queries.ts'
import { linesOfOrder, openOrder, orderInserts, recordPayment } from '../../src/server/core/payments/orders.queries.ts'
import { inTransaction } from '../../src/server/db/transaction.ts'
import { createOrUpdateUser } from '../../src/server/features/users/create-user.ts'
import type { DeclaredRoute } from '../../src/server/http/access.ts'
import type { Role } from '../../src/shared/roles.ts'
import type { Access } from '../../src/shared/routes.ts'
import { freshPostgres } from '../bench/fresh-postgres.ts'

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

/** The customer's child, as the Add a child form sends it; the scan's child payloads start from it. */
export const SCAN_CHILD = {
  firstName: 'Sam',
  lastName: 'Rivera',
  // Within the demo Kids Sports league's ages (6 to 9) for years to come.
  dateOfBirth: daysAgo(7 * 365),
  emergencyContactName: 'Alex Rivera',
  emergencyContactPhone: '555-010-9999',
  notes: 'Peanut allergy',
}

/** A signed-in person of the scanned site. */
export interface Person {
  id: string
  email: string
  password: string
  /** The Cookie header of a session made by the real sign-in endpoint. */
  cookie: string
  /** The Set-Cookie headers that sign-in answered, with their attributes. */
  setCookie: string[]
}

/** Objects the scanners aim at, owned by the customer unless named otherwise. */
export interface Fixtures {
  leagueId: string
  /** The Kids Sports league the customer's child is registered in. */
  kidsLeagueId: string
  /** A league only the admin's edit form is aimed at, so its changes touch nothing else. */
  adminLeagueId: string
  /** An academy only the admin's edit form is aimed at. */
  adminAcademyId: string
  /** A camp only the admin's edit form is aimed at. */
  adminCampId: string
  /** A drop-in session only the admin's edit form is aimed at. */
  adminDropInId: string
  /** The product of the admin's league: only the price list's edit form is aimed at it. */
  adminProductId: string
  /** A discount code (SCAN_DISCOUNT_CODE) only the discount code form is aimed at: adding that code again is refused alike. */
  adminDiscountCodeId: string
  /** A playing area (SCAN_AREA) in the game nights of the customer's team league: adding it again and deleting it are refused alike. */
  adminAreaId: string
  /** Its session dates: the attendance sheet marks the first, a session cancelled is the last. */
  adminAcademySessions: string[]
  /** An order of the customer's (a jersey) and a checkout of it, which the scan's site (no Stripe) never changes. */
  orderId: string
  checkoutId: string
  /** A desk payment of another order of the customer's: the refund form aims at a line it never paid, so it is refused every time. */
  paymentId: string
  childId: string
  /** The demo's adults' academy, where the customer has a place. */
  academyId: string
  /** The demo's first camp, where the customer's child has a place. */
  campId: string
  /** The demo's open-play session, where the customer has a place, and that place (checked in at the door). */
  dropInId: string
  dropInRegistrationId: string
  registrationId: string
  /** A registration already cancelled: the cancel, decline and claim routes answer the same every time. */
  endedRegistrationId: string
  /** The customer's team in the demo's team league, its invite code and the captain's own roster place. */
  teamLeagueId: string
  teamId: string
  invite: string
  captainPlaceId: string
}

/** One request as the server logged it: what the scanners' payloads actually reached. */
export interface Served {
  method: string
  url: string
  status: number
}

export interface ScanSite {
  /** Where the scanners connect: plain HTTP on loopback, as a TLS proxy would. */
  url: string
  /** The site's public origin (PUBLIC_URL), which browsers name in the Origin header. */
  origin: string
  database: 'SQLite' | 'PostgreSQL'
  /** Every API route from the server's own list, with its declared access. */
  routes: DeclaredRoute[]
  /** The other GET routes with a fixed address (health checks): wapiti reads them too. */
  plainGets: string[]
  functions: Record<string, Access>
  customer: Person
  admin: Person
  fixtures: Fixtures
  /** Requests the server has completed since it started, in order. */
  served: Served[]
  /** Calls `listener` with each request the server completes from now on. */
  onServed(listener: (request: Served) => void): void
  /** Server log lines at error level or above (a 500 is a finding too). */
  errors: string[]
  /** Resolves once the log has caught up with every request sent so far. */
  settle(): Promise<void>
  close(): Promise<void>
}

interface Endpoint {
  url: string
  origin: string
}

/**
 * The real built server (`node dist/server/main.js`, production mode) on a fresh database with
 * the demo leagues, a customer with a child and registrations, and an admin, both signed in
 * through the sign-in endpoint. It runs as deployed behind a TLS proxy (https PUBLIC_URL, so
 * HSTS and Secure cookies, and TRUST_PROXY), reached over plain HTTP on loopback. The server's
 * log is read back to count what it served.
 */
export async function startScanSite(port: number, databaseUrl?: string): Promise<ScanSite> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build')
  // In memory where possible: thousands of payloads write rows, and an fsync per commit would
  // make the scan measure the disk.
  const dataDir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'scan-'))
  const database = databaseUrl ? await freshPostgres(databaseUrl, 'scan') : undefined
  const site: Endpoint = { url: `http://127.0.0.1:${port}`, origin: `https://127.0.0.1:${port}` }
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: site.origin,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // Also lets sqlmap's xforwardedfor tamper give every payload its own client address, so the
    // auth library's per-address limits answer the handlers' answers rather than a 429.
    TRUST_PROXY: 'true',
    // sqlmap sends the original value (no payload, so no tampered address) between payloads, from
    // this machine's one address: on a fast host more than ten a minute to Create Account.
    SIGN_UPS_PER_MINUTE: '1000',
    // sqlmap asks for hundreds of password links for one customer: past the per-account limit the
    // handler would answer its 429 instead of reading what each payload sent.
    PASSWORD_LINKS_PER_HOUR: '10000',
    PASSWORD_LINKS_PER_DAY: '100000',
    // Every request in the log, reads too (they are logged at debug): the scan counts them there.
    LOG_LEVEL: 'debug',
  }
  const removeData = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  }
  let server: ChildProcess | undefined
  try {
    const { routes, plainGets, functions, ids, adminLeagueId, adminAcademyId, adminAcademySessions, adminCampId, adminDropInId, adminProductId, adminDiscountCodeId, adminAreaId, orderId, checkoutId, paymentId } = await prepareDatabase(env)
    server = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    const log = readServerLog(server, site)
    await waitForHealth(site, server)
    const customer = await signIn(site, ids.customer)
    const admin = await signIn(site, ids.admin)
    const fixtures = { ...(await customerFixtures(site, customer)), adminLeagueId, adminAcademyId, adminAcademySessions, adminCampId, adminDropInId, adminProductId, adminDiscountCodeId, adminAreaId, orderId, checkoutId, paymentId }
    const running = server
    return {
      ...site,
      database: database ? 'PostgreSQL' : 'SQLite',
      routes,
      plainGets,
      functions,
      customer,
      admin,
      fixtures,
      ...log,
      async close() {
        await stop(running)
        await removeData()
      },
    }
  } catch (error) {
    if (server) await stop(server)
    await removeData()
    throw error
  }
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

/** The scan's discount code, made before the scan: the add form sends it again and is refused (409) whatever the payload. */
export const SCAN_DISCOUNT_CODE = 'SCAN10'
const SCAN_DISCOUNT_SETTINGS = {
  code: SCAN_DISCOUNT_CODE,
  description: 'Made by the security scan',
  percentOff: 10,
  amountOffCents: null,
  validFrom: null,
  validUntil: null,
  maxUses: 100,
  maxUsesPerPerson: 1,
  isActive: false,
}

/** The scan's playing area, made before the scan: the add form sends it again and is refused (409) whatever the payload. */
export const SCAN_AREA = { name: 'Scan Court', sports: ['basketball' as const] }

/** The game nights of the customer's team league; the game nights form sends them again. */
export const SCAN_GAME_NIGHTS = { weekdays: [2, 4], firstGameTime: '18:00', lastGameTime: '20:00', gameMinutes: 60, skippedDates: [], gameCount: { kind: 'round-robin' as const, meetings: 1 as const } }

const PEOPLE: Record<'customer' | 'admin', { email: string; role: Role }> = {
  customer: { email: 'customer@scan.test', role: 'customer' },
  admin: { email: 'admin@scan.test', role: 'admin' },
}

type Account = { id: string; email: string; password: string }

async function prepareDatabase(env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' })
  const db = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    await migrateToLatest(db)
    // The server's own list of routes, exactly as the authorization matrix test reads it.
    const { app, auth, routes, functions } = await buildApp({ db, config })
    await app.close()
    for (const league of DEMO_LEAGUES) await insertLeague(db, league)
    for (const academy of DEMO_ACADEMIES) await insertAcademy(db, academy)
    const adminLeagueId = await insertLeague(db, { ...DEMO_LEAGUES[0]!, name: 'Scanner Edited League', isActive: false })
    const adminAcademyId = await insertAcademy(db, { ...DEMO_ACADEMIES[0]!, name: 'Scanner Edited Academy', isActive: false })
    const adminAcademySessions = (await findAcademyForAdmin(db, adminAcademyId))!.sessionDates
    for (const camp of DEMO_CAMPS) await insertCamp(db, camp)
    const adminCampId = await insertCamp(db, { ...DEMO_CAMPS[0]!, name: 'Scanner Edited Camp', isActive: false })
    for (const dropIn of DEMO_DROP_INS) await insertDemoDropIn(db, dropIn)
    const adminDropInId = await insertDemoDropIn(db, { ...DEMO_DROP_INS[0]!, name: 'Scanner Edited Drop-in', isActive: false })
    const { productId: adminProductId } = await db.kysely.selectFrom('offerings').select('productId').where('leagueId', '=', adminLeagueId).where('kind', '=', 'league-place').executeTakeFirstOrThrow()
    const ids = {} as Record<keyof typeof PEOPLE, Account>
    for (const [key, person] of Object.entries(PEOPLE) as [keyof typeof PEOPLE, { email: string; role: Role }][]) {
      const password = randomBytes(12).toString('base64url')
      const user = { email: person.email, password, displayName: `Scan ${key}`, phone: '555-010-1234', role: person.role }
      const { id } = await createOrUpdateUser(db, auth, user)
      ids[key] = { id, email: person.email, password }
    }
    const discountCode = await createDiscountCode(
      db,
      { ...SCAN_DISCOUNT_SETTINGS, productIds: [adminProductId!] },
      { by: ids.admin.id, now: new Date() },
    )
    if (discountCode === 'taken') throw new Error(`The scan's database already has the code ${SCAN_DISCOUNT_CODE}`)
    const now = new Date()
    const audit = { by: { id: ids.admin.id, name: 'Scan admin', address: '127.0.0.1' }, now }
    const area = await createPlayingArea(db, SCAN_AREA, audit)
    const teamLeague = await db.kysely.selectFrom('leagues').select('id').where('name', '=', DEMO_LEAGUES.find((l) => l.kind === 'team')!.name).executeTakeFirstOrThrow()
    await setGameNights(db, await findTeamLeague(db, teamLeague.id), { ...SCAN_GAME_NIGHTS, areaIds: [area.id] }, audit)
    const orderId = await openOrder(db, ids.customer.id, now)
    for (const insert of orderInserts(db, [{ id: orderId, payerUserId: ids.customer.id, lines: [{ registrationId: null, productId: null, description: 'Team jersey', listPriceCents: 2500, amountDueCents: 2500 }], now }])) await insert.execute()
    const [line] = await linesOfOrder(db, orderId)
    const { id: checkoutId } = await openCheckout(db, { provider: 'stripe', orderId, payerUserId: ids.customer.id, lines: [{ orderLineId: line!.id, amountCents: 2500 }], expiresAt: new Date(now.getTime() + 1_800_000), now })
    const paidOrderId = await openOrder(db, ids.customer.id, now)
    for (const insert of orderInserts(db, [{ id: paidOrderId, payerUserId: ids.customer.id, lines: [{ registrationId: null, productId: null, description: 'Water bottle', listPriceCents: 1000, amountDueCents: 1000 }], now }])) await insert.execute()
    const paid = await inTransaction(db, (tx) => recordPayment(tx, { orderId: paidOrderId, amountCents: 1000, provider: 'desk', externalId: null, method: 'cash', reference: null, recordedBy: ids.admin.id, now }))
    if (paid.status !== 'recorded') throw new Error(`The scan's desk payment: ${paid.status}`)
    const plainGets = routes.filter((r) => r.method === 'GET' && !r.url.startsWith('/api/') && !/[:*]/.test(r.url)).map((r) => r.url)
    return {
      routes: routes.filter((r) => r.url.startsWith('/api/')),
      plainGets,
      functions,
      ids,
      adminLeagueId,
      adminAcademyId,
      adminAcademySessions,
      adminCampId,
      adminDropInId,
      adminProductId: adminProductId!,
      adminDiscountCodeId: discountCode.id,
      adminAreaId: area.id,
      orderId,
      checkoutId,
      paymentId: paid.id,
    }
  } finally {
    await db.close()
  }
}

async function signIn(site: Endpoint, account: Account): Promise<Person> {
  const res = await fetch(`${site.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: site.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  if (!res.ok) throw new Error(`Signing in ${account.email} failed: ${res.status} ${await res.text()}`)
  const setCookie = res.headers.getSetCookie()
  return { ...account, cookie: setCookie.map((c) => c.split(';')[0]!).join('; '), setCookie }
}

/** Sends one JSON request as a person and returns the parsed answer, failing on an error status. */
async function call<T>(site: Endpoint, person: Person, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(site.url + url, {
    method,
    headers: { origin: site.origin, cookie: person.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`)
  return JSON.parse(text) as T
}

/** The customer's child, waivers and registrations, made through the site's own endpoints. */
async function customerFixtures(site: Endpoint, customer: Person): Promise<Omit<Fixtures, 'adminLeagueId' | 'adminAcademyId' | 'adminAcademySessions' | 'adminCampId' | 'adminDropInId' | 'adminProductId' | 'adminDiscountCodeId' | 'adminAreaId' | 'orderId' | 'checkoutId' | 'paymentId'>> {
  const { leagues } = await call<{ leagues: { id: string; name: string }[] }>(site, customer, 'GET', '/api/leagues/open')
  const leagueNamed = (name: string) => {
    const league = leagues.find((l) => l.name === name)
    if (!league) throw new Error(`The demo content has no open league named ${name}`)
    return league.id
  }
  const leagueId = leagueNamed(DEMO_LEAGUES[0]!.name)
  const kidsLeagueId = leagueNamed(DEMO_LEAGUES.find((l) => l.sport === 'kids')!.name)
  const { child } = await call<{ child: { id: string } }>(site, customer, 'POST', '/api/children', SCAN_CHILD)
  for (const childId of [undefined, child.id]) {
    await call(site, customer, 'POST', '/api/waiver/signatures', { signedName: 'Scan Customer', agree: 'yes', childId })
  }
  const register = async (id: string, body: object) =>
    (await call<{ registration: { id: string } }>(site, customer, 'POST', `/api/leagues/${id}/registrations`, body)).registration.id
  const registrationId = await register(leagueId, {})
  await register(kidsLeagueId, { childId: child.id })
  const endedRegistrationId = await register(leagueNamed('Pickup Basketball League'), {})
  await call(site, customer, 'POST', `/api/registrations/${endedRegistrationId}/cancel`, {})
  const teamLeagues = await call<{ leagues: { id: string; name: string }[] }>(site, customer, 'GET', '/api/leagues/teams')
  const teamLeagueId = teamLeagues.leagues.find((l) => l.name === DEMO_LEAGUES.find((d) => d.kind === 'team')!.name)!.id
  const { team } = await call<{ team: { id: string; inviteUrl: string; players: { registrationId: string }[] } }>(
    site,
    customer,
    'POST',
    `/api/leagues/${teamLeagueId}/teams`,
    { name: 'Scan Team' },
  )
  const invite = new URL(team.inviteUrl).searchParams.get('invite')!
  const { academies } = await call<{ academies: { id: string; forChildren: boolean }[] }>(site, customer, 'GET', '/api/academies/active')
  const academyId = academies.find((a) => !a.forChildren)!.id
  await call(site, customer, 'POST', `/api/academies/${academyId}/registrations`, { participants: [{ childId: null, photoConsent: false }] })
  const { camps } = await call<{ camps: { id: string; name: string }[] }>(site, customer, 'GET', '/api/camps/active')
  const campId = camps.find((c) => c.name === DEMO_CAMPS[0]!.name)!.id
  await call(site, customer, 'POST', `/api/camps/${campId}/registrations`, { participants: [{ childId: child.id, photoConsent: false }] })
  const { dropIns } = await call<{ dropIns: { id: string; name: string }[] }>(site, customer, 'GET', '/api/drop-ins/active')
  const dropInId = dropIns.find((d) => d.name === DEMO_DROP_INS[0]!.name)!.id
  const dropInPlace = await call<{ registrations: { id: string }[] }>(site, customer, 'POST', `/api/drop-ins/${dropInId}/registrations`, { participants: [{ childId: null, photoConsent: false }] })
  return { leagueId, kidsLeagueId, childId: child.id, academyId, campId, dropInId, dropInRegistrationId: dropInPlace.registrations[0]!.id, registrationId, endedRegistrationId, teamLeagueId, teamId: team.id, invite, captainPlaceId: team.players[0]!.registrationId }
}

async function waitForHealth(site: Endpoint, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 200 && server.exitCode === null; i++) {
    const ok = await fetch(`${site.url}/healthz`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The server did not answer on ${site.url}`)
}

/**
 * The server logs each request once it is answered, with its method, address and status
 * (`RequestLog`, src/server/app.ts; a line with only `req` is paired by reqId with a later one):
 * they become `served`. `settle` sends a marker request and waits for it to come back through the log, so
 * every request answered before it has been counted.
 */
function readServerLog(server: ChildProcess, site: Endpoint): Pick<ScanSite, 'served' | 'onServed' | 'errors' | 'settle'> {
  const served: Served[] = []
  const errors: string[] = []
  const listeners: ((request: Served) => void)[] = []
  const incoming = new Map<string, { method: string; url: string }>()
  const markers = new Map<string, () => void>()
  readline.createInterface({ input: server.stdout! }).on('line', (line) => {
    let entry: { level?: number; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } }
    try {
      entry = JSON.parse(line)
    } catch {
      errors.push(line)
      return
    }
    if ((entry.level ?? 0) >= 50) errors.push(line)
    if (!entry.reqId) return
    if (entry.req) incoming.set(entry.reqId, entry.req)
    const req = incoming.get(entry.reqId)
    if (!entry.res || !req) return
    incoming.delete(entry.reqId)
    const request = { method: req.method, url: req.url, status: entry.res.statusCode }
    served.push(request)
    for (const listener of listeners) listener(request)
    const marker = /[?&]settle=(\w+)/.exec(req.url)?.[1]
    if (marker) markers.get(marker)?.()
  })
  return {
    served,
    errors,
    onServed: (listener) => listeners.push(listener),
    settle() {
      const marker = randomBytes(6).toString('hex')
      const logged = new Promise<void>((resolve) => markers.set(marker, resolve))
      void fetch(`${site.url}/api/session?settle=${marker}`)
      return logged
    },
  }
}
