import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { listActiveLeagues } from './leagues.queries.ts'

export function registerLeagueRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** Open to everyone: the home page's cards (spec §1, §4). */
  app.get('/api/leagues/active', async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { leagues: await listActiveLeagues(db) }
  })
}
