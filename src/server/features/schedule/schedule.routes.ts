import type { FastifyInstance } from 'fastify'
import { generateSchedule, publishSchedule as publishContract, readSchedule } from '../../../shared/contracts/schedule.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { actorOf } from '../../http/actor.ts'
import { findTeamLeague } from './game-nights.queries.ts'
import { generateDraft, publishSchedule } from './schedule-draft.queries.ts'
import { scheduleView } from './schedule.queries.ts'

/** A team league's schedule (issue 33), for admins: read it, generate a draft, publish it. */
export function registerScheduleRoutes(app: FastifyInstance, { db, now }: Pick<RouteDeps, 'db' | 'now'>): void {
  serve(app, readSchedule, async (req) => ({ schedule: await scheduleView(db, await findTeamLeague(db, req.params.leagueId)) }))

  serve(app, generateSchedule, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    const report = await generateDraft(db, league, { by: actorOf(req, user), now: now() })
    return { schedule: await scheduleView(db, league), report }
  })

  serve(app, publishContract, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    await publishSchedule(db, league, { by: actorOf(req, user), now: now() })
    return { schedule: await scheduleView(db, league) }
  })
}
