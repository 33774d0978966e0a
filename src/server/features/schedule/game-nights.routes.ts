import type { FastifyInstance } from 'fastify'
import { readGameNights, setGameNights as setContract } from '../../../shared/contracts/schedule.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { actorOf } from '../../http/actor.ts'
import { findTeamLeague, gameNightsView, setGameNights } from './game-nights.queries.ts'

/** A team league's game nights, count of games and standings rules (issue 33), for admins. */
export function registerGameNightRoutes(app: FastifyInstance, { db, now }: Pick<RouteDeps, 'db' | 'now'>): void {
  serve(app, readGameNights, async (req) => gameNightsView(db, await findTeamLeague(db, req.params.leagueId)))

  serve(app, setContract, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    await setGameNights(db, league, req.body, { by: actorOf(req, user), now: now() })
    return gameNightsView(db, league)
  })
}
