import type { FastifyInstance } from 'fastify'
import {
  changePlayingArea as changeContract,
  createPlayingArea as createContract,
  deletePlayingArea as deleteContract,
  facilityCalendar as calendarContract,
  listPlayingAreas as listContract,
} from '../../../shared/contracts/schedule.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { actorOf } from '../../http/actor.ts'
import { calendarDays } from './facility-calendar.queries.ts'
import { changePlayingArea, createPlayingArea, deletePlayingArea, listPlayingAreas } from './playing-areas.queries.ts'

/** The facility's playing areas (issue 33), for admins: list, add, rename or change sports, delete; and for staff, what is on them day by day. */
export function registerPlayingAreaRoutes(app: FastifyInstance, { db, now }: Pick<RouteDeps, 'db' | 'now'>): void {
  serve(app, listContract, async () => ({ areas: await listPlayingAreas(db) }))

  serve(app, calendarContract, async (req) => ({ days: await calendarDays(db, req.query.from, req.query.to) }))

  serve(app, createContract, async (req, _reply, { user }) => ({ area: await createPlayingArea(db, req.body, { by: actorOf(req, user), now: now() }) }))

  serve(app, changeContract, async (req, _reply, { user }) => ({ area: await changePlayingArea(db, req.params.areaId, req.body, { by: actorOf(req, user), now: now() }) }))

  serve(app, deleteContract, async (req, _reply, { user }) => ({ deleted: await deletePlayingArea(db, req.params.areaId, { by: actorOf(req, user), now: now() }) }))
}
