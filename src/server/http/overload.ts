import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect.ts'
import { HttpError } from './errors.ts'

/** Seconds a refused client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2

/**
 * Under more load than the database can take, API requests are refused at once with 503 and
 * Retry-After instead of queueing until they time out; as soon as the backlog drains, requests
 * are served again. Pages and assets need no database and are always served.
 */
export function installOverloadGuard(app: FastifyInstance, { db, maxBacklog }: { db: Db; maxBacklog: number }): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/') || db.backlog() <= maxBacklog) return done()
    reply.header('retry-after', String(RETRY_AFTER_SECONDS))
    done(new HttpError(503, 'The site is very busy right now. Please try again in a moment.'))
  })
}
