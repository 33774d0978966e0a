import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyServerFactory } from 'fastify'
import type { ActiveLeagues } from './active-leagues.ts'

/** Answers a request before the framework sees it; false leaves it to the framework. */
export type FrontAnswer = (req: IncomingMessage, res: ServerResponse) => boolean

/** Hop-by-hop and per-response headers: never replayed. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** How long an answer the framework would not let us keep (a 503 under overload) is left to it. */
const RETRY_MS = 1000

/**
 * An HTTP server that offers every request to `front()` first and gives the framework the rest,
 * with the framework's own timeouts.
 */
export function serverAnsweringFirst(front: () => FrontAnswer): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((req, res) => {
      if (!front()(req, res)) handler(req, res)
    })
    // What Fastify sets on a server it makes itself (it fills these options with its defaults).
    const ms = (name: string, fallback: number) => (typeof options[name] === 'number' ? options[name] : fallback)
    server.keepAliveTimeout = ms('keepAliveTimeout', server.keepAliveTimeout)
    server.requestTimeout = ms('requestTimeout', server.requestTimeout)
    server.setTimeout(ms('connectionTimeout', 0))
    return server
  }
}

interface Kept {
  /** The leagues the answer was made from. */
  json: string | undefined
  reply?: { status: number; headers: OutgoingHttpHeaders; body: string }
  refilling?: boolean
  retryAt?: number
}

/**
 * The busiest answers of a sell-out night, the home page and its leagues, are public, take no
 * input and change only when a league does. They are kept as the framework made them (status,
 * headers, bytes) and replayed until the leagues change (docs/decisions/0007): the framework
 * itself answers the first request after a change while the new answer is made.
 */
export function answerHomeFirst(app: FastifyInstance, activeLeagues: ActiveLeagues, paths: string[]): FrontAnswer {
  const kept = new Map<string, Kept>(paths.map((path) => [path, { json: undefined }]))

  async function refill(path: string, entry: Kept, json: string): Promise<void> {
    entry.refilling = true
    try {
      const res = await app.inject({ method: 'GET', url: path })
      if (res.statusCode !== 200 || res.headers['set-cookie'] !== undefined) {
        entry.retryAt = Date.now() + RETRY_MS
        return
      }
      const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !NOT_REPLAYED.has(name)))
      // Both answers are UTF-8 text; a string goes out in one write with the head.
      entry.reply = { status: res.statusCode, headers, body: res.payload }
      entry.json = json
    } finally {
      entry.refilling = false
    }
  }

  return (req, res) => {
    if (req.method !== 'GET' || req.url === undefined) return false
    const entry = kept.get(req.url)
    if (!entry) return false
    const json = activeLeagues.json()
    if (typeof json !== 'string') return false
    if (entry.json !== json || !entry.reply) {
      if (!entry.refilling && !(entry.retryAt && Date.now() < entry.retryAt)) {
        refill(req.url, entry, json).catch((error: unknown) => app.log.error({ err: error }, `Could not keep the answer of ${req.url}`))
      }
      return false
    }
    res.writeHead(entry.reply.status, entry.reply.headers)
    res.end(entry.reply.body)
    return true
  }
}
