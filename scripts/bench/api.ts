// npm run bench:api -- [--seconds 5] [--rounds 3] [--connections 50] [--log-level info] [--port 4810] [--database-url postgres://…]
// The session a signed-out page asks for, the active-leagues endpoint and the home page HTML of
// the real built server, at the log level it runs with (info, the default), against a bare
// node:http server returning the same bytes, in alternating rounds; server on core 0, wrk on
// core 1 (taskset). Prints req/s, p50, p99 and the ratio to bare, then one JSON line. Also the
// CPU time each server spent per request (from /proc): on a machine other work shares, req/s
// moves with what else runs on core 0; the CPU a request costs moves much less. Each round
// measures bare then app back to back, and the ratios are the median of the rounds' own ratios
// (with their range): the load other work puts on the machine changes from one round to the
// next more than within one, so a pair of neighbours is compared rather than two medians.
// Then the Dashboard's five requests on a generated season, signed in as an admin, on SQLite and
// (with --database-url) on PostgreSQL (dashboard-requests.ts): their p50 and p95, one JSON line;
// the run fails when a p95 reaches 300 ms (issue 32).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { connect } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { insertLeague } from '../../src/server/features/leagues/leagues.queries.ts'
import { DEMO_LEAGUES } from '../../src/server/demo-content.ts'
import { benchDashboard, BUDGET_MS, type DashboardTiming } from './dashboard-requests.ts'
import { requireFreePort, waitFor } from './wait-for.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'log-level': { type: 'string', default: 'info' },
    /** The app's port; the bare server's is the next, the dashboard's server's the one after. */
    port: { type: 'string', default: '4810' },
    'database-url': { type: 'string' },
  },
})
if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build')
for (const tool of ['wrk', 'taskset']) {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' })
  } catch {
    throw new Error(`${tool} is needed: apt-get install ${tool === 'wrk' ? 'wrk' : 'util-linux'}`)
  }
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

const APP_PORT = Number(args.port)
const BARE_PORT = APP_PORT + 1
const DASHBOARD_PORT = APP_PORT + 2
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'))
const db = await connect({ dataDir })
await migrateToLatest(db)
for (const league of DEMO_LEAGUES) await insertLeague(db, league)
await db.close()

const children: ChildProcess[] = []
const start = (args: string[], env: Record<string, string> = {}) => {
  const child = spawn('taskset', ['-c', '0', process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  children.push(child)
  return child
}

try {
  await requireFreePort(APP_PORT)
  await requireFreePort(BARE_PORT)
  const server = start(['dist/server/main.js'], { PORT: String(APP_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: args['log-level'], LOG_FORMAT: 'json', NODE_ENV: 'production' })
  await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`)

  const targets = ['/api/session', '/api/leagues/active', '/']
  const samples: Record<string, { body: string; type: string }> = {}
  for (const target of targets) {
    const res = await fetch(`http://127.0.0.1:${APP_PORT}${target}`)
    samples[target] = { body: await res.text(), type: res.headers.get('content-type') ?? 'text/plain' }
  }
  // The bare server: the same bytes and content type for each path, nothing else.
  const bareSource = `
    const http = require('node:http')
    const samples = ${JSON.stringify(samples)}
    http.createServer((req, res) => {
      const s = samples[req.url] ?? samples['/']
      res.writeHead(200, { 'content-type': s.type, 'content-length': Buffer.byteLength(s.body) })
      res.end(s.body)
    }).listen(${BARE_PORT}, '127.0.0.1')`
  const bareServer = start(['-e', bareSource])
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`)

  // Both servers get the same unmeasured warm-up first, so neither is timed while V8 is still
  // compiling its hot paths (the first path measured used to pay for it alone).
  for (const target of targets) {
    for (const [port, child] of [[BARE_PORT, bareServer], [APP_PORT, server]] as const) measure(`http://127.0.0.1:${port}${target}`, child, 2)
  }

  const results: Record<string, unknown> = {}
  for (const target of targets) {
    const app: Measure[] = []
    const bare: Measure[] = []
    for (let round = 0; round < Number(args.rounds); round++) {
      bare.push(measure(`http://127.0.0.1:${BARE_PORT}${target}`, bareServer))
      app.push(measure(`http://127.0.0.1:${APP_PORT}${target}`, server))
    }
    const a = median(app)
    const b = median(bare)
    const ratios = app.map((m, round) => m.rps / bare[round]!.rps)
    // The bare server's CPU per request over the app's: the share of the app's work a bare server does.
    const cpuRatios = app.map((m, round) => bare[round]!.cpuUs / m.cpuUs)
    const ratio = middle(ratios)
    const cpuRatio = middle(cpuRatios)
    const range = (values: number[]) => `${(Math.min(...values) * 100).toFixed(0)}-${(Math.max(...values) * 100).toFixed(0)}`
    console.error(
      `${target.padEnd(20)} app ${a.rps.toFixed(0)} req/s p50 ${a.p50.toFixed(2)} ms p99 ${a.p99.toFixed(2)} ms ${a.cpuUs.toFixed(1)} µs CPU | bare ${b.rps.toFixed(0)} req/s p50 ${b.p50.toFixed(2)} ms p99 ${b.p99.toFixed(2)} ms ${b.cpuUs.toFixed(1)} µs CPU | ratio ${(ratio * 100).toFixed(0)}% (${range(ratios)}), CPU ${(cpuRatio * 100).toFixed(0)}% (${range(cpuRatios)})`,
    )
    results[target] = { app: a, bare: b, ratio: Number(ratio.toFixed(3)), cpuRatio: Number(cpuRatio.toFixed(3)), ratios: ratios.map((r) => Number(r.toFixed(3))), cpuRatios: cpuRatios.map((r) => Number(r.toFixed(3))) }
  }
  console.log(JSON.stringify({ logLevel: args['log-level'], connections: Number(args.connections), seconds: Number(args.seconds), rounds: Number(args.rounds), results }))
} finally {
  for (const child of children) child.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}

const dashboard: Record<string, DashboardTiming[]> = { sqlite: await benchDashboard({ port: DASHBOARD_PORT, logLevel: args['log-level'] }) }
if (args['database-url']) dashboard.postgres = await benchDashboard({ port: DASHBOARD_PORT, logLevel: args['log-level'], databaseUrl: args['database-url'] })
console.log(JSON.stringify({ dashboard }))
const misses = Object.entries(dashboard).flatMap(([database, timings]) => timings.filter((t) => !t.ok).map((t) => `${t.path} on ${database} (p95 ${t.p95.toFixed(0)} ms)`))
if (misses.length > 0) {
  console.error(`The Dashboard's requests must answer within ${BUDGET_MS} ms at the 95th percentile: ${misses.join(', ')}`)
  process.exitCode = 1
}

interface Measure {
  rps: number
  p50: number
  p99: number
  /** Microseconds of CPU (user and system) the server spent per request answered. */
  cpuUs: number
}

/** The CPU time a process has used so far, in microseconds: /proc/<pid>/stat's utime and stime. */
function cpuUsOf(child: ChildProcess): number {
  const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8')
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND
}

function measure(url: string, server: ChildProcess, seconds: number = Number(args.seconds)): Measure {
  const cpuBefore = cpuUsOf(server)
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${args.connections}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' })
  const cpuUs = cpuUsOf(server) - cpuBefore
  const ms = (label: string) => {
    const match = new RegExp(`\\s${label}\\s+([\\d.]+)(us|ms|s)`).exec(out)
    if (!match) throw new Error(`wrk printed no ${label} latency:\n${out}`)
    const value = Number(match[1])
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
  }
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw errors for ${url}:\n${out}`)
  const requests = Number(/(\d+) requests in/.exec(out)?.[1])
  return { rps, p50: ms('50%'), p99: ms('99%'), cpuUs: cpuUs / requests }
}

/** The middle value (the upper one of an even count). */
function middle(values: number[]): number {
  return [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!
}

function median(list: Measure[]): Measure {
  return { rps: middle(list.map((m) => m.rps)), p50: middle(list.map((m) => m.p50)), p99: middle(list.map((m) => m.p99)), cpuUs: middle(list.map((m) => m.cpuUs)) }
}
