// npm run verify:crash -- [--database-url URL] [--teams] [--kills 20] [--registrations 2000] [--capacity 600] [--connections 64] [--seed N]
// Crash safety (issue 4): a registration load against the real built server on a fresh database,
// SIGKILLed at random moments and restarted; clients cut off by a kill retry with the same
// Idempotency-Key. Then every answer the site gave is checked against the database. The seed
// fixes when the kills come (after how many acknowledgements, plus a delay); the interleaving
// of requests still varies from run to run. The last line printed is the JSON result.
// A SIGKILL is a process crash, not a power loss: what the process handed to the kernel
// survives it, so this proves acknowledge-after-commit, not the disk flush (synchronous=FULL).
// With --teams each customer enters a team instead (the league's team places: --capacity), and
// the checks add each team's roster with its captain on it.
import type { ChildProcess } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { connect } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { prepareRush } from '../bench/rush-setup.ts'
import { checkDatabase, passed, type Check } from './crash-checks.ts'
import { createLoad, type Customer } from './crash-load.ts'
import { killHard, serverErrors, startServer, type ServerSpec } from './crash-server.ts'

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    teams: { type: 'boolean', default: false },
    kills: { type: 'string', default: '20' },
    registrations: { type: 'string', default: '2000' },
    capacity: { type: 'string', default: '600' },
    connections: { type: 'string', default: '64' },
    seed: { type: 'string', default: String(randomInt(2 ** 31)) },
  },
})
const N = Number(args.registrations)
const C = Number(args.capacity)
const kills = Number(args.kills)
const connections = Number(args.connections)
const seed = Number(args.seed)
if (![N, C, connections].every((x) => Number.isInteger(x) && x > 0)) throw new Error('--registrations, --capacity and --connections must be positive integers')
if (!(Number.isInteger(kills) && kills >= 0 && kills <= Math.floor(N * 0.9))) throw new Error('--kills must be between 0 and 90% of --registrations')
if (!Number.isInteger(seed)) throw new Error('--seed must be an integer')
if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build')

const PORT = 4900
const origin = `http://127.0.0.1:${PORT}`
const databaseName = args['database-url'] ? 'PostgreSQL' : 'SQLite'
const random = mulberry32(seed)
const wallStart = performance.now()
const secret = randomBytes(32).toString('hex')
const database = await freshDatabase(args['database-url'])
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'))
const spec: ServerSpec = {
  port: PORT,
  logFile: path.join(dataDir, 'server.log'),
  env: { PUBLIC_URL: origin, DATA_DIR: dataDir, AUTH_SECRET: secret, LOG_LEVEL: 'warn', ...(database.url ? { DATABASE_URL: database.url } : {}) },
}
let server: ChildProcess | undefined

console.error(`crash loop on ${databaseName}: ${N} customers, ${C} ${args.teams ? 'team places' : 'places'}, ${kills} kills, ${connections} connections, seed ${seed}`)
try {
  process.exitCode = await run()
} catch (error) {
  console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`)
  console.error(fs.existsSync(spec.logFile) ? fs.readFileSync(spec.logFile, 'utf8').split('\n').slice(-20).join('\n') : '')
  process.exitCode = 1
} finally {
  if (server) await killHard(server)
  await database.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
// After a failure, clients of the load may still be waiting for a server that is gone.
process.exit()

async function run(): Promise<number> {
  const { leagueId, customers } = await prepare()
  const gate = createGate()
  const load = createLoad({ port: PORT, origin, leagueId, teams: args.teams, connections, serverUp: gate.wait })
  server = await startServer(spec)
  const loadStart = performance.now()
  for (const customer of customers) load.register(customer)
  const running = load.run()
  const restartMs = await crashLoop(load, gate, customers)
  load.finish()
  await running
  // Everyone asks again with their key after the last kill: the same registration must come back.
  for (const customer of customers.filter((c) => c.ack)) load.replay(customer)
  await load.run()
  const loadSeconds = (performance.now() - loadStart) / 1000
  load.close()
  // The checks read what a crash leaves behind, not what a clean shutdown tidied.
  await killHard(server)

  const db = await connect({ dataDir, databaseUrl: database.url })
  const result = await checkDatabase(db, { leagueId, capacity: C, customers, teams: args.teams }).finally(() => db.close())
  const errors = serverErrors(spec.logFile)
  const unexpected = [...load.unexpected.values()].reduce((a, b) => a + b, 0)
  const checks: Check[] = [
    { name: 'unexpected answers (not 2xx, not 503, not cut off by a kill)', expected: 0, actual: unexpected },
    { name: `replays answered 200 with the first registration (${load.figures.replays} sent): differing`, expected: 0, actual: load.changedReplays.length },
    { name: "2xx answers with someone else's or an unexplained existing registration", expected: 0, actual: load.wrongAnswers.length },
    { name: 'error lines in the server logs', expected: 0, actual: errors.length },
    ...result.checks,
  ]
  const failed = checks.filter((c) => !passed(c))
  printDetails(load, errors)
  printTable(checks)

  const f = load.figures
  const seconds = (performance.now() - wallStart) / 1000
  console.error(
    `kills ${kills}, acknowledged ${f.acknowledged}/${N}, requests ${f.requests}, retried ${f.retries} (cut off ${f.cutOff}, 503 ${f.busy}), ` +
      `answers lost to a kill and replayed ${f.lostAnswers}, restart ${Math.round(median(restartMs))} ms median / ${Math.round(Math.max(0, ...restartMs))} ms max, ` +
      `load ${loadSeconds.toFixed(1)} s, wall ${seconds.toFixed(1)} s`,
  )
  console.error(`database: ${databaseName}, ${failed.length === 0 ? 'CORRECT' : `WRONG: ${failed.map((c) => c.name).join('; ')}`}`)
  console.log(
    JSON.stringify({
      database: databaseName,
      teams: args.teams,
      seed,
      registrations: N,
      capacity: C,
      kills,
      acknowledged: f.acknowledged,
      requests: f.requests,
      retried: f.retries,
      lostAnswers: f.lostAnswers,
      busy: f.busy,
      unexpected,
      replays: f.replays,
      confirmed: result.confirmed,
      waitlisted: result.waitlisted,
      failedChecks: failed.length,
      restartMsMax: Math.round(Math.max(0, ...restartMs)),
      loadSeconds: Number(loadSeconds.toFixed(2)),
      seconds: Number(seconds.toFixed(2)),
    }),
  )
  return failed.length === 0 ? 0 : 1
}

/** Customers signed in with a signed waiver and one open league, written straight to the database. */
async function prepare(): Promise<{ leagueId: string; customers: Customer[] }> {
  const db = await connect({ dataDir, databaseUrl: database.url })
  try {
    await migrateToLatest(db)
    const { leagueId, cookies } = await prepareRush(db, { registrations: N, capacity: C, secret, teams: args.teams })
    const users = await db.kysely.selectFrom('users').select(['id', 'email']).where('email', 'like', 'rusher-%@bench.test').execute()
    const idByEmail = new Map(users.map((u) => [u.email, u.id]))
    const customers = cookies.map((cookie, index) => ({
      index,
      cookie,
      userId: idByEmail.get(`rusher-${index}@bench.test`)!,
      key: `crash-${seed}-${index}`,
      attempts: 0,
    }))
    return { leagueId, customers }
  } finally {
    await db.close()
  }
}

/** Kills the server at each planned moment, restarts it, and has a few acknowledged customers ask again. */
async function crashLoop(load: ReturnType<typeof createLoad>, gate: ReturnType<typeof createGate>, customers: Customer[]): Promise<number[]> {
  const restartMs: number[] = []
  for (const [i, moment] of killMoments().entries()) {
    while (load.figures.acknowledged < moment.afterAcknowledged) {
      if (load.idle()) throw new Error(`The load ended before kill ${i + 1}: customers gave up (see the unexpected answers)`)
      await sleep(2)
    }
    await sleep(moment.delayMs)
    const acknowledged = load.figures.acknowledged
    gate.close()
    await killHard(server!)
    const restartStart = performance.now()
    server = await startServer(spec)
    restartMs.push(performance.now() - restartStart)
    gate.open()
    const answered = customers.filter((c) => c.ack)
    for (let k = 0; k < Math.min(10, answered.length); k++) load.replay(answered[Math.floor(random() * answered.length)]!)
    console.error(`  kill ${i + 1}/${kills} at ${acknowledged} acknowledged, back in ${Math.round(restartMs.at(-1)!)} ms`)
  }
  return restartMs
}

/**
 * Distinct points of the load (acknowledgements so far) in its first 90%, each plus 0–250 ms:
 * answers leave in bursts, one per commit, and the delay spreads the kills over every phase of
 * the commit cycle instead of just after a burst.
 */
function killMoments(): { afterAcknowledged: number; delayMs: number }[] {
  const points = new Set<number>()
  while (points.size < kills) points.add(1 + Math.floor(random() * Math.floor(N * 0.9)))
  return [...points].sort((a, b) => a - b).map((afterAcknowledged) => ({ afterAcknowledged, delayMs: Math.floor(random() * 250) }))
}

/** Where cut-off clients wait while the server is down. */
function createGate() {
  let reopen = () => {}
  let ready = Promise.resolve()
  return {
    wait: () => ready,
    close: () => {
      ready = new Promise<void>((resolve) => (reopen = resolve))
    },
    open: () => reopen(),
  }
}

/** A fresh SQLite file in the data folder, or a fresh PostgreSQL database dropped at the end. */
async function freshDatabase(adminUrl: string | undefined): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!adminUrl) return { url: undefined, drop: async () => {} }
  const name = `crash_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

function printDetails(load: ReturnType<typeof createLoad>, errors: string[]): void {
  for (const [sample, n] of load.unexpected) console.error(`  unexpected ${n} × ${sample}`)
  for (const line of [...load.changedReplays, ...load.wrongAnswers, ...errors].slice(0, 20)) console.error(`  ${line.slice(0, 300)}`)
}

function printTable(checks: Check[]): void {
  const width = Math.max(...checks.map((c) => c.name.length))
  const cellWidth = Math.max(8, ...checks.map((c) => Math.max(String(c.expected).length, String(c.actual).length)))
  const cell = (v: string | number) => String(v).padStart(cellWidth)
  console.error(`\n${'check'.padEnd(width)}  ${cell('expected')}  ${cell('actual')}`)
  for (const c of checks) console.error(`${c.name.padEnd(width)}  ${cell(c.expected)}  ${cell(c.actual)}  ${passed(c) ? 'ok' : 'FAIL'}`)
  console.error('')
}

/** Small seeded generator, so a run's kill moments can be replayed with --seed. */
function mulberry32(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}
