import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { batchedRead } from '../../db/read-batches.ts'
import { boolParam, inList, timestampParam, toBool } from '../../db/values.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import type { OfferingKind } from '../../../shared/schemas/registration.ts'
import type { LeagueKind } from '../../../shared/sports.ts'
import { earlyBirdOf, planOf, productPriced } from '../payments/products.queries.ts'
import type { PaymentPlan } from '../../../shared/payment-plan.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import type { LateSignUpPrice, PricedSessions } from '../../../shared/prices.ts'

// The arithmetic of a price lives in shared/prices.ts, where the sign-up pages show the same cents.
export { familyDiscountOn, priceOn } from '../../../shared/prices.ts'

/**
 * What the engine needs to know of a set of places (decision 0012): its counters live on the
 * offering row, its price on a product, and the rules that describe the thing itself — its name,
 * dates and ages — on what it belongs to. Each kind of place reads these into this one shape, so
 * the engine never looks at a league's (or an academy's) columns.
 */
export interface Offering {
  id: string
  kind: OfferingKind
  /** What the place is in, as a person reads it: "Adult Soccer". */
  name: string
  leagueId: string | null
  /** A roster's team. */
  teamId: string | null
  capacity: number | null
  placesTaken: number
  receiptPrefix: string
  /** The registration window: opens on `registrationDate`, closes after `registrationDeadline` or the day before `startDate`. */
  registrationDate: string
  registrationDeadline: string | null
  startDate: string
  /** Children within the age range on `startDate`, or account holders only. */
  forChildren: boolean
  minAge: number | null
  maxAge: number | null
  waiverRequired: boolean
  productId: string | null
  listPriceCents: number
  /** A lower price for those who register by `until` (a facility day), when the product has one. */
  earlyBird: { priceCents: number; until: string } | null
  /** Taken off the second and further children one account registers here (the product's family discount). */
  familyDiscountPercent: number | null
  /** A deposit at sign-up and the rest in parts on set days (the product's payment plan). */
  plan: PaymentPlan | null
  /** An academy's sessions, for what a late sign-up pays (the product's `lateSignUpPrice`); null for a league's places. */
  sessions: PricedSessions | null
  /** With online payment on, a place is held while its taker pays and released unpaid (its league's or academy's setting). */
  payAtSignUp: boolean
}

/** What every kind's reader takes from the offering row (aliased `o`) and its product (`p`). */
export const OFFERING_COLUMNS = ['o.id', 'o.kind', 'o.leagueId', 'o.teamId', 'o.capacity', 'o.placesTaken', 'o.receiptPrefix', 'o.productId'] as const
export const PRICE_COLUMNS = ['p.listPriceCents', 'p.earlyBirdPriceCents', 'p.earlyBirdUntil', 'p.familyDiscountPercent', 'p.planDepositCents', 'p.planDueDates'] as const

/** Offerings of leagues (aliased `o`, `l`, `p`) with what the engine reads of them. */
function leagueOfferings(db: Db) {
  return db.kysely
    .selectFrom('offerings as o')
    .innerJoin('leagues as l', 'l.id', 'o.leagueId')
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select([...OFFERING_COLUMNS, ...PRICE_COLUMNS])
    .select(['l.name', 'l.registrationDate', 'l.registrationDeadline', 'l.rosterDeadline', 'l.startDate', 'l.minAge', 'l.maxAge', 'l.forChildren', 'l.waiverRequired', 'l.payAtSignUp'])
    .where('l.isActive', '=', boolParam(db.dialect, true))
}

type OfferingRow = Awaited<ReturnType<ReturnType<typeof leagueOfferings>['executeTakeFirstOrThrow']>>

function toOffering(row: OfferingRow): Offering {
  const { rosterDeadline, ...offering } = row
  // A roster changes until its deadline; without one, while the league takes registrations.
  return ownRules({ ...offering, registrationDeadline: row.kind === 'roster-place' ? (rosterDeadline ?? row.registrationDeadline) : row.registrationDeadline }, null)
}

/** An offering's row with its owner's columns (a league's or an academy's) and its product's price. */
export type OwnerRow = Omit<Offering, 'forChildren' | 'waiverRequired' | 'listPriceCents' | 'earlyBird' | 'payAtSignUp' | 'plan' | 'sessions'> & {
  forChildren: boolean | number
  waiverRequired: boolean | number
  payAtSignUp: boolean | number
  listPriceCents: number | null
  earlyBirdPriceCents: number | null
  earlyBirdUntil: string | null
  planDepositCents: number | null
  planDueDates: string | null
}

/** Reads an offering into the engine's shape: the rules its owner row states, and its price (for an academy's, by its sessions). */
export function ownRules(row: OwnerRow, sessions: PricedSessions | null): Offering {
  const { forChildren, waiverRequired, payAtSignUp, listPriceCents, earlyBirdPriceCents, earlyBirdUntil, planDepositCents, planDueDates, ...rest } = row
  return {
    ...rest,
    forChildren: toBool(forChildren),
    waiverRequired: toBool(waiverRequired),
    payAtSignUp: toBool(payAtSignUp),
    listPriceCents: listPriceCents ?? 0,
    earlyBird: earlyBirdOf({ earlyBirdPriceCents, earlyBirdUntil }),
    plan: planOf({ planDepositCents, planDueDates }),
    sessions,
  }
}

/** The player places of an active league (of `kind`, when given); undefined when there is none. */
export async function findLeagueOffering(db: Db, leagueId: string, { kind }: { kind?: LeagueKind } = {}): Promise<Offering | undefined> {
  const found = await leagueOfferingOf(db, leagueId)
  return found && (!kind || found.leagueKind === kind) ? found.offering : undefined
}

/** The player places of active leagues: the requests arriving together in one query. */
const leagueOfferingOf = batchedRead(async (db: Db, leagueIds: readonly string[]) => {
  const rows = await leagueOfferings(db)
    .select('l.kind as leagueKind')
    .where(inList(db.dialect, 'o.leagueId', [...new Set(leagueIds)]))
    .where('o.kind', '=', 'league-place')
    .execute()
  const found = new Map(rows.map(({ leagueKind, ...row }) => [row.leagueId, { leagueKind, offering: toOffering(row) }]))
  return leagueIds.map((id) => found.get(id))
})

/** The team places of an active team league; undefined when there is none. */
export async function findTeamPlaces(db: Db, leagueId: string): Promise<Offering | undefined> {
  const row = await leagueOfferings(db).where('o.leagueId', '=', leagueId).where('o.kind', '=', 'team-place').where('l.kind', '=', 'team').executeTakeFirst()
  return row && toOffering(row)
}

/** The roster places of a team of an active league; undefined when there is none. */
export async function findRosterPlaces(db: Db, teamId: string): Promise<Offering | undefined> {
  const row = await leagueOfferings(db).where('o.teamId', '=', teamId).where('o.kind', '=', 'roster-place').executeTakeFirst()
  return row && toOffering(row)
}

/** The places of an active academy; undefined when there is none. */
export function findAcademyOffering(db: Db, academyId: string): Promise<Offering | undefined> {
  return academyOfferingOf(db, academyId)
}

/** The places of active academies: the requests arriving together (a rush of sign-ups) in one query. */
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
    rows.map(({ ownerId, weekdays, startTime, endTime, skippedDates, endDate, lateSignUpPrice, ...row }) => {
      const { sessionDates } = readSchedule({ weekdays, startTime, endTime, skippedDates, startDate: row.startDate, endDate })
      return [ownerId, ownRules(row, { dates: sessionDates, lateSignUpPrice: (lateSignUpPrice ?? 'full') satisfies LateSignUpPrice })]
    }),
  )
  return academyIds.map((id) => found.get(id))
})

/**
 * The columns of an offering naming what its places belong to: a league, a team, an academy, a
 * camp — each kind's migration adds its own, and this type follows the schema.
 */
export type OwnerColumn = Exclude<Extract<keyof Database['offerings'], `${string}Id`>, 'productId'>

/** The places of one owner (a league's player places, an academy's, a camp's), priced by a product of the list (`productId`) or by a typed price. */
interface PricedPlaces {
  kind: OfferingKind
  /** What the places belong to: the owner's column (the kind's own) and its id. */
  owner: { column: OwnerColumn; id: string }
  name: string
  capacity: number | null
  priceCents: number
  productId?: string | null
}

/** An owner's places and their price, made with their owner in the caller's transaction. */
export async function createOffering(
  tx: Db,
  offering: PricedPlaces,
  now: Date,
): Promise<void> {
  const productId = offering.productId ?? (await productPriced(tx, { name: offering.name, purpose: OFFERING_KIND_WORDS[offering.kind].purpose, priceCents: offering.priceCents, current: null, now }))
  await tx.kysely
    .insertInto('offerings')
    .values({
      id: randomUUID(),
      kind: offering.kind,
      [offering.owner.column]: offering.owner.id,
      productId,
      capacity: offering.capacity,
      receiptPrefix: receiptPrefixOf(offering.owner.id),
      createdAt: timestampParam(tx.dialect, now),
    })
    .execute()
}

/**
 * Staff changed an owner's capacity or price (a league's, an academy's, a camp's): its places take the capacity, and
 * point at a product of the price (payments/products.queries.ts; the product itself is never
 * rewritten). Answers the capacity it had, or undefined without such places.
 */
export async function updateOffering(
  tx: Db,
  offering: PricedPlaces,
  now: Date,
): Promise<{ offeringId: string; capacityBefore: number | null } | undefined> {
  let current = tx.kysely
    .selectFrom('offerings')
    .select(['id', 'capacity', 'productId'])
    .where(offering.owner.column, '=', offering.owner.id)
    .where('kind', '=', offering.kind)
  // PostgreSQL: hold the row so the capacity compared by the caller is the one being replaced.
  // SQLite runs one transaction at a time and has no FOR UPDATE.
  if (tx.dialect === 'postgres') current = current.forUpdate()
  const before = await current.executeTakeFirst()
  if (!before) return undefined
  const productId = offering.productId ?? (await productPriced(tx, { name: offering.name, purpose: OFFERING_KIND_WORDS[offering.kind].purpose, priceCents: offering.priceCents, current: before.productId, now }))
  await tx.kysely.updateTable('offerings').set({ capacity: offering.capacity, productId }).where('id', '=', before.id).execute()
  return { offeringId: before.id, capacityBefore: before.capacity }
}

/** Short and readable: the first 8 letters and digits of what the places belong to. */
export function receiptPrefixOf(ownerId: string): string {
  return ownerId.replace(/[^a-z0-9]/gi, '').slice(0, 8).toUpperCase()
}

export function receiptNumber(offering: Pick<Offering, 'receiptPrefix'>, seq: number): string {
  return `${offering.receiptPrefix}-${String(seq).padStart(5, '0')}`
}

/** The counters of a league's player places: for staff views, checks and benches. */
export async function leaguePlaces(db: Db, leagueId: string): Promise<{ id: string; capacity: number | null; placesTaken: number; waiting: number; seq: number }> {
  return db.kysely
    .selectFrom('offerings')
    .select(['id', 'capacity', 'placesTaken', 'waiting', 'seq'])
    .where('leagueId', '=', leagueId)
    .where('kind', '=', 'league-place')
    .executeTakeFirstOrThrow()
}
