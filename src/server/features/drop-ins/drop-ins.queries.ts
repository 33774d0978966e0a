import type { Db, Dialect } from '../../db/connect.ts'
import { boolParam, toBool, toCount } from '../../db/values.ts'
import { insertProgram, programColumns, programSport, type PlacesOf, type ProgramSettings } from '../../core/registrations/programs.ts'
import { earlyBirdOf, programPlanOf } from '../../core/payments/products.queries.ts'
import type { DropIn } from '../../../shared/contracts/drop-ins.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'

/** Drop-ins (aliased `d`) with their spots (`o`), price (`p`), academy (`a`) and the people checked in at the door. */
export function dropInsWithPlaces(db: Db) {
  return db.kysely
    .selectFrom('dropIns as d')
    .innerJoin('offerings as o', (join) => join.onRef('o.dropInId', '=', 'd.id').on('o.kind', '=', 'drop-in-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .leftJoin('academies as a', 'a.id', 'd.academyId')
    .selectAll('d')
    .select(['a.name as academyName', 'p.listPriceCents', 'o.id as offeringId', 'o.capacity', 'o.placesTaken', 'o.waiting'])
    .select((eb) =>
      eb
        .selectFrom('dropInCheckIns as ci')
        .innerJoin('registrations as r', 'r.id', 'ci.registrationId')
        .whereRef('r.offeringId', '=', 'o.id')
        .where('r.status', '=', 'confirmed')
        .select((count) => count.fn.countAll().as('n'))
        .as('checkedIn'),
    )
}

type DropInRow = Awaited<ReturnType<ReturnType<typeof dropInsWithPlaces>['execute']>>[number]

/** What every view of a drop-in shows of its row: the customer's and the staff's. */
export function dropInFacts(row: DropInRow) {
  return {
    id: row.id,
    name: row.name,
    sport: programSport(row.sport),
    description: row.description,
    location: row.location,
    academyId: row.academyId,
    academyName: row.academyName,
    forChildren: toBool(row.forChildren),
    minAge: row.minAge,
    maxAge: row.maxAge,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    registrationDate: row.registrationDate,
    priceCents: row.listPriceCents ?? 0,
    waitlistSize: row.waiting,
    waiverRequired: toBool(row.waiverRequired),
  }
}

/** The spots of a drop-in: always set, since the door counts heads. */
export const spotsOf = (row: { capacity: number | null }) => row.capacity ?? 0

/** The people checked in at the door of a drop-in, counted by the reader. */
export const checkedInOf = (row: { checkedIn: string | number | bigint | null }) => toCount(row.checkedIn)

/**
 * A session is over once its end time has passed at the facility: on its day it is sold until
 * then, at the door and online, and not after.
 */
export function dropInOver(session: { date: string; endTime: string }, now: Date, timeZone: string): boolean {
  return sessionStartsAt(session.date, session.endTime, timeZone).getTime() <= now.getTime()
}

/** The open drop-in sessions not yet over, the soonest first. */
export async function listActiveDropIns(db: Db, now: Date, timeZone: string): Promise<DropIn[]> {
  const rows = await dropInsWithPlaces(db)
    .select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil', 'p.familyDiscountPercent', 'p.planDepositCents', 'p.planDueDates'])
    .where('d.isActive', '=', boolParam(db.dialect, true))
    .where('d.date', '>=', facilityToday(now, timeZone))
    .orderBy('d.date')
    .orderBy('d.startTime')
    .orderBy('d.name')
    .execute()
  return rows.filter((row) => !dropInOver(row, now, timeZone)).map((row) => ({
    ...dropInFacts(row),
    placesLeft: Math.max(0, spotsOf(row) - row.placesTaken),
    pricing: {
      listPriceCents: row.listPriceCents ?? 0,
      earlyBird: earlyBirdOf(row),
      familyDiscountPercent: row.familyDiscountPercent,
      plan: programPlanOf(row, row.date),
      // One session: a late sign-up pays it all.
      lateSignUpPrice: 'full',
    },
  }))
}

export interface NewDropIn extends ProgramSettings {
  /** The academy this is one session of; null or left out: open play. */
  academyId?: string | null
  forChildren: boolean
  minAge?: number | null
  maxAge?: number | null
  date: string
  startTime: string
  endTime: string
  registrationDate: string
  /** Spots: the door's headcount limit. */
  capacity: number
}

/** The drop-in row's own columns as staff set them: what creating and changing one write. */
export function dropInColumns(dialect: Dialect, dropIn: NewDropIn) {
  return {
    ...programColumns(dialect, dropIn),
    academyId: dropIn.academyId ?? null,
    forChildren: boolParam(dialect, dropIn.forChildren),
    minAge: dropIn.forChildren ? (dropIn.minAge ?? null) : null,
    maxAge: dropIn.forChildren ? (dropIn.maxAge ?? null) : null,
    date: dropIn.date,
    startTime: dropIn.startTime,
    endTime: dropIn.endTime,
    registrationDate: dropIn.registrationDate,
  }
}

/** A drop-in's spots: the offering of kind `drop-in-place` that names it. */
export const DROP_IN_PLACES: PlacesOf = { kind: 'drop-in-place', column: 'dropInId' }

/** A drop-in with its spots and their price (docs/decisions/0012), in one transaction. */
export function insertDropIn(db: Db, dropIn: NewDropIn, at = new Date()): Promise<string> {
  return insertProgram(db, DROP_IN_PLACES, dropIn, (tx, id, stamp) => tx.kysely.insertInto('dropIns').values({ id, ...dropInColumns(tx.dialect, dropIn), createdAt: stamp, updatedAt: stamp }).execute(), at)
}

/** A demo drop-in (demo-content.ts): the academy it is a session of by name, as the demo names academies. */
export type DemoDropIn = Omit<NewDropIn, 'academyId'> & { academy?: string }

/** Loads a demo drop-in, its academy found by name. */
export async function insertDemoDropIn(db: Db, { academy, ...dropIn }: DemoDropIn): Promise<string> {
  const academyId = academy === undefined ? null : (await db.kysely.selectFrom('academies').select('id').where('name', '=', academy).executeTakeFirstOrThrow()).id
  return insertDropIn(db, { ...dropIn, academyId })
}
