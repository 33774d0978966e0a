import type { Db } from '../../db/connect.ts'
import { batchedRead } from '../../db/read-batches.ts'
import { boolParam, inList } from '../../db/values.ts'
import { formatDate } from '../../../shared/format.ts'
import { conflict } from '../../core/refusals.ts'
import type { Kind, PlaceOfKind } from '../../core/registrations/kinds.ts'
import { OFFERING_COLUMNS, ownRules, PRICE_COLUMNS, type Offering } from '../../core/registrations/offerings.queries.ts'
import { scheduleOf } from '../../core/registrations/programs.ts'
import { programEmailLines } from '../../core/registrations/registration-emails.ts'
import { href } from '../../../shared/paths.ts'

/**
 * A child's place at a camp, as the registration engine knows it (kinds.ts): a family cancels a
 * place before the first day; from the first day on, the front desk does.
 */
export const campKind: Kind<'camp-place'> = {
  rules: { mayLeave: beforeFirstDay },
  details: async (_db, places) => places.map((place) => ({ kind: 'camp-place', schedule: scheduleOf(place) })),
  emails: programEmailLines,
  staffPage: () => href('campRegistrations'),
}

async function beforeFirstDay(tx: Db, place: PlaceOfKind, today: string): Promise<void> {
  const camp = await tx.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('camps as k', 'k.id', 'o.campId')
    .select(['k.name', 'k.startDate'])
    .where('r.id', '=', place.registrationId)
    .executeTakeFirst()
  if (camp && today >= camp.startDate) {
    throw conflict(`${camp.name} began on ${formatDate(camp.startDate)}. Ask the front desk to cancel a place once the camp has begun.`)
  }
}

/** The places of an open camp; undefined when there is none. */
export function findCampOffering(db: Db, campId: string): Promise<Offering | undefined> {
  return campOfferingOf(db, campId)
}

/** The places of open camps: the requests arriving together (a rush of sign-ups) in one query. A camp is for children, its price for all its days. */
const campOfferingOf = batchedRead(async (db: Db, campIds: readonly string[]) => {
  const rows = await db.kysely
    .selectFrom('offerings as o')
    .innerJoin('camps as k', 'k.id', 'o.campId')
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select([...OFFERING_COLUMNS, ...PRICE_COLUMNS])
    .select(['k.id as ownerId', 'k.name', 'k.registrationDate', 'k.registrationDeadline', 'k.startDate', 'k.endDate as lastDay', 'k.minAge', 'k.maxAge', 'k.waiverRequired', 'k.payAtSignUp'])
    .where(inList(db.dialect, 'o.campId', [...new Set(campIds)]))
    .where('o.kind', '=', 'camp-place')
    .where('k.isActive', '=', boolParam(db.dialect, true))
    .execute()
  const found = new Map(rows.map((row) => [row.ownerId, ownRules({ ...row, forChildren: true }, null)]))
  return campIds.map((id) => found.get(id))
})
