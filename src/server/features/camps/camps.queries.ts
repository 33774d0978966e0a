import { randomUUID } from 'node:crypto'
import type { Db, Dialect } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam, toBool } from '../../db/values.ts'
import { createOffering } from '../../core/registrations/offerings.queries.ts'
import { earlyBirdOf, planOf } from '../../core/payments/products.queries.ts'
import type { Camp } from '../../../shared/contracts/camps.ts'
import { campDays } from '../../../shared/schemas/camp.ts'
import { SPORTS, type Sport } from '../../../shared/sports.ts'

const isSport = (s: string): s is Sport => (SPORTS as readonly string[]).includes(s)

/** Camps (aliased `k`) with their places (`o`) and price (`p`). */
export function campsWithPlaces(db: Db) {
  return db.kysely
    .selectFrom('camps as k')
    .innerJoin('offerings as o', (join) => join.onRef('o.campId', '=', 'k.id').on('o.kind', '=', 'camp-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .selectAll('k')
    .select(['p.listPriceCents', 'o.capacity', 'o.placesTaken', 'o.waiting'])
}

type CampRow = Awaited<ReturnType<ReturnType<typeof campsWithPlaces>['execute']>>[number]

/** What every view of a camp shows of its row: the family's and the staff's. */
export function campFacts(row: CampRow) {
  return {
    id: row.id,
    name: row.name,
    sport: isSport(row.sport) ? row.sport : null,
    description: row.description,
    coach: row.coach,
    location: row.location,
    minAge: row.minAge,
    maxAge: row.maxAge,
    days: campDays(row),
    startTime: row.startTime,
    endTime: row.endTime,
    registrationDate: row.registrationDate,
    registrationDeadline: row.registrationDeadline,
    startDate: row.startDate,
    endDate: row.endDate,
    priceCents: row.listPriceCents ?? 0,
    waitlistSize: row.waiting,
    waiverRequired: toBool(row.waiverRequired),
  }
}

/** The open camps with their days, price and places, the soonest first. */
export async function listActiveCamps(db: Db): Promise<Camp[]> {
  const rows = await campsWithPlaces(db)
    .select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil', 'p.familyDiscountPercent', 'p.planDepositCents', 'p.planDueDates'])
    .where('k.isActive', '=', boolParam(db.dialect, true))
    .orderBy('k.startDate')
    .orderBy('k.name')
    .execute()
  return rows.map((row) => ({
    ...campFacts(row),
    placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - row.placesTaken),
    pricing: {
      listPriceCents: row.listPriceCents ?? 0,
      earlyBird: earlyBirdOf(row),
      familyDiscountPercent: row.familyDiscountPercent,
      plan: planOf(row),
      // A camp's price is for all its days: a late sign-up pays it all.
      lateSignUpPrice: 'full',
    },
  }))
}

export interface NewCamp {
  name: string
  sport: Sport
  description?: string | null
  coach?: string | null
  location?: string | null
  isActive: boolean
  minAge: number
  maxAge: number
  startTime: string
  endTime: string
  registrationDate: string
  registrationDeadline?: string | null
  startDate: string
  endDate: string
  capacity: number | null
  priceCents: number
  /** The product of the price list its places take their price from; null or left out: the typed price. */
  priceProductId?: string | null
  waiverRequired?: boolean
  /** A place is held while its family pays online (issue 24); left out: paid later. */
  payAtSignUp?: boolean
}

/** The camp row's own columns as staff set them: what creating and changing a camp write. */
export function campColumns(dialect: Dialect, camp: NewCamp) {
  return {
    name: camp.name,
    sport: camp.sport,
    description: camp.description ?? null,
    coach: camp.coach ?? null,
    location: camp.location ?? null,
    isActive: boolParam(dialect, camp.isActive),
    minAge: camp.minAge,
    maxAge: camp.maxAge,
    startTime: camp.startTime,
    endTime: camp.endTime,
    registrationDate: camp.registrationDate,
    registrationDeadline: camp.registrationDeadline ?? null,
    startDate: camp.startDate,
    endDate: camp.endDate,
    waiverRequired: boolParam(dialect, camp.waiverRequired ?? true),
    payAtSignUp: boolParam(dialect, camp.payAtSignUp ?? false),
  }
}

/** A camp with its places and their price (docs/decisions/0012), in one transaction. */
export async function insertCamp(db: Db, camp: NewCamp, at = new Date()): Promise<string> {
  const id = randomUUID()
  const now = timestampParam(db.dialect, at)
  await inTransaction(db, async (tx) => {
    await tx.kysely
      .insertInto('camps')
      .values({ id, ...campColumns(tx.dialect, camp), createdAt: now, updatedAt: now })
      .execute()
    await createOffering(tx, { kind: 'camp-place', owner: { column: 'campId', id }, name: camp.name, capacity: camp.capacity, priceCents: camp.priceCents, productId: camp.priceProductId ?? null }, at)
  })
  return id
}
