import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { listActiveAcademies } from './academies.queries.ts'
import { access } from '../../http/access.ts'

export function registerAcademyRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** Open to everyone: the Academies page. */
  app.get('/api/academies/active', access('open'), async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { academies: await listActiveAcademies(db) }
  })
}
