import type { ScanSite } from './scan-site.ts'
import { injectionPoints, type Target } from './scan-targets.ts'

/**
 * What every sqlmap payload carries besides the value it starts from: a quote, a parenthesis, a
 * space or comment between words, a statement's end, a LIKE wildcard. A value that holds none of
 * these cannot change the shape of a query, however it is put together.
 */
export const PROBES = ["'", '"', ')', ' AND 1=1', '/**/OR/**/1', ';SELECT 1', '%']

/**
 * The values whose shape alone the contract checks, before a handler reads the database: a number
 * or an amount, a date, a time of day, a list of numbers, yes or no. A name, an email address, a
 * code or an id may be looked up before it is refused, so it always goes to sqlmap.
 */
const SHAPED = /^(true|false|-?\d+(\.\d+)?|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|\d+(,\d+)+)$/

/**
 * The points of a target with a shaped value (above) whose contract refuses every probe by name (a
 * 400 whose `fields` names the point). sqlmap would send them hundreds of payloads for hundreds
 * of the same 400s (issue 31: the scan aims at points a payload can reach); the fuzz tests prove
 * those refusals on every route. Every other point (free text, ids, choices, headers, the session
 * cookie) still goes to sqlmap. Probed just before the target's own run, so a target that runs
 * last is probed last too.
 */
export async function closedPoints(site: ScanSite, target: Target): Promise<string[]> {
  const closed: string[] = []
  for (const point of injectionPoints(target)) {
    const [place] = point.split('.')
    if (place !== 'path' && place !== 'query' && place !== 'body') continue
    if (!SHAPED.test(String(valueAt(target, point)))) continue
    // A value refused as it stands says nothing of the probes.
    if (await refusedByName(site, target, point, '')) continue
    let refusedEveryProbe = true
    for (const probe of PROBES) {
      if (!(await refusedByName(site, target, point, probe))) {
        refusedEveryProbe = false
        break
      }
    }
    if (refusedEveryProbe) closed.push(point)
  }
  return closed
}

/** Sends the target's request with `probe` after the point's value; whether a 400 names that point. */
async function refusedByName(site: ScanSite, target: Target, point: string, probe: string): Promise<boolean> {
  const spliced = (at: string, value: string) => (at === point ? `${value}${probe}` : value)
  const [method, pattern] = target.route.split(' ') as [string, string]
  const url = pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(spliced(`path.${name}`, target.params![name]!)))
  const query = new URLSearchParams(Object.entries(target.query ?? {}).map(([k, v]) => [k, spliced(`query.${k}`, v)])).toString()
  const body = target.body && withProbe(target.body, 'body', spliced)
  const res = await fetch(`${site.url}${url}${query ? `?${query}` : ''}`, {
    method,
    headers: {
      origin: site.origin,
      cookie: site[target.as].cookie,
      ...target.headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (res.status !== 400) {
    await res.body?.cancel()
    return false
  }
  const answer = (await res.json()) as { error?: { fields?: Record<string, string> } }
  const name = point.slice(point.indexOf('.') + 1)
  return Object.keys(answer.error?.fields ?? {}).some((field) => field === name || field === name.split('.')[0])
}

function withProbe(value: unknown, at: string, spliced: (at: string, value: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item, i) => withProbe(item, `${at}.${i}`, spliced))
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withProbe(v, `${at}.${k}`, spliced)]))
  return typeof value === 'string' ? spliced(at, value) : value
}

/** The sample value the table gives a point (`body.participants.0.childId`). */
function valueAt(target: Target, point: string): unknown {
  const [place, ...keys] = point.split('.')
  let value: unknown = place === 'path' ? target.params : place === 'query' ? target.query : target.body
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key]
  return value
}
