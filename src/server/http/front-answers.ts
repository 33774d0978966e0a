import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyServerFactory } from 'fastify'

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

/** The first of `answers` that answers the request, if any. */
export function firstOf(...answers: FrontAnswer[]): FrontAnswer {
  return (req, res) => answers.some((answer) => answer(req, res))
}

interface Kept {
  /** The version the answer was made at. */
  version: string | undefined
  reply?: { status: number; headers: OutgoingHttpHeaders; body: string }
  refilling?: boolean
  retryAt?: number
}

export interface KeptAnswers {
  paths: string[]
  /** What the answers are made from; a change makes them again, undefined leaves every request to the framework. */
  version(): string | undefined
  /** Which requests get the kept answer (all GETs of the paths by default): the others go to the framework. */
  serves?(req: IncomingMessage): boolean
}

/**
 * Public GETs without input whose answer changes seldom (the home page, its leagues, a visitor's
 * session) are kept as the framework made them (status, headers, bytes) and replayed while their
 * version stays the same (docs/decisions/0007): the framework itself answers the first request
 * after a change while the new answer is made.
 */
export function keptAnswers(app: FastifyInstance, { paths, version, serves = () => true }: KeptAnswers): FrontAnswer {
  const kept = new Map<string, Kept>(paths.map((path) => [path, { version: undefined }]))

  async function refill(path: string, entry: Kept, at: string): Promise<void> {
    entry.refilling = true
    try {
      const res = await app.inject({ method: 'GET', url: path })
      if (res.statusCode !== 200 || res.headers['set-cookie'] !== undefined) {
        entry.retryAt = Date.now() + RETRY_MS
        return
      }
      const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !NOT_REPLAYED.has(name)))
      // The answers are UTF-8 text; a string goes out in one write with the head.
      entry.reply = { status: res.statusCode, headers, body: res.payload }
      entry.version = at
    } finally {
      entry.refilling = false
    }
  }

  return (req, res) => {
    if (req.method !== 'GET' || req.url === undefined) return false
    const entry = kept.get(req.url)
    if (!entry || !serves(req)) return false
    const at = version()
    if (at === undefined) return false
    if (entry.version !== at || !entry.reply) {
      if (!entry.refilling && !(entry.retryAt && Date.now() < entry.retryAt)) {
        refill(req.url, entry, at).catch((error: unknown) => app.log.error({ err: error }, `Could not keep the answer of ${req.url}`))
      }
      return false
    }
    res.writeHead(entry.reply.status, entry.reply.headers)
    res.end(entry.reply.body)
    return true
  }
}
