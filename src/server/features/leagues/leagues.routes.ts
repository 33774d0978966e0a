import type { FastifyInstance } from 'fastify'
import { listActiveLeagues, listOpenLeagues, readLeague } from '../../../shared/contracts/leagues.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../http/contract.ts'
import type { ActiveLeagues } from './active-leagues.ts'
import { notFound } from '../../http/errors.ts'
import { findLeagueSummary, listSignUpLeagues } from './leagues.queries.ts'

export function registerLeagueRoutes(app: FastifyInstance, { db, activeLeagues }: { db: Db; activeLeagues: ActiveLeagues }): void {
  /** Open to everyone: the home page's cards (product §1, §4), kept ready (docs/decisions/0007). */
  serve(app, listActiveLeagues, async (_req, reply) => {
    const json = await activeLeagues.json()
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json)
  })

  /** Open to everyone: the sign-up pages' leagues with price, places left and waitlist. */
  serve(app, listOpenLeagues, async (req, reply) => {
    const leagues = await listSignUpLeagues(db, req.query.sport)
    reply.header('cache-control', 'no-cache')
    return {
      leagues: leagues.map((l) => ({
        ...l,
        placesLeft: l.capacity === null ? null : Math.max(0, l.capacity - l.placesTaken),
      })),
    }
  })

  /** Signed-in people: one league's name, dates and price, closed ones too (their own league page). */
  serve(app, readLeague, async (req) => {
    const league = await findLeagueSummary(db, req.params.leagueId)
    if (!league) throw notFound('There is no such league.')
    return { league }
  })
}
