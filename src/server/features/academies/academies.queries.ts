import { randomUUID } from 'node:crypto'
import type { Db, Dialect } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { createOffering } from '../../core/registrations/offerings.queries.ts'
import { earlyBirdOf, planOf } from '../../core/payments/products.queries.ts'
import { readSchedule, type Weekday } from '../../../shared/academy-schedule.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'
import { SPORTS, type Sport } from '../../../shared/sports.ts'

export const isSport = (s: string | null): s is Sport => s !== null && (SPORTS as readonly string[]).includes(s)

/** The open academies with their schedule, price and places, the soonest first. */
export async function listActiveAcademies(db: Db): Promise<Academy[]> {
  const rows = await db.kysely
    .selectFrom('academies as a')
    .innerJoin('offerings as o', (join) => join.onRef('o.academyId', '=', 'a.id').on('o.kind', '=', 'academy-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select([
      'a.id',
      'a.name',
      'a.sport',
      'a.description',
      'a.coach',
      'a.location',
      'a.forChildren',
      'a.minAge',
      'a.maxAge',
      'a.weekdays',
      'a.startTime',
      'a.endTime',
      'a.skippedDates',
      'a.registrationDate',
      'a.registrationDeadline',
      'a.waiverRequired',
      'a.startDate',
      'a.endDate',
      'p.listPriceCents',
      'p.earlyBirdPriceCents',
      'p.earlyBirdUntil',
      'p.familyDiscountPercent',
      'p.planDepositCents',
      'p.planDueDates',
      'p.lateSignUpPrice',
      'o.capacity',
      'o.placesTaken',
      'o.waiting',
    ])
    .where('a.isActive', '=', boolParam(db.dialect, true))
    .orderBy('a.startDate')
    .orderBy('a.name')
    .execute()
  return rows.map((row) => {
    const { weekdays, sessionDates } = readSchedule(row)
    return {
      id: row.id,
      name: row.name,
      sport: isSport(row.sport) ? row.sport : null,
      description: row.description,
      coach: row.coach,
      location: row.location,
      forChildren: Boolean(row.forChildren),
      minAge: row.minAge,
      maxAge: row.maxAge,
      weekdays,
      startTime: row.startTime,
      endTime: row.endTime,
      sessionDates,
      registrationDate: row.registrationDate,
      registrationDeadline: row.registrationDeadline,
      startDate: row.startDate,
      endDate: row.endDate,
      priceCents: row.listPriceCents ?? 0,
      placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - row.placesTaken),
      waitlistSize: row.waiting,
      waiverRequired: Boolean(row.waiverRequired),
      pricing: {
        listPriceCents: row.listPriceCents ?? 0,
        earlyBird: earlyBirdOf(row),
        familyDiscountPercent: row.familyDiscountPercent,
        plan: planOf(row),
        lateSignUpPrice: row.lateSignUpPrice ?? 'full',
      },
    }
  })
}

export interface NewAcademy {
  name: string
  sport: Sport
  description?: string | null
  coach?: string | null
  location?: string | null
  isActive: boolean
  forChildren: boolean
  minAge?: number | null
  maxAge?: number | null
  weekdays: Weekday[]
  startTime: string
  endTime: string
  skippedDates?: string[]
  registrationDate: string
  registrationDeadline?: string | null
  startDate: string
  endDate: string
  capacity: number | null
  priceCents: number
  /** The product of the price list its places take their price from; null or left out: the typed price. */
  priceProductId?: string | null
  waiverRequired?: boolean
  /** A place is held while its customer pays online (issue 24); left out: paid later. */
  payAtSignUp?: boolean
}

/** The academy row's own columns as staff set them: what creating and changing an academy write. */
export function academyColumns(dialect: Dialect, academy: NewAcademy) {
  return {
    name: academy.name,
    sport: academy.sport,
    description: academy.description ?? null,
    coach: academy.coach ?? null,
    location: academy.location ?? null,
    isActive: boolParam(dialect, academy.isActive),
    forChildren: boolParam(dialect, academy.forChildren),
    minAge: academy.minAge ?? null,
    maxAge: academy.maxAge ?? null,
    waiverRequired: boolParam(dialect, academy.waiverRequired ?? true),
    payAtSignUp: boolParam(dialect, academy.payAtSignUp ?? false),
    weekdays: [...academy.weekdays].sort((a, b) => a - b).join(','),
    startTime: academy.startTime,
    endTime: academy.endTime,
    skippedDates: (academy.skippedDates ?? []).join(','),
    registrationDate: academy.registrationDate,
    registrationDeadline: academy.registrationDeadline ?? null,
    startDate: academy.startDate,
    endDate: academy.endDate,
  }
}

/** An academy with its places and their price (docs/decisions/0012), in one transaction. */
export async function insertAcademy(db: Db, academy: NewAcademy): Promise<string> {
  const id = randomUUID()
  const at = new Date()
  const now = timestampParam(db.dialect, at)
  await inTransaction(db, async (tx) => {
    await tx.kysely
      .insertInto('academies')
      .values({
        id,
        ...academyColumns(tx.dialect, academy),
        createdAt: now,
        updatedAt: now,
      })
      .execute()
    await createOffering(tx, { kind: 'academy-place', owner: { column: 'academyId', id }, name: academy.name, capacity: academy.capacity, priceCents: academy.priceCents, productId: academy.priceProductId ?? null }, at)
  })
  return id
}
