import type { FastifyInstance } from 'fastify'
import { generateSchedule, moveGame as moveContract, publishSchedule as publishContract, readSchedule, swapGames as swapContract } from '../../../shared/contracts/schedule.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { actorOf } from '../../http/actor.ts'
import type { Db } from '../../db/connect.ts'
import { findTeamLeague, type TeamLeague } from './game-nights.queries.ts'
import { moveGame, swapGames, type Changed } from './schedule-changes.queries.ts'
import { generateDraft, publishSchedule } from './schedule-draft.queries.ts'
import { scheduleView } from './schedule.queries.ts'

/** A team league's schedule (issue 33), for admins: read it, generate a draft, change it by hand, publish it. */
export function registerScheduleRoutes(app: FastifyInstance, { db, config, now }: Pick<RouteDeps, 'db' | 'config' | 'now'>): void {
  serve(app, readSchedule, async (req) => ({ schedule: await scheduleView(db, await findTeamLeague(db, req.params.leagueId)) }))

  serve(app, generateSchedule, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    await generateDraft(db, league, { by: actorOf(req, user), now: now() })
    const schedule = await scheduleView(db, league)
    return { schedule, report: schedule.report }
  })

  serve(app, publishContract, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    await publishSchedule(db, league, { by: actorOf(req, user), now: now() })
    return { schedule: await scheduleView(db, league) }
  })

  serve(app, moveContract, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    const changed = await moveGame(db, league, req.params.gameId, req.body, { by: actorOf(req, user), now: now(), siteUrl: config.publicUrl })
    return changeAnswer(db, league, changed)
  })

  serve(app, swapContract, async (req, _reply, { user }) => {
    const league = await findTeamLeague(db, req.params.leagueId)
    const changed = await swapGames(db, league, req.body.gameIds, { by: actorOf(req, user), now: now(), siteUrl: config.publicUrl })
    return changeAnswer(db, league, changed)
  })
}

/** The schedule after a change, with the warnings that name the games it moved. */
async function changeAnswer(db: Db, league: TeamLeague, changed: Changed) {
  const schedule = await scheduleView(db, league)
  return { schedule, warnings: schedule.problems.filter((p) => p.gameIds.some((id) => changed.gameIds.includes(id))), notified: changed.notified }
}
