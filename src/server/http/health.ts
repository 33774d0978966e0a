import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { appliedMigrations, KNOWN_MIGRATIONS } from '../db/migrate.ts'
import { access } from './access.ts'

/** Where the process is in its life, for /readyz. */
export type Phase = 'starting' | 'serving' | 'stopping'

/**
 * For a load balancer or process manager (README, "Run it for real"): `/healthz` says the process
 * answers; `/readyz` says it should get traffic — started, not shutting down, its database
 * reachable and migrated, not overloaded. Both are tiny, open, and logged only when something is wrong.
 */
export function registerHealthRoutes(app: FastifyInstance, { db, maxBacklog }: { db: Db; maxBacklog: number }): void {
  let phase: Phase = 'starting'
  app.addHook('onListen', async () => {
    phase = 'serving'
  })
  // Before the server stops accepting connections, so a balancer polling /readyz sees 503 first.
  app.addHook('preClose', async () => {
    phase = 'stopping'
  })
  const quiet = { ...access('open'), logLevel: 'warn' as const }

  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', quiet, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    if (phase !== 'serving') return reply.code(503).send({ status: phase })
    // More waiting database work than it takes (http/overload.ts): send people elsewhere.
    if (db.backlog() > maxBacklog) return reply.code(503).send({ status: 'overloaded' })
    try {
      await sql`select 1`.execute(db.kysely)
      const applied = new Set(await appliedMigrations(db))
      const pending = KNOWN_MIGRATIONS.filter((name) => !applied.has(name))
      if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending', pending })
    } catch (error) {
      req.log.warn({ err: error }, 'readyz: the database does not answer')
      return reply.code(503).send({ status: 'database unreachable' })
    }
    return { status: 'ready' }
  })
}
