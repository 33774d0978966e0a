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
 * A place at a drop-in session, as the registration engine knows it (kinds.ts): a family cancels
 * a place before the day of the session; on the day and after, the front desk does.
 */
export const dropInKind: Kind<'drop-in-place'> = {
  rules: { mayLeave: beforeTheDay },
  details: async (_db, places) => places.map((place) => ({ kind: 'drop-in-place', schedule: scheduleOf(place) })),
  emails: programEmailLines,
  staffPage: () => href('dropInSessions'),
}

async function beforeTheDay(tx: Db, place: PlaceOfKind, today: string): Promise<void> {
  const session = await tx.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('dropIns as d', 'd.id', 'o.dropInId')
    .select(['d.name', 'd.date'])
    .where('r.id', '=', place.registrationId)
    .executeTakeFirst()
  if (session && today >= session.date) {
    throw conflict(`${session.name} is on ${formatDate(session.date)}. Ask the front desk to cancel a place on the day of the session.`)
  }
}

/** The spots of an open drop-in session, with its day and end (`dropInOver`); undefined when there is none. */
export function findDropInOffering(db: Db, dropInId: string): Promise<(Offering & { date: string; endTime: string }) | undefined> {
  return dropInOfferingOf(db, dropInId)
}

/**
 * The spots of open drop-in sessions: the requests arriving together (a rush at the door) in one
 * query. It is on sale through its day until it ends (`dropInOver`), ages are counted on its day, and its price is the session's.
 */
const dropInOfferingOf = batchedRead(async (db: Db, dropInIds: readonly string[]) => {
  const rows = await db.kysely
    .selectFrom('offerings as o')
    .innerJoin('dropIns as d', 'd.id', 'o.dropInId')
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select([...OFFERING_COLUMNS, ...PRICE_COLUMNS])
    .select(['d.id as ownerId', 'd.name', 'd.registrationDate', 'd.date', 'd.endTime', 'd.minAge', 'd.maxAge', 'd.forChildren', 'd.waiverRequired', 'd.payAtSignUp'])
    .where(inList(db.dialect, 'o.dropInId', [...new Set(dropInIds)]))
    .where('o.kind', '=', 'drop-in-place')
    .where('d.isActive', '=', boolParam(db.dialect, true))
    .execute()
  const found = new Map(rows.map(({ date, endTime, ...row }) => [row.ownerId, { ...ownRules({ ...row, startDate: date, registrationDeadline: date, lastDay: date }, null), date, endTime }]))
  return dropInIds.map((id) => found.get(id))
})
