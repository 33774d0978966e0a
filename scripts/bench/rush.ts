// npm run bench:rush -- --registrations 8000 --capacity 500 [--database-url URL] [--instances 2] [--connections 128] [--cpu-prof-dir DIR]
// Starts the real built server on a fresh database, fires N signed-in registrations for one
// league at once over HTTP, then reads the database. The last line printed is the JSON result.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { connect, type Db } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { prepareRush } from './rush-setup.ts'
import { leaguePlaces } from '../../src/server/features/registrations/offerings.queries.ts'

const { values: args } = parseArgs({
  options: {
    registrations: { type: 'string', default: '8000' },
    capacity: { type: 'string', default: '500' },
    'database-url': { type: 'string' },
    instances: { type: 'string', default: '1' },
    connections: { type: 'string', default: '128' },
    // Writes a V8 CPU profile of each server to this folder, to see where the time goes.
    'cpu-prof-dir': { type: 'string' },
  },
})
const N = Number(args.registrations)
const C = Number(args.capacity)
const instances = Number(args.instances)
const connections = Number(args.connections)
if (!(N > 0 && C > 0 && instances > 0 && connections > 0)) throw new Error('--registrations, --capacity, --instances and --connections must be positive numbers')
if (instances > 1 && !args['database-url']) throw new Error('Several instances need a shared PostgreSQL: pass --database-url')
if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build')

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
try {
  await migrateToLatest(db)
  console.error(`Preparing ${N} signed-in customers and a league of ${C} places on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}...`)
  const { leagueId, cookies } = await prepareRush(db, { registrations: N, capacity: C, secret })

  const ports = Array.from({ length: instances }, (_, i) => 4700 + i)
  const publicUrl = `http://127.0.0.1:${ports[0]}`
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
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  )
  await Promise.all(ports.map(waitForHealth))

  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.ceil(connections / instances) })
  const latencies: number[] = []
  let errors = 0
  const errorSamples = new Map<string, number>()
  console.error(`Firing ${N} registrations at ${instances} instance(s) over ${connections} connections...`)
  const started = performance.now()
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const port = ports[i % instances]!
      const t0 = performance.now()
      const { status, body } = await post(agent, port, `/api/leagues/${leagueId}/registrations`, cookie, publicUrl, `rush-${i}-key`)
      latencies.push(performance.now() - t0)
      if (status !== 201 && status !== 200) {
        errors++
        const key = `${status} ${body.slice(0, 120)}`
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()

  const places = await leaguePlaces(db, leagueId)
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

  latencies.sort((a, b) => a - b)
  const result = {
    registrations: N,
    capacity: C,
    confirmed: byStatus.confirmed ?? 0,
    waitlisted: byStatus.waitlisted ?? 0,
    errors,
    duplicates,
    lost,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(N / seconds),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  }
  const ok = result.confirmed === C && result.waitlisted === N - C && errors === 0 && duplicates === 0 && lost === 0
  console.error(`database: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, instances: ${instances}, ${ok ? 'CORRECT' : 'WRONG'}`)
  console.log(JSON.stringify(result))
  process.exitCode = ok ? 0 : 1
} finally {
  for (const s of servers) s.kill('SIGTERM')
  await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))))
  await db.close()
  await dropDatabase()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

function post(agent: http.Agent, port: number, urlPath: string, cookie: string, origin: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers: { cookie, origin, 'content-type': 'application/json', 'idempotency-key': key } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', (error) => resolve({ status: 0, body: error.message }))
    req.end('{}')
  })
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => resolve(res.statusCode === 200)).on('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The server on port ${port} did not start`)
}
