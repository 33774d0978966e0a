import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { ScanSite, Served } from './scan-site.ts'
import { closedPoints } from './scan-probe.ts'
import { injectionPoints, type Target } from './scan-targets.ts'

/**
 * Level 3 tries every prefix/suffix boundary sqlmap has for a value (quotes, parentheses,
 * comments); risk 3 adds OR-based boolean payloads (which find injections where the original
 * value matches no row) and heavy-query time-based ones. Techniques: boolean, error, union,
 * stacked and time-based blind; sqlmap has no error-based payloads for SQLite, so that one
 * only runs on PostgreSQL. Levels 4-5 mostly add more UNION column ranges and cost twice the
 * time for the same boundaries. These are the settings wherever a visitor or a customer can send
 * a value; a point counts as tested only when the server saw `fewestRequestsPerPoint` of its
 * payloads (about a quarter of what a point refused as not found gets).
 */
export const SQLMAP_SETTINGS = { level: 3, risk: 3, technique: 'BEUST', fewestRequestsPerPoint: 100 }

/**
 * A route only staff reach (access `staff` or `admin`) is scanned at level 2: every boundary of
 * one or two quotes and parentheses and the LIKE ones, with all of risk 3's payloads; level 3's
 * third parenthesis and comment-ended boundaries stay for what a visitor or a customer can send.
 * Those routes are 60% of the requests and behind a staff sign-in, and no code can build SQL text
 * from a value anywhere: lint refuses `sql.raw` and a statement put together from a template
 * (eslint.config.js, docs/decisions/0024).
 */
export const STAFF_SETTINGS = { level: 2, risk: 3, technique: 'BEUST', fewestRequestsPerPoint: 50 }

/**
 * The customer's runs on staff-only routes prove the guard refuses whatever the payload; the
 * handler never reads the request, so the full set of boundaries would only repeat the 403.
 */
const GUARD_SETTINGS = { level: 1, risk: 1, technique: 'BEUST', fewestRequestsPerPoint: 10 }

/** How deep sqlmap goes on a target, by who can reach its route. */
function settingsOf(target: Target, access: string): typeof SQLMAP_SETTINGS {
  if (target.refusedByGuard) return GUARD_SETTINGS
  return access === 'staff' || access === 'admin' ? STAFF_SETTINGS : SQLMAP_SETTINGS
}

export interface SqlmapRun {
  target: Target
  /** The points sqlmap was aimed at. */
  points: string[]
  /** The points whose contract refused every probe by name (scan-probe.ts): not sent to sqlmap. */
  closed: string[]
  /** Points sqlmap reported on (injectable or not). */
  tested: number
  injectable: string[]
  /** Candidates sqlmap's own false-positive check disproved. */
  rejected: number
  /** What the server logged for this run: its route's requests while it ran. */
  served: { requests: number; statuses: Record<string, number> }
  seconds: number
  problems: string[]
}

interface Options {
  site: ScanSite
  targets: Target[]
  /** The access a target's route declares: `login`, `owner`, `admin`... */
  access: (target: Target) => string
  jobs: number
  workDir: string
  onDone: (run: SqlmapRun) => void
}

/**
 * Runs sqlmap on every target, `jobs` at a time, never two on the same route at once, so each
 * request the server logs belongs to exactly one run.
 */
export async function runSqlmap({ site, targets, access, jobs, workDir, onDone }: Options): Promise<SqlmapRun[]> {
  const matchers = new Map(targets.map((t) => [t.route, routeMatcher(t.route)]))
  const active = new Map<string, SqlmapRun['served']>()
  site.onServed((request: Served) => {
    for (const [route, tally] of active) {
      if (!matchers.get(route)!(request)) continue
      tally.requests++
      tally.statuses[request.status] = (tally.statuses[request.status] ?? 0) + 1
    }
  })

  const waiting = [...targets]
  const runs: SqlmapRun[] = []
  const running = new Set<Promise<void>>()
  while (waiting.length > 0 || running.size > 0) {
    const onlyLastLeft = waiting.every((t) => t.runsLast) && running.size === 0
    const i = waiting.findIndex((t) => !active.has(t.route) && (!t.runsLast || onlyLastLeft))
    if (i === -1 || running.size >= jobs) {
      await Promise.race(running)
      continue
    }
    const target = waiting.splice(i, 1)[0]!
    const tally = { requests: 0, statuses: {} }
    active.set(target.route, tally)
    const job = (async () => {
      const started = performance.now()
      const outputDir = path.join(workDir, `sqlmap-${targets.indexOf(target) + 1}`)
      fs.mkdirSync(outputDir, { recursive: true })
      // The guard refuses a customer's request before its contract is read: nothing to probe.
      const closed = target.refusedByGuard ? [] : await closedPoints(site, target)
      const points = injectionPoints(target).filter((point) => !closed.includes(point))
      const settings = settingsOf(target, access(target))
      const output = points.length > 0 ? await sqlmap(sqlmapArgs(site, target, settings, points, outputDir)) : ''
      fs.writeFileSync(path.join(outputDir, 'sqlmap.log'), `${target.route} as ${target.as}\n\n${output}`)
      await site.settle()
      active.delete(target.route)
      const run = judge({ target, points, closed }, output, outputDir, tally, (performance.now() - started) / 1000, access(target), settings)
      runs.push(run)
      onDone(run)
    })()
    running.add(job)
    void job.finally(() => running.delete(job))
  }
  return runs
}

function routeMatcher(route: string): (request: Served) => boolean {
  const [method, url] = route.split(' ') as [string, string]
  const pattern = new RegExp(`^${url.replace(/:\w+/g, '[^/?]*')}(\\?.*)?$`)
  return (request) => request.method === method && pattern.test(request.url)
}

function sqlmapArgs(site: ScanSite, target: Target, settings: typeof SQLMAP_SETTINGS, aimedAt: string[], outputDir: string): string[] {
  const points = new Set(aimedAt)
  const mark = (point: string) => (points.has(point) ? '*' : '')
  const [method, pattern] = target.route.split(' ') as [string, string]
  const url = pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(target.params![name]!) + mark(`path.${name}`))
  const query = Object.entries(target.query ?? {}).map(([k, v]) => `${k}=${encodeURIComponent(v)}${mark(`query.${k}`)}`)
  const person = site[target.as]
  return [
    '-u', `${site.url}${url}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    '--method', method,
    ...(target.body ? ['--data', markedJson(target.body, 'body', mark), '-H', 'Content-Type: application/json'] : []),
    // The server refuses state-changing requests from any other origin (http/same-origin.ts).
    '-H', `Origin: ${site.origin}`,
    ...Object.entries(target.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}${mark(`header.${k}`)}`]),
    '--cookie', `${person.cookie}${mark('cookie.session')}`,
    ...(target.evaluate ? ['--eval', target.evaluate] : []),
    ...(target.manyAddresses ? ['--tamper', 'xforwardedfor'] : []),
    // Payloads for the database the site runs on: those of other engines cannot succeed here.
    '--dbms', site.database,
    '--level', String(settings.level),
    '--risk', String(settings.risk),
    '--technique', settings.technique,
    ...(target.trueStatus ? ['--code', String(target.trueStatus)] : []),
    '--batch',
    // Every point is tested: no skipping of values that look type-cast, no following redirects
    // away from the route under test.
    '--answers', 'skip those=N,follow=N,URI injections=N',
    // Only the marked points: the headers worth testing are marked where the server stores them.
    '--skip', 'User-Agent,Referer',
    // 401 and 404 are answers to judge (a wrong password, someone else's id), not reasons to stop.
    '--ignore-code', '401,404',
    '--skip-waf',
    '--keep-alive',
    '--disable-coloring',
    '--output-dir', outputDir,
  ]
}

/** JSON text with sqlmap's `*` after each marked value (inside the quotes for strings). */
function markedJson(value: unknown, at: string, mark: (point: string) => string): string {
  if (Array.isArray(value)) return `[${value.map((item, i) => markedJson(item, `${at}.${i}`, mark)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${markedJson(v, `${at}.${k}`, mark)}`)
    return `{${fields.join(',')}}`
  }
  const text = JSON.stringify(value)
  return typeof value === 'string' ? `${text.slice(0, -1)}${mark(at)}"` : `${text}${mark(at)}`
}

/** Runs sqlmap to its end and answers everything it printed. */
function sqlmap(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('error', reject)
    child.on('close', () => resolve(text))
  })
}

/**
 * Reads sqlmap's verdicts from its log and its results CSV rather than its exit code, and
 * checks the server's side: the payloads arrived, and reached the handler rather than a guard
 * that should have let them through.
 */
function judge(
  { target, points, closed }: Pick<SqlmapRun, 'target' | 'points' | 'closed'>,
  output: string,
  outputDir: string,
  served: SqlmapRun['served'],
  seconds: number,
  declared: string,
  settings: typeof SQLMAP_SETTINGS,
): SqlmapRun {
  const rows = resultRows(outputDir)
  // A candidate sqlmap itself disproves ("false positive or unexploitable") ends as "does not
  // seem to be injectable" and is only counted; anything confirmed is a finding.
  const rejected = rows.filter((row) => row.note.includes('false positive')).length
  const injectable = rows.filter((row) => !row.note.includes('false positive')).map((row) => describeRow(points, row))
  if (/identified the following injection point/.test(output) && injectable.length === 0) injectable.push('a point sqlmap identified (see its log)')
  const notInjectable = [...output.matchAll(/parameter '([^']+)' does not seem to be injectable/g)].length
  const problems: string[] = []
  const tested = notInjectable + injectable.length
  if (tested !== points.length) problems.push(`sqlmap reported on ${tested} of ${points.length} injection points`)
  // Any CRITICAL line fails the run, except sqlmap noting that an answer changes between identical
  // requests (a created league's new id) and retrying: the points are still tested and counted above.
  const critical = output.match(/\[CRITICAL\].*/g)?.filter((line) => !/content appears to be heavily dynamic\. sqlmap is going to retry/.test(line)) ?? []
  if (critical.length > 0) problems.push(critical[0]!)
  const minimum = points.length * settings.fewestRequestsPerPoint
  if (served.requests < minimum) problems.push(`the server logged only ${served.requests} requests for ${points.length} points`)
  const statuses = Object.keys(served.statuses).map(Number)
  if (statuses.some((s) => s >= 500)) problems.push('the server answered 5xx')
  if (target.refusedByGuard) {
    const through = statuses.filter((s) => s < 300 || s === 409)
    if (through.length > 0) problems.push(`a staff-only route let the customer through (${through.join(', ')})`)
  } else {
    // Refusals that mean the payloads never reached the handler: no session, another origin,
    // throttled, or a body the server would not parse.
    const refused = statuses.filter((s) => [403, 413, 415, 429].includes(s) || (s === 401 && declared !== 'open'))
    if (refused.length > 0) problems.push(`payloads were refused before the handler (${refused.join(', ')})`)
  }
  return { target, points, closed, tested, injectable, rejected, served, seconds, problems }
}

interface ResultRow {
  place: string
  parameter: string
  techniques: string
  note: string
}

/** The rows of sqlmap's results CSV (written when custom markers are used): one per injectable point. */
function resultRows(outputDir: string): ResultRow[] {
  return fs
    .readdirSync(outputDir)
    .filter((f) => /^results-.*\.csv$/.test(f))
    .flatMap((f) => fs.readFileSync(path.join(outputDir, f), 'utf8').split('\n').slice(1))
    .filter((line) => line.trim() !== '')
    .map((line) => {
      // Target URL,Place,Parameter,Technique(s),Note(s); only the URL may hold commas.
      const [place = '', parameter = '', techniques = '', note = ''] = line.split(',').slice(-4)
      return { place, parameter, techniques, note }
    })
}

const TECHNIQUES: Record<string, string> = { B: 'boolean-based blind', E: 'error-based', U: 'UNION query', S: 'stacked queries', T: 'time-based blind', Q: 'inline query' }

/**
 * sqlmap numbers the marks of each place (`#2*` in the URL, `JSON #1*` in the body); this names
 * the point of the table instead: `query.name by boolean-based blind, UNION query`.
 */
function describeRow(points: string[], row: ResultRow): string {
  const n = Number(/#(\d+)\*/.exec(row.parameter)?.[1] ?? 0)
  const headerOf = (point: string) => (point === 'cookie.session' ? 'cookie' : point.slice('header.'.length).toLowerCase())
  let name: string | undefined
  if (row.place === 'URI') name = points.filter((p) => /^(path|query)\./.test(p))[n - 1]
  else if (row.place.includes('POST')) name = points.filter((p) => p.startsWith('body.'))[n - 1]
  else name = points.find((p) => !p.startsWith('body.') && row.parameter.toLowerCase().startsWith(headerOf(p)))
  return `${name ?? `${row.place} ${row.parameter}`} by ${[...row.techniques].map((t) => TECHNIQUES[t] ?? t).join(', ')}`
}
