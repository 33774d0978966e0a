import type { FastifyInstance } from 'fastify'
import { BLACKOUT_MESSAGES, MOST_BLACKOUTS, readBlackouts, setBlackouts, type TeamBlackouts } from '../../../shared/contracts/blackouts.ts'
import { formatDate } from '../../../shared/format.ts'
import { isStaff } from '../../../shared/roles.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { conflict, invalid, notFound } from '../../core/refusals.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import type { CurrentUser } from '../../auth/guards.ts'
import { canManage } from '../teams/team-view.ts'
import { teamState, type TeamState } from '../teams/teams.queries.ts'
import { replaceBlackouts, teamBlackouts } from './blackouts.queries.ts'

/**
 * A team's blackout dates (issue 33): its captain and staff read and replace them; to anyone else,
 * its players too, the team answers as if it did not exist (as its other captain's routes do). A
 * change by staff is audited; the captain's own is theirs.
 */
export function registerBlackoutRoutes(app: FastifyInstance, { db, now }: Pick<RouteDeps, 'db' | 'now'>): void {
  const managedTeam = async (params: { leagueId: string; teamId: string }, viewer: CurrentUser): Promise<TeamState> => {
    const state = await teamState(db, params.leagueId, params.teamId)
    if (!state || !canManage(state, viewer)) throw notFound('There is no such team.')
    return state
  }
  const answer = async (state: TeamState): Promise<{ blackouts: TeamBlackouts }> => {
    const league = await db.kysely.selectFrom('leagues').select(['startDate', 'endDate']).where('id', '=', state.team.leagueId).executeTakeFirstOrThrow()
    return { blackouts: { team: { id: state.team.id, name: state.team.name }, season: league, dates: await teamBlackouts(db, state.team.id), most: MOST_BLACKOUTS } }
  }

  serve(app, readBlackouts, async (req, _reply, { user }) => answer(await managedTeam(req.params, user)))

  serve(app, setBlackouts, async (req, _reply, { user }) => {
    const state = await managedTeam(req.params, user)
    if (state.status === 'withdrawn') throw conflict(BLACKOUT_MESSAGES.withdrawn)
    const { season } = (await answer(state)).blackouts
    const dates = [...new Set(req.body.dates)].sort()
    if (dates.some((d) => d < season.startDate || d > season.endDate)) {
      const message = BLACKOUT_MESSAGES.outsideSeason(state.team.leagueName, formatDate(season.startDate), formatDate(season.endDate))
      throw invalid(message, { dates: message })
    }
    const at = now()
    await inTransaction(db, async (tx) => {
      const before = await replaceBlackouts(tx, state.team.id, dates)
      if (!isStaff(user.role)) return
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'blackouts-set', entity: { kind: 'team', id: state.team.id, label: `${state.team.name} (${state.team.leagueName})` }, before: { dates: before }, after: { dates }, now: at })
    })
    return answer(state)
  })
}
