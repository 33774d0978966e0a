// npm run verify:scan [-- --jobs 2] [--database-url postgres://…] [--only sqlmap|wapiti] [--route /api/children]
// The offline scanners of the security issue against the real built site on loopback: sqlmap on
// every parameter of every API route that a payload can reach (a parameter whose contract refuses
// every probe by name is listed, not attacked: scan-probe.ts), then wapiti on every page and API
// GET endpoint for what sqlmap does not test. Exits non-zero on any finding, any server error, or
// any point that was not really tested.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startScanSite, type ScanSite } from './scan-site.ts'
import { runSqlmap, SQLMAP_SETTINGS, STAFF_SETTINGS, type SqlmapRun } from './scan-sqlmap.ts'
import { accessOf, checkCoverage, scanTargets, withCustomerCopies } from './scan-targets.ts'
import { runWapiti, WAPITI_MODULES } from './scan-wapiti.ts'

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '2' },
    // A PostgreSQL server to scan against instead of SQLite (a fresh database, dropped after).
    'database-url': { type: 'string' },
    only: { type: 'string' },
    // Scans just the targets whose route contains this text (while working on one route).
    route: { type: 'string' },
  },
})
const SITE_PORT = 5000
const ENDPOINT_PORT = 5001

const started = performance.now()
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-report-'))
const site = await startScanSite(SITE_PORT, args['database-url'])
// Stopped from outside (a CI timeout): the server and its database go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void site.close().finally(() => process.exit(1)))
const failures: string[] = []
try {
  console.log(`Site: ${site.url} as ${site.origin} (production build, ${site.database}), ${site.routes.length} API routes, ${Object.keys(site.functions).length} callable functions`)
  if (args.only !== 'wapiti') failures.push(...(await scanWithSqlmap(site)))
  if (args.only !== 'sqlmap') failures.push(...(await scanWithWapiti(site)))
  failures.push(...(await sessionsStillValid(site)))
  if (site.errors.length > 0) failures.push(`server logged ${site.errors.length} errors, first: ${site.errors[0]!.slice(0, 500)}`)
} finally {
  await site.close()
}

console.log(`\nServer: ${site.served.length} requests served; ${Object.entries(tallyStatuses(site)).map(([s, n]) => `${s}: ${n}`).join(', ')}`)
console.log(`Wall time: ${((performance.now() - started) / 1000).toFixed(0)} s`)
if (failures.length > 0) {
  console.log(`\nFAILED (${failures.length}):`)
  for (const f of failures) console.log(`  - ${f}`)
  console.log(`The scanners' logs and reports are kept in ${workDir}`)
  process.exitCode = 1
} else {
  fs.rmSync(workDir, { recursive: true, force: true })
  console.log('\nNo finding.')
}

async function scanWithSqlmap(site: ScanSite): Promise<string[]> {
  const table = scanTargets(site)
  const problems = checkCoverage(table, site.routes, site.functions)
  const targets = withCustomerCopies(table, site.routes, site.functions).filter((t) => !args.route || t.route.includes(args.route))
  console.log(
    `\nsqlmap: ${targets.length} runs, level ${SQLMAP_SETTINGS.level} (${STAFF_SETTINGS.level} on staff-only routes), risk ${SQLMAP_SETTINGS.risk}, techniques ${SQLMAP_SETTINGS.technique}, ${args.jobs} at a time`,
  )
  const t0 = performance.now()
  const runs = await runSqlmap({
    site,
    targets,
    access: (t) => accessOf(t, site.routes, site.functions),
    jobs: Number(args.jobs),
    workDir,
    onDone: (run) => console.log(describe(run)),
  })
  const requests = runs.reduce((n, r) => n + r.served.requests, 0)
  const found = runs.flatMap((r) => r.injectable.map((p) => `${r.target.route} as ${r.target.as}: ${p} is injectable`))
  console.log(
    `sqlmap total: ${runs.length} runs, ${runs.reduce((n, r) => n + r.tested, 0)} of ${runs.reduce((n, r) => n + r.points.length, 0)} injection points tested, ${requests} requests served, ` +
      `${runs.reduce((n, r) => n + r.closed.length, 0)} closed by their contract (every probe refused by name), ${found.length} findings, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  )
  return [...problems, ...found, ...runs.flatMap((r) => r.problems.map((p) => `${r.target.route} as ${r.target.as}: ${p}`))]
}

async function scanWithWapiti(site: ScanSite): Promise<string[]> {
  console.log(`\nwapiti: modules ${WAPITI_MODULES.join(', ')}`)
  const run = await runWapiti({ site, targets: scanTargets(site), endpointPort: ENDPOINT_PORT, workDir })
  for (const [why, findings] of run.excused) console.log(`  excused ${findings.length} × ${findings[0]!.category} (e.g. ${findings[0]!.path}): ${why}`)
  for (const f of run.findings) console.log(`  FINDING: ${f.category} at ${f.method} ${f.path} ${f.parameter}: ${f.info}`)
  console.log(
    `wapiti total: ${run.startUrls} start URLs, ${run.attacked} URLs attacked, ${run.requests} requests served, ` +
      `${run.findings.length} findings (${[...run.excused.values()].flat().length} false positives excused), ${run.contacts} out-of-band contacts, ${run.seconds.toFixed(0)} s`,
  )
  return [...run.problems, ...run.findings.map((f) => `wapiti: ${f.category} at ${f.method} ${f.path} ${f.parameter}: ${f.info}`)]
}

function describe(run: SqlmapRun): string {
  const statuses = Object.entries(run.served.statuses).map(([s, n]) => `${s}×${n}`).join(' ')
  const verdict = run.injectable.length > 0 ? `INJECTABLE: ${run.injectable.join(', ')}` : run.problems.length > 0 ? `PROBLEM: ${run.problems.join('; ')}` : 'not injectable'
  const disproved = run.rejected > 0 ? ` (${run.rejected} candidate disproved by sqlmap's false-positive check)` : ''
  const closed = run.closed.length > 0 ? `, closed by contract [${run.closed.join(' ')}]` : ''
  return `  ${run.target.route} as ${run.target.as}: ${run.points.length} points [${run.points.join(' ')}]${closed}, ${run.served.requests} requests (${statuses}), ${run.seconds.toFixed(1)} s: ${verdict}${disproved}`
}

/** The scan must have run signed in from start to end: a session lost halfway makes it pointless. */
async function sessionsStillValid(site: ScanSite): Promise<string[]> {
  const problems: string[] = []
  for (const person of [site.customer, site.admin]) {
    const res = await fetch(`${site.url}/api/session`, { headers: { cookie: person.cookie } })
    const body = (await res.json()) as { user: { uid: string } | null }
    if (body.user?.uid !== person.id) problems.push(`${person.email}'s session ended during the scan`)
  }
  return problems
}

function tallyStatuses(site: ScanSite): Record<string, number> {
  const tally: Record<string, number> = {}
  for (const r of site.served) tally[r.status] = (tally[r.status] ?? 0) + 1
  return tally
}
