import type { FastifyInstance } from 'fastify'
import { listAcademies } from '../../../shared/contracts/academies.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../http/contract.ts'
import { listActiveAcademies } from './academies.queries.ts'

export function registerAcademyRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** Open to everyone: the Academies page. */
  serve(app, listAcademies, async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { academies: await listActiveAcademies(db) }
  })
}
