// npm run bench:rush -- --registrations 8000 --capacity 500 [--database-url URL] [--instances 2] [--connections 128] [--cpu-prof-dir DIR]
// npm run bench:rush -- --teams --registrations 400 --capacity 20 [...]
// npm run bench:rush -- --academy --registrations 2000 --capacity 200 [...]
// npm run bench:rush -- --camp --registrations 2000 --capacity 200 [...]
// npm run bench:rush -- --drop-in --registrations 2000 --capacity 200 [...]
// npm run bench:rush -- --checkout --registrations 300 --capacity 20 [...]
// Starts the real built server on a fresh database, fires N signed-in registrations for one
// league at once over HTTP, then reads the database. The last line printed is the JSON result.
// With --teams: N captains create teams at once for C team places (C placed, N - C waitlisted),
// then N other people join one of those teams at once, its roster maximum C (exactly C on it).
// With --academy: N people sign up for one academy of C places at once, through the sign-up
// that takes several participants (C placed, N - C waitlisted).
// With --camp: N families sign a child each up for one camp of C places at once (C placed, the
// first C to ask; N - C waitlisted in the order they asked; nobody owes or paid for a waitlist place).
// With --drop-in: N people sign themselves up for one drop-in session of C spots at once (the same
// checks as --camp: the first C to ask placed, the rest waitlisted in order, no waitlist place owed).
// With --checkout: N people sign up at once for a league of C places paid at sign-up, pay or
// abandon on the fake Stripe of tests/fake-stripe.ts, and the places abandoned go on to the
// waitlist (rush-checkout.ts says what is checked).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { connect, type Db } from '../../src/server/db/connect.ts'
import type { DbStats } from '../../src/server/db/stats.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { prepareRush } from './rush-setup.ts'
import { post, waitForHealth } from './rush-http.ts'
import { leaguePlaces } from '../../src/server/features/registrations/league-places.ts'
import { amountDueOf, amountPaidOf } from '../../src/server/core/payments/orders.queries.ts'
import { chargeableCents } from '../../src/shared/money.ts'
import { createInvites } from '../../src/server/features/teams/invites.ts'
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../../tests/fake-stripe.ts'
import { checkoutRush } from './rush-checkout.ts'
import { requireFreePort } from './wait-for.ts'

const { values: args } = parseArgs({
  options: {
    registrations: { type: 'string', default: '8000' },
    capacity: { type: 'string', default: '500' },
    'database-url': { type: 'string' },
    instances: { type: 'string', default: '1' },
    connections: { type: 'string', default: '128' },
    // Writes a V8 CPU profile of each server to this folder, to see where the time goes.
    'cpu-prof-dir': { type: 'string' },
    teams: { type: 'boolean', default: false },
    academy: { type: 'boolean', default: false },
    camp: { type: 'boolean', default: false },
    'drop-in': { type: 'boolean', default: false },
    checkout: { type: 'boolean', default: false },
  },
})
const N = Number(args.registrations)
const C = Number(args.capacity)
const instances = Number(args.instances)
const connections = Number(args.connections)
if (!(N > 0 && C > 0 && instances > 0 && connections > 0)) throw new Error('--registrations, --capacity, --instances and --connections must be positive numbers')
if (instances > 1 && !args['database-url']) throw new Error('Several instances need a shared PostgreSQL: pass --database-url')
if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build')

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

const secret = randomBytes(32).toString('hex')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-'))
let databaseUrl: string | undefined
let dropDatabase = async () => {}

if (args['database-url']) {
  // A fresh database on the given server, dropped at the end.
  const name = `rush_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: args['database-url'] })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(args['database-url'])
  url.pathname = `/${name}`
  databaseUrl = url.toString()
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: args['database-url'] })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  }
}

const db: Db = await connect({ dataDir, databaseUrl })
let servers: ChildProcess[] = []
let fake: FakeStripe | undefined
try {
  await migrateToLatest(db)
  const people = args.teams ? 2 * N : N
  console.error(`Preparing ${people} signed-in customers and a league of ${C} ${args.teams ? 'team places' : 'places'} on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}...`)
  const { leagueId, academyId, campId, dropInId, cookies, childIds } = await prepareRush(db, { registrations: people, capacity: C, secret, teams: args.teams, children: args.camp, dropIn: args['drop-in'] })

  const ports = Array.from({ length: instances }, (_, i) => 4700 + i)
  for (const port of ports) await requireFreePort(port)
  const publicUrl = `http://127.0.0.1:${ports[0]}`
  // Stripe's events go to one instance's webhook, as to the one address a facility gives Stripe.
  if (args.checkout) fake = await startFakeStripe({ webhookUrl: `${publicUrl}/api/stripe/webhook` })
  servers = ports.map((port) =>
    spawn(process.execPath, [...(args['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof-dir']}`] : []), 'dist/server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: secret,
        LOG_LEVEL: 'warn',
        DB_STATS: '1',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(fake ? { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: fake.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  )
  for (const server of servers) server.stdout!.pipe(process.stderr)
  await Promise.all(ports.map(waitForHealth))

  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.ceil(connections / instances) })
  const correct = args.teams
    ? await teamsRush(agent, ports, publicUrl, leagueId, cookies)
    : fake
      ? await checkoutsRush(agent, ports, publicUrl, leagueId, cookies, fake)
      : await registrationsRush(agent, ports, publicUrl, cookies, campId ? campSignUps(campId, childIds) : dropInId ? dropInSignUps(dropInId) : args.academy ? academySignUps(academyId) : leagueRegistrations(leagueId))
  agent.destroy()
  process.exitCode = correct ? 0 : 1
} finally {
  for (const s of servers) s.kill('SIGTERM')
  await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))))
  await fake?.close()
  await db.close()
  await dropDatabase()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

/**
 * The servers' database counts (db/stats.ts), summed: each prints one JSON line on SIGUSR2.
 */
async function readStats(): Promise<DbStats> {
  const each = await Promise.all(
    servers.map(
      (server) =>
        new Promise<DbStats>((resolve) => {
          let text = ''
          const onData = (chunk: Buffer) => {
            text += chunk.toString()
            const line = text.split('\n').find((l) => l.startsWith('{"dbStats"'))
            if (!line) return
            server.stdout!.off('data', onData)
            resolve((JSON.parse(line) as { dbStats: DbStats }).dbStats)
          }
          server.stdout!.on('data', onData)
          server.kill('SIGUSR2')
        }),
    ),
  )
  return each.reduce((sum, s) => ({
    statements: sum.statements + s.statements,
    groups: sum.groups + s.groups,
    placeRequests: sum.placeRequests + s.placeRequests,
    heldMs: sum.heldMs + s.heldMs,
  }))
}

/** The CPU time a process (or one thread, `pid/task/tid`) has used so far, in microseconds: utime and stime of /proc's stat. */
function cpuUsOf(path: string): number {
  try {
    const stat = fs.readFileSync(`/proc/${path}/stat`, 'utf8')
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND
  } catch {
    // Linux only; a PostgreSQL backend may end between listing and reading.
    return 0
  }
}

/**
 * Where the machine's CPU goes, so far: the servers (and their main threads alone: the rest is
 * V8's compiler and garbage collector threads), PostgreSQL's backends of the rush's database, and
 * this load generator. On two cores they all share, req/s moves with what else runs; this does
 * much less, and says which process a change (a second instance, say) costs.
 */
function cpuByProcess() {
  const all = servers.reduce((sum, s) => sum + cpuUsOf(String(s.pid)), 0)
  const mainThreads = servers.reduce((sum, s) => sum + cpuUsOf(`${s.pid}/task/${s.pid}`), 0)
  let database = 0
  if (databaseUrl) {
    const name = new URL(databaseUrl).pathname.slice(1)
    for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      let command = ''
      try {
        command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      } catch {
        continue
      }
      // A backend names its database in its title: "postgres: [cluster: ]user database host(port) state".
      if (command.startsWith('postgres: ') && command.split(' ').includes(name)) database += cpuUsOf(pid)
    }
  }
  return { servers: all, mainThreads, database, loadGenerator: cpuUsOf(String(process.pid)) }
}

/** CPU per registration between two readings of cpuByProcess, in microseconds. */
function cpuPerRegistration(before: ReturnType<typeof cpuByProcess>, after: ReturnType<typeof cpuByProcess>) {
  const per = (key: keyof typeof before) => Math.round((after[key] - before[key]) / N)
  return { servers: per('servers'), serversMainThread: per('mainThreads'), serversV8Threads: per('servers') - per('mainThreads'), database: per('database'), loadGenerator: per('loadGenerator') }
}

/** What the rush cost the database, per request (statements include mail delivery meanwhile). */
function databaseCost(before: DbStats, after: DbStats) {
  const groups = after.groups - before.groups
  const heldMs = after.heldMs - before.heldMs
  const statements = (after.statements - before.statements) / N
  return {
    statementsPerRegistration: Number(statements.toFixed(2)),
    // node-postgres sends one statement per round trip (no pipelining); SQLite has no network.
    roundTripsPerRegistration: databaseUrl ? Number(statements.toFixed(2)) : 0,
    groups,
    meanGroup: Number(((after.placeRequests - before.placeRequests) / Math.max(groups, 1)).toFixed(1)),
    offeringHeldMsPerGroup: Number((heldMs / Math.max(groups, 1)).toFixed(2)),
    offeringHeldMsPerRegistration: Number((heldMs / N).toFixed(3)),
  }
}

/** What a rush of registrations asks for: where each is sent with what, and the offering it fills. */
interface RushTarget {
  mode: 'league' | 'academy' | 'camp' | 'drop-in'
  path: string
  /** What the i-th person sends. */
  body(i: number): object
  places(): Promise<{ id: string; placesTaken: number }>
}

function leagueRegistrations(leagueId: string): RushTarget {
  return { mode: 'league', path: `/api/leagues/${leagueId}/registrations`, body: () => ({}), places: () => leaguePlaces(db, leagueId) }
}

function academySignUps(academyId: string): RushTarget {
  return {
    mode: 'academy',
    path: `/api/academies/${academyId}/registrations`,
    body: () => ({ participants: [{ childId: null, photoConsent: true }] }),
    places: () => db.kysely.selectFrom('offerings').select(['id', 'placesTaken']).where('academyId', '=', academyId).where('kind', '=', 'academy-place').executeTakeFirstOrThrow(),
  }
}

function campSignUps(campId: string, childIds: string[]): RushTarget {
  return {
    mode: 'camp',
    path: `/api/camps/${campId}/registrations`,
    body: (i) => ({ participants: [{ childId: childIds[i]!, photoConsent: true }] }),
    places: () => db.kysely.selectFrom('offerings').select(['id', 'placesTaken']).where('campId', '=', campId).where('kind', '=', 'camp-place').executeTakeFirstOrThrow(),
  }
}

function dropInSignUps(dropInId: string): RushTarget {
  return {
    mode: 'drop-in',
    path: `/api/drop-ins/${dropInId}/registrations`,
    body: () => ({ participants: [{ childId: null, photoConsent: true }] }),
    places: () => db.kysely.selectFrom('offerings').select(['id', 'placesTaken']).where('dropInId', '=', dropInId).where('kind', '=', 'drop-in-place').executeTakeFirstOrThrow(),
  }
}

/**
 * Places in the order asked, and money only on places (the camp and drop-in modes): every place went to someone
 * who asked before everyone waitlisted; every place can be charged its price, and no waitlist
 * position can be charged or has paid anything (shared/money.ts chargeableCents).
 */
async function inOrderAndCharged(offeringId: string): Promise<{ placesBeforeWaitlist: boolean; placesChargeable: number; waitlistCharged: number }> {
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .select((eb) => ['r.status', 'r.seq', amountDueOf(eb).as('due'), amountPaidOf(eb).as('paid')])
    .where('r.offeringId', '=', offeringId)
    .execute()
  const charged = rows.map((r) => ({ ...r, chargeable: chargeableCents({ status: r.status, priceCents: Number(r.due ?? 0), paidCents: Number(r.paid ?? 0) }) }))
  const placed = charged.filter((r) => r.status !== 'waitlisted')
  const waiting = charged.filter((r) => r.status === 'waitlisted')
  return {
    placesBeforeWaitlist: waiting.length === 0 || Math.max(...placed.map((r) => r.seq)) < Math.min(...waiting.map((r) => r.seq)),
    placesChargeable: placed.filter((r) => r.chargeable > 0).length,
    waitlistCharged: waiting.filter((r) => r.chargeable > 0 || Number(r.paid ?? 0) > 0).length,
  }
}

/** N people register for one offering of C places at once: C confirmed, N - C waitlisted, no duplicate, nothing lost. */
async function registrationsRush(agent: http.Agent, ports: number[], publicUrl: string, cookies: string[], target: RushTarget): Promise<boolean> {
  const latencies: number[] = []
  let errors = 0
  const errorSamples = new Map<string, number>()
  console.error(`Firing ${N} registrations at ${instances} instance(s) over ${connections} connections...`)
  const before = await readStats()
  const cpuBefore = cpuByProcess()
  const started = performance.now()
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const port = ports[i % ports.length]!
      const t0 = performance.now()
      const { status, body } = await post(agent, port, target.path, cookie, publicUrl, `rush-${i}-key`, target.body(i))
      latencies.push(performance.now() - t0)
      if (status !== 201 && status !== 200) {
        errors++
        const key = `${status} ${body.slice(0, 120)}`
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuPerRegistration(cpuBefore, cpuByProcess())
  const cost = databaseCost(before, await readStats())

  const places = await target.places()
  const counts = await db.kysely
    .selectFrom('registrations')
    .select((eb) => ['status', eb.fn.countAll<string | number>().as('n')])
    .where('offeringId', '=', places.id)
    .groupBy('status')
    .execute()
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]))
  const perUser = await db.kysely
    .selectFrom('registrations')
    .select((eb) => ['userId', eb.fn.countAll<string | number>().as('n')])
    .where('offeringId', '=', places.id)
    .groupBy('userId')
    .execute()
  const duplicates = perUser.filter((u) => Number(u.n) > 1).length
  const lost = N - perUser.length
  for (const [sample, n] of errorSamples) console.error(`  ${n} × ${sample}`)
  if (places.placesTaken !== (byStatus.confirmed ?? 0)) console.error(`  placesTaken ${places.placesTaken} differs from confirmed rows`)

  const order = target.mode === 'camp' || target.mode === 'drop-in' ? await inOrderAndCharged(places.id) : null
  latencies.sort((a, b) => a - b)
  const result = {
    mode: target.mode,
    registrations: N,
    capacity: C,
    confirmed: byStatus.confirmed ?? 0,
    waitlisted: byStatus.waitlisted ?? 0,
    errors,
    duplicates,
    lost,
    ...order,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(N / seconds),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    ...cost,
    cpuUsPerRegistration: cpu,
  }
  const ok = result.confirmed === C && result.waitlisted === N - C && errors === 0 && duplicates === 0 && lost === 0 && (order === null || (order.placesBeforeWaitlist && order.placesChargeable === C && order.waitlistCharged === 0))
  console.error(`database: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, instances: ${instances}, ${ok ? 'CORRECT' : 'WRONG'}`)
  console.log(JSON.stringify(result))
  return ok
}

async function checkoutsRush(agent: http.Agent, ports: number[], publicUrl: string, leagueId: string, cookies: string[], fake: FakeStripe): Promise<boolean> {
  const measure = async () => {
    const before = await readStats()
    return async () => databaseCost(before, await readStats())
  }
  const { result, ok } = await checkoutRush({ db, fake, agent, ports, publicUrl, leagueId, cookies, capacity: C, measure })
  console.error(`database: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, instances: ${instances}, ${ok ? 'CORRECT' : 'WRONG'}`)
  console.log(JSON.stringify(result))
  return ok
}

/** Fires `requests` at once over the instances; answers their statuses and the seconds it took. */
async function fire(agent: http.Agent, ports: number[], publicUrl: string, requests: { path: string; cookie: string; body: object }[]) {
  const started = performance.now()
  const statuses = await Promise.all(
    requests.map(async (r, i) => (await post(agent, ports[i % ports.length]!, r.path, r.cookie, publicUrl, `rush-${i}-${randomBytes(4).toString('hex')}`, r.body)).status),
  )
  return { statuses, seconds: (performance.now() - started) / 1000 }
}

/**
 * The teams rush: N captains create teams for C places at once, then N others join one team with
 * a roster maximum of C at once. Correct: C teams placed and N - C waitlisted, exactly C on the
 * roster, every other join refused as full, no error.
 */
async function teamsRush(agent: http.Agent, ports: number[], publicUrl: string, leagueId: string, cookies: string[]): Promise<boolean> {
  const captains = cookies.slice(0, N)
  const joiners = cookies.slice(N)
  console.error(`Firing ${N} team creations for ${C} team places at ${instances} instance(s)...`)
  const beforeCreating = await readStats()
  const creating = await fire(agent, ports, publicUrl, captains.map((cookie, i) => ({ path: `/api/leagues/${leagueId}/teams`, cookie, body: { name: `Rush Team ${i}` } })))
  const createCost = databaseCost(beforeCreating, await readStats())
  const entries = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select((eb) => ['r.status', eb.fn.countAll<string | number>().as('n')])
    .where('o.leagueId', '=', leagueId)
    .where('o.kind', '=', 'team-place')
    .groupBy('r.status')
    .execute()
  const teams = Object.fromEntries(entries.map((e) => [e.status, Number(e.n)]))

  const target = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('registrations as r', 'r.teamId', 't.id')
    .select(['t.id', 't.leagueId', 't.inviteNonce'])
    .where('t.leagueId', '=', leagueId)
    .where('r.status', '=', 'confirmed')
    .limit(1)
    .executeTakeFirstOrThrow()
  const invite = createInvites(secret).codeOf(target)
  console.error(`Firing ${N} joins of one team (roster maximum ${C}) at ${instances} instance(s)...`)
  const beforeJoining = await readStats()
  const joining = await fire(agent, ports, publicUrl, joiners.map((cookie) => ({ path: `/api/leagues/${leagueId}/teams/${target.id}/players`, cookie, body: { invite } })))
  const joinCost = databaseCost(beforeJoining, await readStats())
  const roster = await db.kysely
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('teamId', '=', target.id)
    .where('status', '=', 'confirmed')
    .where('leagueSlot', '=', leagueId)
    .executeTakeFirstOrThrow()

  const unexpected = (statuses: number[], allowed: number[]) => statuses.filter((s) => !allowed.includes(s)).length
  const result = {
    mode: 'teams',
    captains: N,
    teamPlaces: C,
    teamsPlaced: teams.confirmed ?? 0,
    teamsWaitlisted: teams.waitlisted ?? 0,
    createSeconds: Number(creating.seconds.toFixed(2)),
    createsPerSecond: Math.round(N / creating.seconds),
    createCost,
    joins: N,
    rosterMax: C,
    onRoster: Number(roster.n),
    joinsRefusedFull: joining.statuses.filter((s) => s === 409).length,
    joinSeconds: Number(joining.seconds.toFixed(2)),
    joinsPerSecond: Math.round(N / joining.seconds),
    joinCost,
    errors: unexpected(creating.statuses, [201]) + unexpected(joining.statuses, [201, 409]),
  }
  const ok =
    result.teamsPlaced === C && result.teamsWaitlisted === N - C && result.onRoster === C && result.joinsRefusedFull === N - (C - 1) && result.errors === 0
  console.error(`database: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, instances: ${instances}, ${ok ? 'CORRECT' : 'WRONG'}`)
  console.log(JSON.stringify(result))
  return ok
}
