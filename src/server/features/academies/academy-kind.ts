import type { Db } from '../../db/connect.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { conflict } from '../../core/refusals.ts'
import type { Kind, PlaceOfKind } from '../../core/registrations/kinds.ts'

/**
 * A child's place in an academy, as the registration engine knows it (kinds.ts): a family cancels
 * a place before the first session; after it, the front desk does.
 */
export const academyKind: Kind = {
  rules: { mayLeave: beforeFirstSession },
}

async function beforeFirstSession(tx: Db, place: PlaceOfKind, today: string): Promise<void> {
  const academy = await tx.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('academies as a', 'a.id', 'o.academyId')
    .select(['a.name', 'a.weekdays', 'a.startTime', 'a.endTime', 'a.skippedDates', 'a.startDate', 'a.endDate'])
    .where('r.id', '=', place.registrationId)
    .executeTakeFirst()
  if (!academy) return
  const first = readSchedule(academy).sessionDates[0] ?? academy.startDate
  if (today >= first) {
    throw conflict(`${academy.name} began on ${formatDate(first)}. Ask the front desk to cancel a place once the sessions have begun.`)
  }
}
