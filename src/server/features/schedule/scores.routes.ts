import type { FastifyInstance } from 'fastify'
import { readScoreSheet, readStandings, recordScore as recordContract } from '../../../shared/contracts/scores.ts'
import { notFound } from '../../core/refusals.ts'
import { actorOf } from '../../http/actor.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { findTeamLeague } from './game-nights.queries.ts'
import { recordScore, scoreSheet } from './scores.queries.ts'
import { leagueStandings } from './standings.queries.ts'

/** A team league's standings, open to everyone once its schedule is published, and the scorer's table, for staff (issue 33). */
export function registerScoreRoutes(app: FastifyInstance, { db, config, now }: Pick<RouteDeps, 'db' | 'config' | 'now'>): void {
  const timeZone = config.site.timeZone

  serve(app, readStandings, async (req) => {
    const standings = await leagueStandings(db, req.params.leagueId)
    if (!standings) throw notFound('This league has no standings: it is not a team league with a published schedule.')
    return { standings }
  })

  serve(app, readScoreSheet, async (req) => scoreSheet(db, req.query.leagueId, { now: now(), timeZone }))

  serve(app, recordContract, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    return { game: await recordScore(db, league, req.params.gameId, req.body, { by: actorOf(req, user), now: now(), timeZone }) }
  })
}
