import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import type { Db } from '../../db/connect.ts'
import { toCount } from '../../db/values.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import type { Found } from './attention-found.ts'

/** A program this many days or fewer from its start, still short of its minimum, needs a decision: run it, merge it, or call it off. */
export const MINIMUM_WARNING_DAYS = 7

/**
 * Leagues, academies and camps starting within a week (not yet started) whose confirmed places
 * are fewer than their minimum (docs/decisions/0030): the places that carry a minimum (migration
 * 0042: an individual league's players, a team league's teams, an academy's or a camp's
 * children), counted as the engine holds them confirmed. Named and dated through offeringFacts,
 * linked through each kind's staff page (`Kind.staffPage`), so no kind is named here.
 */
export async function belowMinimum(seen: { db: Db; today: string; timeZone: string }, kinds: Kinds): Promise<Found[]> {
  const { db, today } = seen
  const rows = await db.kysely
    .selectFrom('offerings as o')
    .innerJoin('offeringFacts as f', 'f.offeringId', 'o.id')
    .select((eb) => [
      'o.kind',
      'o.minimum',
      'f.ownerId',
      'f.name',
      'f.startDate',
      eb.selectFrom('registrations as r').select((s) => s.fn.countAll<string | number>().as('n')).whereRef('r.offeringId', '=', 'o.id').where('r.status', '=', 'confirmed').as('confirmed'),
    ])
    .where('o.minimum', 'is not', null)
    .where('f.startDate', '>', today)
    .where('f.startDate', '<=', addDays(today, MINIMUM_WARNING_DAYS))
    .execute()
  return rows.flatMap((row) => {
    const confirmed = toCount(row.confirmed ?? 0)
    const minimum = row.minimum!
    if (confirmed >= minimum) return []
    return [
      {
        kind: 'below-minimum' as const,
        who: row.name,
        what: () => `${confirmed} of minimum ${minimum} confirmed; starts on ${formatDate(row.startDate)}`,
        since: sessionStartsAt(addDays(row.startDate, -MINIMUM_WARNING_DAYS), '00:00', seen.timeZone).toISOString(),
        link: () => kinds[row.kind].staffPage(row.ownerId),
      },
    ]
  })
}
