import type { Db } from '../../db/connect.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { conflict } from '../../core/refusals.ts'
import { registerKindRules, type PlaceOfKind } from '../../core/registrations/kinds.ts'

/**
 * The rule academy places add to the registration engine (kinds.ts), registered where the app is
 * built: a family cancels a place before the first session; after it, the front desk does.
 */
export function registerAcademyRules(): void {
  registerKindRules('academy-place', { mayLeave: beforeFirstSession })
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
