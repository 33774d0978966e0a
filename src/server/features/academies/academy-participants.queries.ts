import type { Db } from '../../db/connect.ts'
import { boolParam, toCount } from '../../db/values.ts'
import type { AcademyParticipants } from '../../../shared/contracts/academies.ts'
import { listPlaceParticipants } from '../../core/registrations/participants.queries.ts'

/**
 * An academy's participants (places confirmed, held for payment or offered), by name, with what
 * staff and the coach need — the medical notes among them, so only staff routes answer this — and
 * the sessions each attended; then its waitlist in order. Undefined when there is no such academy.
 */
export async function listParticipants(db: Db, academyId: string): Promise<AcademyParticipants | undefined> {
  const academy = await db.kysely
    .selectFrom('academies as a')
    .innerJoin('offerings as o', (join) => join.onRef('o.academyId', '=', 'a.id').on('o.kind', '=', 'academy-place'))
    .select(['a.id', 'a.name', 'a.startDate', 'o.id as offeringId', 'o.capacity', 'o.placesTaken'])
    .where('a.id', '=', academyId)
    .executeTakeFirst()
  if (!academy) return undefined
  const [{ participants, waitlist }, attendance] = await Promise.all([
    listPlaceParticipants(db, academy.offeringId, academy.startDate),
    db.kysely
      .selectFrom('academyAttendance as att')
      .innerJoin('registrations as r', 'r.id', 'att.registrationId')
      .select((eb) => ['att.registrationId', eb.fn.countAll<string | number>().as('n')])
      .where('r.offeringId', '=', academy.offeringId)
      .where('att.present', '=', boolParam(db.dialect, true))
      .groupBy('att.registrationId')
      .execute(),
  ])
  const attended = new Map(attendance.map((row) => [row.registrationId, toCount(row.n)]))
  return {
    academy: { id: academy.id, name: academy.name, startDate: academy.startDate, capacity: academy.capacity, placesTaken: academy.placesTaken },
    participants: participants.map((p) => ({ ...p, attended: attended.get(p.registrationId) ?? 0 })),
    waitlist,
  }
}
