import type { FastifyInstance } from 'fastify'
import { cancelSession as cancelSessionContract, getAttendance, markAttendance as markAttendanceContract } from '../../../shared/contracts/attendance.ts'
import { facilityToday } from '../../../shared/format.ts'
import { notFound } from '../../http/errors.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { inTransaction } from '../../db/transaction.ts'
import { placeLabelOf, recordStaffAction } from '../../core/audit.ts'
import type { Db } from '../../db/connect.ts'
import { actorOf } from '../../http/actor.ts'
import { findAcademyForAdmin } from './academies.admin.queries.ts'
import { attendanceSheet, markAttendance } from './academy-attendance.queries.ts'
import { cancelSession } from './academy-session-changes.ts'

/**
 * The coach's side of an academy: the attendance sheet and marks at the door (staff: the coach
 * and the front desk), and cancelling a session (admins: it changes the academy's schedule, as
 * its form does, and emails every family).
 */
export function registerAcademyAttendanceRoutes(app: FastifyInstance, { db, config, now }: RouteDeps): void {
  const academyOf = async (academyId: string) => {
    const academy = await findAcademyForAdmin(db, academyId)
    if (!academy) throw notFound('There is no such academy.')
    return academy
  }

  serve(app, getAttendance, async (req) => attendanceSheet(db, await academyOf(req.params.academyId), facilityToday(now(), config.site.timeZone)))

  serve(app, markAttendanceContract, async (req, _reply, { user }) => {
    const at = now()
    const { registrationId, sessionDate, present } = req.body
    const record = async (tx: Db, was: boolean | null) => {
      const entity = { kind: 'registration' as const, id: registrationId, label: await placeLabelOf(tx, registrationId) }
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'attendance-marked', entity, before: { present: was }, after: { present, sessionDate }, now: at })
    }
    const mark = await markAttendance(db, await academyOf(req.params.academyId), req.body, { userId: user.id, now: at, record })
    return { mark }
  })

  serve(app, cancelSessionContract, async (req, _reply, { user }) => {
    const at = now()
    const { academyId, date } = req.params
    return inTransaction(db, async (tx) => {
      const cancelled = await cancelSession(tx, academyId, date, { now: at, today: facilityToday(at, config.site.timeZone), siteUrl: config.publicUrl })
      const academy = await findAcademyForAdmin(tx, academyId)
      const entity = { kind: 'academy' as const, id: academyId, label: academy?.name ?? academyId }
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'session-cancelled', entity, before: null, after: { date, emailed: cancelled.emailed }, now: at })
      return cancelled
    })
  })
}
