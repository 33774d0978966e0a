import type { Db, Dialect } from '../../db/connect.ts'
import { boolParam } from '../../db/values.ts'
import { insertProgram, programColumns, programSport, type PlacesOf, type ProgramSettings } from '../../core/registrations/programs.ts'
import { earlyBirdOf, programPlanOf } from '../../core/payments/products.queries.ts'
import { academySessionRange, readSchedule, type Weekday } from '../../../shared/academy-schedule.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'

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
      sport: programSport(row.sport),
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
        plan: programPlanOf(row, academySessionRange({ sessionDates, startDate: row.startDate, endDate: row.endDate }).last),
        lateSignUpPrice: row.lateSignUpPrice ?? 'full',
      },
    }
  })
}

export interface NewAcademy extends ProgramSettings {
  coach?: string | null
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
}

/** The academy row's own columns as staff set them: what creating and changing an academy write. */
export function academyColumns(dialect: Dialect, academy: NewAcademy) {
  return {
    ...programColumns(dialect, academy),
    coach: academy.coach ?? null,
    forChildren: boolParam(dialect, academy.forChildren),
    minAge: academy.minAge ?? null,
    maxAge: academy.maxAge ?? null,
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

/** An academy's places: the offering of kind `academy-place` that names it. */
export const ACADEMY_PLACES: PlacesOf = { kind: 'academy-place', column: 'academyId' }

/** An academy with its places and their price (docs/decisions/0012), in one transaction. */
export function insertAcademy(db: Db, academy: NewAcademy): Promise<string> {
  return insertProgram(db, ACADEMY_PLACES, academy, (tx, id, stamp) => tx.kysely.insertInto('academies').values({ id, ...academyColumns(tx.dialect, academy), createdAt: stamp, updatedAt: stamp }).execute())
}
