// The Dashboard's five requests (issue 32) on a generated season (src/server/demo-season.ts),
// signed in as an admin, against the real built server on SQLite or on a fresh PostgreSQL
// database: WARM_UPS unmeasured, then REQUESTS one after another per path, their p50 and p95.
// A p95 at or over BUDGET_MS misses. Called by api.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createAuth } from '../../src/server/auth/auth.ts'
import { resolveAuthSecret } from '../../src/server/auth/secret.ts'
import { loadConfig } from '../../src/server/config.ts'
import { connect } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { generateSeason } from '../../src/server/demo-season.ts'
import { createOrUpdateUser } from '../../src/server/features/users/create-user.ts'
import { freshPostgres } from './fresh-postgres.ts'
import { sessionCookie } from './sign-in.ts'
import { requireFreePort, waitFor } from './wait-for.ts'

export const DASHBOARD_PATHS = ['/api/dashboard/attention', '/api/dashboard/money', '/api/dashboard/registration', '/api/dashboard/today', '/api/audit?page=1'] as const
/** Issue 32: each section answers within 300 ms at the 95th percentile. */
export const BUDGET_MS = 300
const WARM_UPS = 3
const REQUESTS = 30
const ADMIN = { email: 'bench-dashboard-admin@example.com', password: 'bench-dashboard-password', displayName: 'Bench Dashboard Admin', phone: '555-010-0102', role: 'admin' } as const

export interface DashboardTiming {
  path: string
  p50: number
  p95: number
  ok: boolean
}

/** The five requests' p50 and p95 on one database (PostgreSQL when `databaseUrl` names a server: a fresh database on it, dropped after). */
export async function benchDashboard({ port, databaseUrl: serverUrl, logLevel }: { port: number; databaseUrl?: string; logLevel: string }): Promise<DashboardTiming[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'))
  const fresh = serverUrl ? await freshPostgres(serverUrl, 'bench_dashboard') : undefined
  let server: ChildProcess | undefined
  try {
    const db = await connect({ dataDir, databaseUrl: fresh?.url })
    await migrateToLatest(db)
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
    const started = performance.now()
    const made = await generateSeason(db, { seed: 32, now: new Date(), timeZone: config.site.timeZone })
    const auth = createAuth({ db, config, secret: await resolveAuthSecret(db, undefined) })
    await createOrUpdateUser(db, auth, ADMIN)
    await db.close()
    const label = fresh ? 'PostgreSQL' : 'SQLite'
    console.error(`dashboard on ${label}: a season of ${made.registrations} registrations generated in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    await requireFreePort(port)
    server = spawn('taskset', ['-c', '0', process.execPath, 'dist/server/main.js'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: logLevel, LOG_FORMAT: 'json', NODE_ENV: 'production', ...(fresh ? { DATABASE_URL: fresh.url } : {}) },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    await waitFor(`http://127.0.0.1:${port}/healthz`)
    const cookie = await sessionCookie(port, ADMIN)
    const timings: DashboardTiming[] = []
    for (const target of DASHBOARD_PATHS) {
      const url = `http://127.0.0.1:${port}${target}`
      for (let i = 0; i < WARM_UPS; i++) await timed(url, cookie)
      const ms: number[] = []
      for (let i = 0; i < REQUESTS; i++) ms.push(await timed(url, cookie))
      ms.sort((a, b) => a - b)
      const [p50, p95] = [percentile(ms, 0.5), percentile(ms, 0.95)]
      const timing = { path: target, p50: Number(p50.toFixed(1)), p95: Number(p95.toFixed(1)), ok: p95 < BUDGET_MS }
      console.error(`dashboard on ${label}: ${target.padEnd(28)} p50 ${timing.p50.toFixed(1)} ms p95 ${timing.p95.toFixed(1)} ms${timing.ok ? '' : ` MISSES the ${BUDGET_MS} ms budget`}`)
      timings.push(timing)
    }
    return timings
  } finally {
    server?.kill('SIGTERM')
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve))
    await fresh?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { headers: { cookie } })
  await res.arrayBuffer()
  const ms = performance.now() - started
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return ms
}
