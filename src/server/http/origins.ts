import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { OriginRules } from '../config.ts'
import { forbidden } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The origin a request was addressed to: its scheme and Host (as told by trusted proxies). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`
}

/**
 * Whether a browser page at `origin` may change things on this site. With PUBLIC_URL set, only
 * the listed origins; without it, also the origin the request itself was addressed to, so the
 * site works at localhost, 127.0.0.1 and the machine's network address alike
 * (docs/decisions/0009).
 */
export function acceptsOrigin(rules: OriginRules, origin: string, ownOrigin: string): boolean {
  return rules.listed.includes(origin) || (rules.sameHost && origin === ownOrigin)
}

/**
 * The address the person's browser is on, for a link handed over there (the desk's password
 * link): the request's Origin when the site accepts it, otherwise PUBLIC_URL. Only a page the
 * same-origin check would let through can name it, so a forged Host or Origin gets PUBLIC_URL.
 * Emailed links keep PUBLIC_URL (docs/decisions/0009).
 */
export function siteOf(req: FastifyRequest, rules: OriginRules, publicUrl: string): string {
  const origin = req.headers.origin
  return typeof origin === 'string' && acceptsOrigin(rules, origin, requestOrigin(req)) ? origin : publicUrl
}

/** What the start banner says about accepted origins. */
export function describeOrigins(rules: OriginRules): string {
  const listed = rules.listed.join(', ')
  if (!rules.sameHost) return listed
  return listed ? `the address each request was sent to, and ${listed}` : 'the address each request was sent to'
}

/**
 * Cross-site request forgery defence for every state-changing API call: a browser names the
 * page's origin, so a foreign Origin or a cross-site fetch is refused. A request that carries the
 * site's cookies (the session, the known device) acts as that browser's person, so it must show
 * where it comes from: a matching Origin, or, where a browser sent none, `Sec-Fetch-Site:
 * same-origin`. A request without cookies (a script with a bearer token) has no one to act as.
 */
export function installSameOriginCheck(app: FastifyInstance, rules: OriginRules): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done()
    const origin = req.headers.origin
    const site = req.headers['sec-fetch-site']
    const fromSite = origin === undefined ? site === 'same-origin' || (site === undefined && !req.headers.cookie) : acceptsOrigin(rules, origin, requestOrigin(req))
    done(site === 'cross-site' || !fromSite ? forbidden('This request must come from the registration site itself.') : undefined)
  })
}
