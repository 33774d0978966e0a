import type { FastifyInstance } from 'fastify'
import { readLeagueGames, readTeamGames } from '../../../shared/contracts/open-schedule.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { leagueSchedule } from '../../core/open-schedule.queries.ts'
import { teamGames } from '../../core/team-games.queries.ts'

/** A team league's published schedule and a team's own games, open to everyone (issue 33). */
export function registerOpenScheduleRoutes(app: FastifyInstance, { db, config, now }: Pick<RouteDeps, 'db' | 'config' | 'now'>): void {
  serve(app, readLeagueGames, async (req) => leagueSchedule(db, req.params.leagueId))
  serve(app, readTeamGames, async (req) => teamGames(db, req.params.leagueId, req.params.teamId, { now: now(), timeZone: config.site.timeZone }))
}
