import type { Db } from '../../db/connect.ts'
import { batchedRead } from '../../db/read-batches.ts'
import { boolParam, inList } from '../../db/values.ts'
import { academySessionRange, readSchedule } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import type { LateSignUpPrice } from '../../../shared/prices.ts'
import { conflict, notFound } from '../../core/refusals.ts'
import type { Kind, PlaceOfKind } from '../../core/registrations/kinds.ts'
import { OFFERING_COLUMNS, ownRules, PRICE_COLUMNS, type Offering } from '../../core/registrations/offerings.queries.ts'
import { scheduleOf } from '../../core/registrations/programs.ts'
import { programEmailLines } from '../../core/registrations/registration-emails.ts'
import { href } from '../../../shared/paths.ts'

/**
 * A child's place in an academy, as the registration engine knows it (kinds.ts): a family cancels
 * a place before the first session; after it, the front desk does.
 */
export const academyKind: Kind<'academy-place'> = {
  rules: { mayLeave: beforeFirstSession },
  details: async (_db, places) => places.map((place) => ({ kind: 'academy-place', schedule: scheduleOf(place) })),
  emails: programEmailLines,
  staffPage: () => href('academyRegistrations'),
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

/** The places of an academy open for registration, for a sign-up online or at the desk; a 404 otherwise. */
export async function openAcademyOffering(db: Db, academyId: string): Promise<Offering> {
  const offering = await findAcademyOffering(db, academyId)
  if (!offering) throw notFound('This academy is not open for registration.')
  return offering
}

/** The places of an active academy; undefined when there is none. */
export function findAcademyOffering(db: Db, academyId: string): Promise<Offering | undefined> {
  return academyOfferingOf(db, academyId)
}

/** The places of active academies: the requests arriving together (a rush of sign-ups) in one query, each priced by its sessions. */
const academyOfferingOf = batchedRead(async (db: Db, academyIds: readonly string[]) => {
  const rows = await db.kysely
    .selectFrom('offerings as o')
    .innerJoin('academies as a', 'a.id', 'o.academyId')
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select([...OFFERING_COLUMNS, ...PRICE_COLUMNS])
    .select(['a.id as ownerId', 'a.name', 'a.registrationDate', 'a.registrationDeadline', 'a.startDate', 'a.minAge', 'a.maxAge', 'a.forChildren', 'a.waiverRequired', 'a.payAtSignUp'])
    .select(['a.weekdays', 'a.startTime', 'a.endTime', 'a.skippedDates', 'a.endDate', 'p.lateSignUpPrice'])
    .where(inList(db.dialect, 'o.academyId', [...new Set(academyIds)]))
    .where('o.kind', '=', 'academy-place')
    .where('a.isActive', '=', boolParam(db.dialect, true))
    .execute()
  const found = new Map(
    rows.map(({ weekdays, startTime, endTime, skippedDates, endDate, lateSignUpPrice, ...row }) => {
      const { sessionDates } = readSchedule({ weekdays, startTime, endTime, skippedDates, startDate: row.startDate, endDate })
      const lastDay = academySessionRange({ sessionDates, startDate: row.startDate, endDate }).last
      return [row.ownerId, ownRules({ ...row, lastDay }, { dates: sessionDates, lateSignUpPrice: (lateSignUpPrice ?? 'full') satisfies LateSignUpPrice })]
    }),
  )
  return academyIds.map((id) => found.get(id))
})
