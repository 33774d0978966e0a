import type { Db, Dialect } from '../../db/connect.ts'
import { boolParam, toBool } from '../../db/values.ts'
import { insertProgram, programColumns, programSport, type PlacesOf, type ProgramSettings } from '../../core/registrations/programs.ts'
import { earlyBirdOf, programPlanOf } from '../../core/payments/products.queries.ts'
import type { Camp } from '../../../shared/contracts/camps.ts'
import { campDays } from '../../../shared/schemas/camp.ts'

/** Camps (aliased `k`) with their places (`o`) and price (`p`). */
export function campsWithPlaces(db: Db) {
  return db.kysely
    .selectFrom('camps as k')
    .innerJoin('offerings as o', (join) => join.onRef('o.campId', '=', 'k.id').on('o.kind', '=', 'camp-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .selectAll('k')
    .select(['p.listPriceCents', 'o.capacity', 'o.minimum', 'o.placesTaken', 'o.waiting'])
}

type CampRow = Awaited<ReturnType<ReturnType<typeof campsWithPlaces>['execute']>>[number]

/** What every view of a camp shows of its row: the family's and the staff's. */
export function campFacts(row: CampRow) {
  return {
    id: row.id,
    name: row.name,
    sport: programSport(row.sport),
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
      plan: programPlanOf(row, row.endDate),
      // A camp's price is for all its days: a late sign-up pays it all.
      lateSignUpPrice: 'full',
    },
  }))
}

export interface NewCamp extends ProgramSettings {
  coach?: string | null
  minAge: number
  maxAge: number
  startTime: string
  endTime: string
  registrationDate: string
  registrationDeadline?: string | null
  startDate: string
  endDate: string
}

/** The camp row's own columns as staff set them: what creating and changing a camp write. */
export function campColumns(dialect: Dialect, camp: NewCamp) {
  return {
    ...programColumns(dialect, camp),
    coach: camp.coach ?? null,
    minAge: camp.minAge,
    maxAge: camp.maxAge,
    startTime: camp.startTime,
    endTime: camp.endTime,
    registrationDate: camp.registrationDate,
    registrationDeadline: camp.registrationDeadline ?? null,
    startDate: camp.startDate,
    endDate: camp.endDate,
  }
}

/** A camp's places: the offering of kind `camp-place` that names it. */
export const CAMP_PLACES: PlacesOf = { kind: 'camp-place', column: 'campId' }

/** A camp with its places and their price (docs/decisions/0012), in one transaction. */
export function insertCamp(db: Db, camp: NewCamp, at = new Date()): Promise<string> {
  return insertProgram(db, CAMP_PLACES, camp, (tx, id, stamp) => tx.kysely.insertInto('camps').values({ id, ...campColumns(tx.dialect, camp), createdAt: stamp, updatedAt: stamp }).execute(), at)
}
