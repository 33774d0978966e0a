import type { FastifyInstance } from 'fastify'
import type { CurrentUser } from '../../auth/guards.ts'
import { academyCalendarLink, calendarFeed, renewAcademyCalendarLink, renewTeamCalendarLink, teamCalendarLink } from '../../../shared/contracts/calendar.ts'
import { CHARGED_STATUSES } from '../../../shared/schemas/registration.ts'
import { isStaff } from '../../../shared/roles.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { notFound } from '../../http/errors.ts'
import { holdsAcademyPlace } from '../academies/academy-places.queries.ts'
import { canManage } from '../teams/team-view.ts'
import { teamState } from '../teams/teams.queries.ts'
import { eventsOf } from './calendar-events.ts'
import { feedOwnerOf, feedTokenOf, regenerateFeedToken, type FeedOwner } from './calendar-feeds.queries.ts'
import { calendarText } from './ical.ts'

const feedPath = (token: string) => `/calendar/${token}.ics`

/**
 * Calendar feeds (issue 33): the feed itself, open to whoever holds its link (a calendar app
 * fetches it without a session), and the link, for those who take part and for staff.
 */
export function registerCalendarRoutes(app: FastifyInstance, { db, config, now }: RouteDeps): void {
  const host = new URL(config.publicUrl).host

  serve(app, calendarFeed, async (req, reply) => {
    const owner = await feedOwnerOf(db, req.params.token)
    const feed = owner && (await eventsOf(db, owner))
    if (!feed) throw notFound('This calendar link no longer works: open the team’s or the academy’s page for its current link.')
    const text = calendarText({ name: `${feed.name} — ${config.site.facilityName}`, timeZone: config.site.timeZone, host, events: feed.events }, now())
    // The token is the secret: no shared cache keeps the feed, and no page it is opened from learns the link.
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(text)
  })

  const academyOf = async (academyId: string) => {
    const academy = await db.kysely.selectFrom('academies').select(['id', 'name']).where('id', '=', academyId).executeTakeFirst()
    if (!academy) throw notFound('There is no such academy.')
    return academy
  }

  serve(app, academyCalendarLink, async (req, _reply, { user }) => {
    const academy = await academyOf(req.params.academyId)
    // Someone else's academy answers as one that does not exist, as every owner route does.
    if (!isStaff(user.role) && !(await holdsAcademyPlace(db, academy.id, user.id))) throw notFound('There is no such academy.')
    return { path: feedPath(await feedTokenOf(db, { kind: 'academy', id: academy.id }, now())) }
  })

  serve(app, renewAcademyCalendarLink, async (req, _reply, { user }) => {
    const academy = await academyOf(req.params.academyId)
    const owner: FeedOwner = { kind: 'academy', id: academy.id }
    const at = now()
    return inTransaction(db, async (tx) => {
      const token = await regenerateFeedToken(tx, owner, at)
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'calendar-link-renewed', entity: { kind: 'academy', id: academy.id, label: academy.name }, before: null, after: null, now: at })
      return { path: feedPath(token) }
    })
  })

  /** The team for its captain, its players and staff; to anyone else (a player taken off it too) it does not exist. */
  const teamFor = async (params: { leagueId: string; teamId: string }, viewer: CurrentUser) => {
    const state = await teamState(db, params.leagueId, params.teamId)
    const plays = state?.players.some((p) => p.userId === viewer.id && CHARGED_STATUSES.includes(p.status))
    if (!state || !(plays || canManage(state, viewer))) throw notFound('There is no such team.')
    return state
  }

  serve(app, teamCalendarLink, async (req, _reply, { user }) => {
    const { team } = await teamFor(req.params, user)
    return { path: feedPath(await feedTokenOf(db, { kind: 'team', id: team.id }, now())) }
  })

  serve(app, renewTeamCalendarLink, async (req, _reply, { user }) => {
    const state = await teamFor(req.params, user)
    if (!canManage(state, user)) throw notFound('There is no such team.')
    const at = now()
    return inTransaction(db, async (tx) => {
      const token = await regenerateFeedToken(tx, { kind: 'team', id: state.team.id }, at)
      if (isStaff(user.role)) {
        await recordStaffAction(tx, { by: actorOf(req, user), action: 'calendar-link-renewed', entity: { kind: 'team', id: state.team.id, label: state.team.name }, before: null, after: null, now: at })
      }
      return { path: feedPath(token) }
    })
  })
}
