import type { FastifyInstance } from 'fastify'
import { readStandings } from '../../../shared/contracts/scores.ts'
import { notFound } from '../../core/refusals.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { leagueStandings } from './standings.queries.ts'

/** A team league's standings, open to everyone once its schedule is published (issue 33). */
export function registerScoreRoutes(app: FastifyInstance, { db }: Pick<RouteDeps, 'db' | 'now'>): void {
  serve(app, readStandings, async (req) => {
    const standings = await leagueStandings(db, req.params.leagueId)
    if (!standings) throw notFound('This league has no standings: it is not a team league with a published schedule.')
    return { standings }
  })
}
