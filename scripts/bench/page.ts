// npm run bench:page -- [--runs 1] [--page-runs 1] [--only /academy,/signIn,/account,/league] [--port 5100] [--season]
// Lighthouse (mobile form factor, default simulated throttling) on every open page of the route
// table and an academy's sign-up page, built, with the demo leagues and academies, in Debian's
// Chromium: the home page `--runs` times, every other open page `--page-runs` times; then the
// pages a signed-in admin opens most (SIGNED_IN), `--page-runs` times each in a browser carrying
// the admin's session cookie and nothing stored. Prints every run and each page's median, then one
// JSON line per page. A page whose median misses its goals is measured again, RETRY_RUNS times
// (issue 31: once unless a median misses); the run exits non-zero when that second median misses
// too (issue 4 for the home page and the Academies page, issue 10 for the other open pages, issue
// 22 for the signed-in ones), or when the home page asked the API for its leagues (its first paint
// must not wait for a second round trip).
//
// The phone stays the same on any host: Lighthouse's 4× CPU slowdown assumes a fast desktop
// (benchmark index about 1 500). Each run is slowed by 4 × (host index ÷ 1 500), at most 4, from
// the median index the host showed in the runs so far (a first run on the home page, not
// counted, calibrates). A shared CI host that runs at a third of its speed then still measures
// the phone, not the host's neighbours. The index times JavaScript only: a virtual machine may run
// V8 fast and Chromium's own work (committing a navigation, style, layout) several times slower
// than a desktop. So a static page with nothing to run is measured first (and again before a page
// is measured a second time): when its longest task, slowed, would already block the main thread
// (over 50 ms), the slowdown is lowered until it would not — that host is the slow phone already.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { createAuth } from '../../src/server/auth/auth.ts'
import { resolveAuthSecret } from '../../src/server/auth/secret.ts'
import { loadConfig } from '../../src/server/config.ts'
import { connect } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { insertLeague } from '../../src/server/features/leagues/leagues.queries.ts'
import { createOrUpdateUser } from '../../src/server/features/users/create-user.ts'
import { DEMO_ACADEMIES, DEMO_LEAGUES } from '../../src/server/demo-content.ts'
import { generateSeason } from '../../src/server/demo-season.ts'
import { insertAcademy } from '../../src/server/features/academies/academies.queries.ts'
import { ROUTES } from '../../src/shared/routes.ts'
import { addDays } from '../../src/shared/registration-window.ts'
import { facilityToday } from '../../src/shared/format.ts'
import { insertTeams, publishSchedule } from '../../tests/published-schedule.ts'
import { sessionCookie } from './sign-in.ts'
import { requireFreePort, waitFor } from './wait-for.ts'
import { CHROMIUM_FLAGS, requireChromium } from '../chromium.ts'

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'page-runs': { type: 'string', default: '1' }, only: { type: 'string' }, port: { type: 'string', default: '5100' }, season: { type: 'boolean', default: false } },
})
if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build')
// Before anything starts: finding no Chromium ends the process at once, leaving no server behind.
const CHROMIUM = requireChromium()

interface Goals {
  performance: number
  lcpMs: number
  tbtMs?: number
  cls: number
}
const HOME_GOALS: Goals = { performance: 0.98, lcpMs: 1500, tbtMs: 50, cls: 0 }
const PAGE_GOALS: Goals = { performance: 0.98, lcpMs: 1500, cls: 0.02 }
const SIGNED_IN_GOALS: Goals = { performance: 0.95, lcpMs: 2000, cls: 0.02 }
/** The site's port; the static page's is the next. */
const PORT = Number(args.port)
/**
 * A page whose median misses is measured once more, RETRY_RUNS times, and that median decides: a
 * neighbour's burst on a shared host spoils one run, a slow page misses both (both are printed).
 */
const MEASUREMENTS = 2
const RETRY_RUNS = 3
/** The host's Lighthouse benchmark index in every run so far. */
const hostIndexes: number[] = []
/** The most a run is slowed on this host: where a static page's longest task reaches 50 ms (`calibrate`). */
let floorSlowdown = Number.POSITIVE_INFINITY
/** A static page with nothing to run, served beside the site: what Chromium alone costs on this host. */
const STATIC_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Static</title></head><body><h1>Static</h1><p>Nothing to run.</p></body></html>'
/** Lighthouse counts the part of a main-thread task over 50 ms as blocking. */
const BLOCKING_MS = 50
/** What Lighthouse's 4× slowdown assumes of the host. */
const FAST_DESKTOP_INDEX = 1500
/** Every open page without a parameter in its path, the home page first. */
const OPEN_PATHS = ROUTES.filter((r) => r.access === 'open' && !r.path.includes(':')).map((r) => r.path)
/** Open pages held to the home page's goals: the Academies page (issue 23). */
const HOME_GOAL_PATHS = new Set(['/', '/academy'])
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password', displayName: 'Bench Admin', phone: '555-010-0100', role: 'admin' } as const
const CUSTOMER = { email: 'bench-customer@example.com', password: 'bench-customer-password', displayName: 'Bench Customer', phone: '555-010-0101', role: 'customer' } as const

interface Run {
  performance: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  transferKb: number
  leagueRequests: number
  /** The host's benchmark index in this run, and the CPU slowdown the run used. */
  hostIndex: number
  cpuSlowdown: number
  /** The longest main-thread task, slowed (0 when none reached 50 ms). */
  longestTaskMs: number
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-'))
const db = await connect({ dataDir })
await migrateToLatest(db)
const leagueIds: string[] = []
for (const league of DEMO_LEAGUES) leagueIds.push(await insertLeague(db, league))
const academyIds: string[] = []
for (const academy of DEMO_ACADEMIES) academyIds.push(await insertAcademy(db, academy))
// A team league's published schedule with a result in, for its open pages (issue 33).
const scheduledLeagueId = leagueIds[DEMO_LEAGUES.findIndex((l) => l.kind === 'team')]!
const scheduledTeams = await insertTeams(db, scheduledLeagueId, ['Downtown Dribblers', 'Net Results'])
const benchTimeZone = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).site.timeZone
await publishSchedule(db, scheduledLeagueId, scheduledTeams, 'Bench', (offset) => addDays(facilityToday(new Date(), benchTimeZone), offset))
// With --season, a generated season beside them (issue 32): the staff pages with a year's people and money.
if (args.season) await generateSeason(db, { seed: 32, now: new Date(), timeZone: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).site.timeZone })
const benchAuth = createAuth({ db, config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), secret: await resolveAuthSecret(db, undefined) })
await createOrUpdateUser(db, benchAuth, ADMIN)
/** The customer whose record the desk opens (issue 30). */
const { id: customerId } = await createOrUpdateUser(db, benchAuth, CUSTOMER)
await db.close()
/** `--only` names pages, or the start of their paths (`/league` for a league's page). */
const chosen = (p: string) => !args.only || args.only.split(',').some((only) => p === only || p.startsWith(`${only}/`))
/** The open pages, then an academy's sign-up page (issue 23), a league's schedule and standings and a team's games (issue 33). */
const PATHS = [...OPEN_PATHS, `/academySignUp/${academyIds[0]}`, `/schedule/${scheduledLeagueId}`, `/schedule/${scheduledLeagueId}/team/${scheduledTeams[0]}`].filter(chosen)
/** The signed-in pages of issue 22: what a person opens after signing in, and staff's daily pages; the front desk's (issue 30). */
const SIGNED_IN = ['/account', '/leagues', '/dashboard', '/admin/users', '/pendingRegistrations', '/teamsView', `/league/${leagueIds[0]}`, '/desk', `/desk/customer/${customerId}`].filter(chosen)

let server: ChildProcess | undefined
/** The Chromium the runs share (`audit`). */
let chrome: chromeLauncher.LaunchedChrome | undefined
const staticSite = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STATIC_PAGE))
try {
  await new Promise<void>((resolve) => staticSite.listen(PORT + 1, '127.0.0.1', resolve))
  await requireFreePort(PORT)
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(`http://127.0.0.1:${PORT}/healthz`)
  await auditWithRetry(`http://127.0.0.1:${PORT}/`)
  await calibrate()

  const cookie = SIGNED_IN.length > 0 ? await sessionCookie(PORT, ADMIN) : ''
  let failed = false
  const pages = [...PATHS.map((path) => ({ path, cookie: undefined })), ...SIGNED_IN.map((path) => ({ path, cookie }))]
  for (const { path, cookie } of pages) {
    const home = path === '/'
    const goals = cookie ? SIGNED_IN_GOALS : HOME_GOAL_PATHS.has(path) ? HOME_GOALS : PAGE_GOALS
    let misses: string[] = []
    for (let attempt = 1; attempt <= MEASUREMENTS; attempt++) {
      const count = attempt > 1 ? RETRY_RUNS : home ? Number(args.runs) : Number(args['page-runs'])
      const runs = await measure(path, count, cookie)
      const median = medianOf(runs)
      console.error(`${path}${cookie ? ' (signed in)' : ''} median: ${describe(median)}`)
      console.log(JSON.stringify({ url: path, signedIn: cookie !== undefined, runs: runs.length, median }))
      misses = [
        median.performance < goals.performance && `performance ${median.performance} < ${goals.performance}`,
        median.lcpMs > goals.lcpMs && `LCP ${median.lcpMs} ms > ${goals.lcpMs} ms`,
        goals.tbtMs !== undefined && median.tbtMs > goals.tbtMs && `TBT ${median.tbtMs} ms > ${goals.tbtMs} ms`,
        median.cls > goals.cls && `CLS ${median.cls} > ${goals.cls}`,
        home && runs.some((r) => r.leagueRequests > 0) && 'the page requested /api/leagues/active before it was complete',
      ].filter((miss) => miss !== false)
      if (misses.length === 0) break
      console.error(`${path} missed: ${misses.join('; ')}${attempt < MEASUREMENTS ? ' (measured again)' : ''}`)
      if (attempt < MEASUREMENTS) await calibrate()
    }
    if (misses.length > 0) failed = true
  }
  if (failed) process.exitCode = 1
} finally {
  staticSite.close()
  chrome?.kill()
  server?.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}

/** `count` Lighthouse runs of one page, each printed. */
async function measure(path: string, count: number, cookie: string | undefined): Promise<Run[]> {
  const runs: Run[] = []
  for (let i = 0; i < count; i++) {
    const run = await auditWithRetry(`http://127.0.0.1:${PORT}${path}`, cookie)
    runs.push(run)
    console.error(`${path}${cookie ? ' (signed in)' : ''} run ${i + 1}: ${describe(run)}`)
  }
  return runs
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try again, in
 * a Chromium started afresh.
 */
async function auditWithRetry(url: string, cookie?: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookie)
    } catch (error) {
      if (attempt === 3) throw error
      console.error(`run failed, again: ${String(error)}`)
      chrome?.kill()
      chrome = undefined
    }
  }
}

/** The CPU slowdown that makes this host the phone Lighthouse's default assumes a fast desktop slows to. */
function cpuSlowdown(): number {
  if (hostIndexes.length === 0) return throttling.mobileSlow4G.cpuSlowdownMultiplier
  const index = [...hostIndexes].sort((x, y) => x - y)[Math.floor(hostIndexes.length / 2)]!
  return Math.min(4, floorSlowdown, Math.max(1, Number(((4 * index) / FAST_DESKTOP_INDEX).toFixed(2))))
}

/**
 * Measures the static page three times at the slowdown of the benchmark index alone, and lowers
 * the slowdown where its median longest task would block: to the slowdown at which that task
 * takes 50 ms, at least 1 (the host as it is).
 */
async function calibrate(): Promise<void> {
  floorSlowdown = Number.POSITIVE_INFINITY
  const runs: Run[] = []
  for (let i = 0; i < 3; i++) runs.push(await auditWithRetry(`http://127.0.0.1:${PORT + 1}/`))
  const { longestTaskMs, cpuSlowdown: used } = medianOf(runs)
  if (longestTaskMs > BLOCKING_MS) floorSlowdown = Math.max(1, Number(((used * BLOCKING_MS) / longestTaskMs).toFixed(2)))
  console.error(
    `static page: longest task ${longestTaskMs} ms at CPU ×${used}` +
      (Number.isFinite(floorSlowdown) ? `: Chromium's own work is slow on this host, runs are slowed ×${cpuSlowdown()}` : ''),
  )
}

/**
 * One Lighthouse run: a mobile phone on slow 4G, its CPU calibrated to the host (above). The runs
 * share one Chromium (starting one took a fifth of each run); Lighthouse clears the site's cache
 * and storage before each, so every run is a first visit.
 */
async function audit(url: string, cookie?: string): Promise<Run> {
  chrome ??= await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  const slowdown = cpuSlowdown()
  const result = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: ['performance'],
    // The picture of the whole page is taken after the load and counts in no metric (issue 31).
    disableFullPageScreenshot: true,
    // The waits after the first paint and the load are Lighthouse's minimums before it looks for a
    // quiet page; the quiet windows decide when the trace ends. On loopback a page's requests
    // answer in milliseconds, and nothing here runs late: halved, every page measured the same
    // and each run took a second less (docs/benchmarks.md, "CI's time"). The back/forward cache
    // audit navigates away and back after the run and counts in no metric.
    pauseAfterFcpMs: 250,
    pauseAfterLoadMs: 250,
    networkQuietThresholdMs: 500,
    cpuQuietThresholdMs: 500,
    skipAudits: ['bf-cache'],
    logLevel: 'error',
    output: 'json',
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  })
  if (!result) throw new Error('Lighthouse returned no result')
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  hostIndexes.push(lhr.environment.benchmarkIndex)
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []
  return {
    performance: lhr.categories.performance?.score ?? 0,
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    transferKb: Number((value('total-byte-weight') / 1024).toFixed(1)),
    leagueRequests: requests.filter((r) => new URL(r.url).pathname === '/api/leagues/active').length,
    hostIndex: Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdown: slowdown,
    longestTaskMs: Math.round(Math.max(0, ...longTasks.map((t) => t.duration))),
  }
}

function describe(r: Run): string {
  return `performance ${r.performance.toFixed(2)} | FCP ${r.fcpMs} ms | LCP ${r.lcpMs} ms | TBT ${r.tbtMs} ms | CLS ${r.cls} | ${r.transferKb} KB transferred | host index ${r.hostIndex}, CPU ×${r.cpuSlowdown}`
}

function medianOf(runs: Run[]): Run {
  const mid = (pick: (r: Run) => number) => runs.map(pick).sort((x, y) => x - y)[Math.floor(runs.length / 2)]!
  return {
    performance: mid((r) => r.performance),
    fcpMs: mid((r) => r.fcpMs),
    lcpMs: mid((r) => r.lcpMs),
    tbtMs: mid((r) => r.tbtMs),
    cls: mid((r) => r.cls),
    transferKb: mid((r) => r.transferKb),
    leagueRequests: mid((r) => r.leagueRequests),
    hostIndex: mid((r) => r.hostIndex),
    cpuSlowdown: mid((r) => r.cpuSlowdown),
    longestTaskMs: mid((r) => r.longestTaskMs),
  }
}
