import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, inList, timestampParam, toBool } from '../../db/values.ts'
import { invalid, notFound } from '../../core/refusals.ts'
import { ageOn } from '../../../shared/age.ts'
import { describeSchedule } from '../../../shared/academy-schedule.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import type { AttendanceMark, AttendanceSheet } from '../../../shared/contracts/attendance.ts'
import { formatDate } from '../../../shared/format.ts'
import { academyPlaces, participantName } from './academy-places.queries.ts'

/**
 * The coach's attendance sheet (issue 23): one row per confirmed place, one column per session,
 * a mark per cell written by whichever tablet at the door marked it last.
 */

/** "Tuesdays and Thursdays, 6:00 PM – 7:00 PM", or empty while the academy has no schedule. */
export function scheduleText(academy: Pick<AdminAcademy, 'weekdays' | 'startTime' | 'endTime'>): string {
  const { weekdays, startTime, endTime } = academy
  return startTime && endTime && weekdays.length > 0 ? describeSchedule({ weekdays, startTime, endTime }) : ''
}

export async function attendanceSheet(db: Db, academy: AdminAcademy, today: string): Promise<AttendanceSheet> {
  const places = await academyPlaces(db, academy.id, ['confirmed'])
  const marks =
    places.length === 0 || academy.sessionDates.length === 0
      ? []
      : await db.kysely
          .selectFrom('academyAttendance')
          .select(['registrationId', 'sessionDate', 'present'])
          .where(
            inList(
              db.dialect,
              'registrationId',
              places.map((p) => p.registrationId),
            ),
          )
          .where('sessionDate', 'in', academy.sessionDates)
          .orderBy('sessionDate')
          .orderBy('registrationId')
          .execute()
  return {
    academy: { id: academy.id, name: academy.name, coach: academy.coach, location: academy.location, schedule: scheduleText(academy) },
    today,
    sessions: academy.sessionDates,
    participants: places.map((place) => ({
      registrationId: place.registrationId,
      name: participantName(place),
      age: place.child ? ageOn(place.child.dateOfBirth, today) : null,
    })),
    marks: marks.map((m) => ({ registrationId: m.registrationId, sessionDate: m.sessionDate, present: toBool(m.present) })),
  }
}

/**
 * Marks one place present or absent at one session: one upsert on the cell's key, so two tablets
 * marking at the same moment never lose a mark, and the later mark of one cell replaces the earlier
 * (the same mark again is no change: it keeps who made it, and writes no audit entry).
 */
export async function markAttendance(
  db: Db,
  academy: AdminAcademy,
  mark: AttendanceMark,
  by: { userId: string; now: Date; record?: (tx: Db, was: boolean | null) => Promise<void> },
): Promise<AttendanceMark> {
  if (!academy.sessionDates.includes(mark.sessionDate)) {
    throw invalid(`${academy.name} has no session on ${formatDate(mark.sessionDate)}.`, { sessionDate: `${academy.name} has no session on ${formatDate(mark.sessionDate)}.` })
  }
  const place = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select('r.id')
    .where('r.id', '=', mark.registrationId)
    .where('o.academyId', '=', academy.id)
    .where('o.kind', '=', 'academy-place')
    .where('r.status', '=', 'confirmed')
    .executeTakeFirst()
  if (!place) throw notFound(`There is no such participant in ${academy.name}: their place may have been cancelled or moved. Reload the list.`)
  const markedAt = timestampParam(db.dialect, by.now)
  return inTransaction(db, async (tx) => {
    const was = await tx.kysely.selectFrom('academyAttendance').select('present').where('registrationId', '=', mark.registrationId).where('sessionDate', '=', mark.sessionDate).executeTakeFirst()
    const written = await tx.kysely
      .insertInto('academyAttendance')
      .values({ registrationId: mark.registrationId, sessionDate: mark.sessionDate, present: boolParam(tx.dialect, mark.present), markedBy: by.userId, markedAt })
      .onConflict((oc) =>
        oc
          .columns(['registrationId', 'sessionDate'])
          .doUpdateSet((eb) => ({
            present: eb.ref('excluded.present'),
            markedBy: eb.ref('excluded.markedBy'),
            markedAt: eb.ref('excluded.markedAt'),
          }))
          .where((eb) => eb('academyAttendance.present', '!=', eb.ref('excluded.present'))),
      )
      .executeTakeFirst()
    // The audit entry of a mark changed, as the write tells it: the same mark again, even from
    // another tablet at the same moment, changes nothing and writes none.
    if ((written.numInsertedOrUpdatedRows ?? 0n) > 0n) await by.record?.(tx, was ? toBool(was.present) : null)
    return mark
  })
}
