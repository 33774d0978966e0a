import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { matchRoute, ROUTES } from '../../src/shared/routes.ts'
import { startEndpoint } from './scan-endpoint.ts'
import type { ScanSite } from './scan-site.ts'
import type { Target } from './scan-targets.ts'

/**
 * Every wapiti 3.0.4 module that can run offline against this site and tests what sqlmap does
 * not. Left out: sql and blindsql (sqlmap aims at every parameter of every API route, and a page's
 * path and query reach the database only through those routes: the same injection points again,
 * with fewer payloads), buster (31,545 guessed names per folder: minutes for a static folder that
 * only holds the build), nikto and wapp (their databases are downloaded from the internet),
 * brute_login_form (the site has no HTML form; sign-in throttling is tested in auth.test.ts).
 */
export const WAPITI_MODULES = [
  'xss', 'permanentxss', 'exec', 'file', 'crlf', 'redirect', 'ssrf', 'xxe', 'shellshock',
  'csrf', 'http_headers', 'csp', 'cookieflags', 'backup', 'htaccess', 'methods',
]

interface Finding {
  category: string
  method: string
  path: string
  info: string
  parameter: string
}

export interface WapitiRun {
  startUrls: number
  /** URLs and forms the modules attacked, as wapiti listed them. */
  attacked: number
  requests: number
  findings: Finding[]
  /** False positives, each checked, grouped by the reason they are excused. */
  excused: Map<string, Finding[]>
  /** Requests the site sent to the out-of-band endpoint: each one is a server-side request forgery. */
  contacts: number
  seconds: number
  problems: string[]
}

interface Options {
  site: ScanSite
  targets: Target[]
  endpointPort: number
  workDir: string
}

/**
 * wapiti with the customer's session on every page of the shared route table and every API GET
 * endpoint, each once (the single-page app builds its links in JavaScript, so crawling finds
 * little, and what it finds are these addresses again), its JSON report judged finding by finding.
 */
export async function runWapiti({ site, targets, endpointPort, workDir }: Options): Promise<WapitiRun> {
  const started = performance.now()
  const endpoint = await startEndpoint(endpointPort)
  const urls = startUrls(site, targets)
  const report = path.join(workDir, 'wapiti.json')
  await site.settle()
  const before = site.served.length
  const output = await wapiti([
    '-u', `${site.url}/`,
    '--scope', 'folder',
    // The start addresses are every page and every API GET; crawling beyond them only found the
    // same pages again with other ids (an order's checkout fourteen times) and read React's forms
    // as GET queries that no server code reads (a page is rendered from its path alone).
    '-d', '0',
    ...urls.flatMap((u) => ['-s', u]),
    '-m', WAPITI_MODULES.join(','),
    // Level 2 also injects into the query string of addresses that take no parameter.
    '-l', '2',
    '-H', `Cookie: ${site.customer.cookie}`,
    // As a browser on the site would, so non-GET probes reach the handlers (http/same-origin.ts).
    '-H', `Origin: ${site.origin}`,
    '-c', cookieFile(site, workDir),
    '--external-endpoint', endpoint.url,
    '--internal-endpoint', endpoint.url,
    '--store-session', path.join(workDir, 'wapiti-session'),
    '--store-config', path.join(workDir, 'wapiti-config'),
    '--flush-session',
    '--no-bugreport',
    '-f', 'json',
    '-o', report,
    '-v', '1',
  ])
  await site.settle()
  await endpoint.close()
  fs.writeFileSync(path.join(workDir, 'wapiti.log'), output.text)

  const problems: string[] = []
  if (output.code !== 0 || !fs.existsSync(report)) problems.push(`wapiti exited with ${output.code}; see wapiti.log`)
  const findings = fs.existsSync(report) ? readFindings(report) : []
  const excused: WapitiRun['excused'] = new Map()
  const real: Finding[] = []
  for (const finding of findings) {
    const why = await excuse(site, finding)
    if (why) excused.set(why, [...(excused.get(why) ?? []), finding])
    else real.push(finding)
  }
  // A request for the endpoint's root is wapiti checking that it answers; payloads carry a path.
  const contacts = endpoint.contacts.filter((c) => c.kind !== '').length
  if (contacts > 0) problems.push(`the site requested the out-of-band endpoint ${contacts} times (server-side request forgery)`)
  const served = site.served.slice(before)
  if (served.some((r) => r.status >= 500)) problems.push('the server answered 5xx during the wapiti run')
  const attacked = new Set([...output.text.matchAll(/^\[\+\] (?:[A-Z]+ )?(\S+)/gm)].map((m) => m[1])).size
  return { startUrls: urls.length, attacked, requests: served.length, findings: real, excused, contacts, seconds: (performance.now() - started) / 1000, problems }
}

/** Every page with the ids of what the customer has (so each shows its content), every API GET, the health checks. */
function startUrls(site: ScanSite, targets: Target[]): string[] {
  const f = site.fixtures
  const samples: Record<string, string> = {
    leagueId: f.leagueId,
    userId: site.customer.id,
    registrationId: f.registrationId,
    childId: f.childId,
  }
  const fill = (pattern: string, params: Record<string, string> = {}) =>
    pattern.replace(/:(\w+)\??/g, (_m, name: string) => encodeURIComponent(params[name] ?? samples[name] ?? `sample-${name}`))
  const signUps: Record<string, string> = { '/academySignUp/:id': f.academyId, '/campSignUp/:id': f.campId, '/dropInSignUp/:id': f.dropInId }
  const pages = ROUTES.map((r) =>
    fill(r.path, {
      // A team's pages belong to the team league's league.
      leagueId: r.path.includes(':teamId') ? f.teamLeagueId : f.leagueId,
      teamId: f.teamId,
      academyId: f.academyId,
      campId: f.campId,
      dropInId: f.dropInId,
      orderId: f.orderId,
      checkoutId: f.checkoutId,
      ...(signUps[r.path] ? { id: signUps[r.path] } : {}),
    }),
  )
  const api = site.routes
    .filter((r) => r.method === 'GET')
    .flatMap((r) => {
      const scanned = targets.filter((t) => t.route === `GET ${r.url}`)
      const withQuery = (t: Target | undefined) => {
        const query = new URLSearchParams(t?.query ?? {}).toString()
        return fill(r.url, t?.params) + (query ? `?${query}` : '')
      }
      return scanned.length > 0 ? scanned.map(withQuery) : [withQuery(undefined)]
    })
  return [...new Set([...pages, ...api, ...site.plainGets])].map((p) => site.url + p)
}

/**
 * The session cookie as the server set it, for the cookieflags module: its Secure flag is the
 * real one (wapiti's cookie file cannot say HttpOnly; auth.test.ts checks that). A Secure cookie
 * is not sent over plain HTTP, so the session itself travels in the Cookie header given above.
 */
function cookieFile(site: ScanSite, workDir: string): string {
  const cookies: Record<string, object> = {}
  for (const header of site.customer.setCookie) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
    const eq = pair.indexOf('=')
    cookies[pair.slice(0, eq)] = {
      value: pair.slice(eq + 1),
      expires: null,
      secure: attributes.some((a) => a.toLowerCase() === 'secure'),
      port: null,
      version: 0,
    }
  }
  const file = path.join(workDir, 'wapiti-cookies.json')
  fs.writeFileSync(file, JSON.stringify({ [new URL(site.url).hostname]: { '/': cookies } }))
  return file
}

function readFindings(report: string): Finding[] {
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as Record<string, Record<string, Omit<Finding, 'category'>[]>>
  // Anomalies (an internal server error, a request that timed out) count as findings too.
  return (['vulnerabilities', 'anomalies'] as const).flatMap((section) =>
    Object.entries(parsed[section] ?? {}).flatMap(([category, items]) => items.map((item) => ({ ...item, category }))),
  )
}

/**
 * The false positives wapiti reports on this site, each excused only after checking that it is
 * the case described; anything else is a finding.
 */
async function excuse(site: ScanSite, finding: Finding): Promise<string | undefined> {
  if (finding.category === 'HTTP Secure Headers' && finding.info === 'X-XSS-Protection is not set') {
    return 'X-XSS-Protection is obsolete: browsers dropped the filter and OWASP advises not setting it; the CSP without inline script is the protection'
  }
  if (finding.category === 'Backup file') {
    // "/league/backup.sql" is the League page for a league id of "backup.sql": the app shell,
    // the same for every page, which then shows "not found" (inert when rendered for the signed-in
    // scanner). No file is served.
    const url = new URL(finding.path, site.url)
    const res = await fetch(url, { headers: { cookie: site.customer.cookie } })
    const body = await res.text()
    if (matchRoute(url.pathname) && res.headers.get('content-type')?.startsWith('text/html') && /<div id="root"[ >]/.test(body)) {
      return 'a page address with a parameter (/league/backup.sql is the League page for the id "backup.sql"): the app shell, checked for each, not a file'
    }
  }
  return undefined
}

function wapiti(args: string[]): Promise<{ text: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('wapiti', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ text, code }))
  })
}
