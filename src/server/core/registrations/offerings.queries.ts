import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import type { Database, KindColumns } from '../../db/schema.ts'
import { timestampParam, toBool } from '../../db/values.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import type { OfferingKind } from '../../../shared/schemas/registration.ts'
import { earlyBirdOf, productPriced, programPlanOf } from '../payments/products.queries.ts'
import type { PaymentPlan } from '../../../shared/payment-plan.ts'
import type { PricedSessions } from '../../../shared/prices.ts'

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
  /** What the places belong to, as offeringFacts names it (migration 0037): the league's, the academy's, the camp's. */
  ownerId: string
  /** What the place is in, as a person reads it: "Adult Soccer". */
  name: string
  /** What its kind writes on each place's registration row (db/schema.ts KindColumns); empty for most kinds. */
  kindColumns: KindColumns
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
  /** The sessions a late sign-up pays for (the product's `lateSignUpPrice`), for a kind that meets on set days; null otherwise. */
  sessions: PricedSessions | null
  /** With online payment on, a place is held while its taker pays and released unpaid (its owner's setting). */
  payAtSignUp: boolean
}

/** What every kind's reader takes from the offering row (aliased `o`) and its product (`p`); each selects its owner's id as `ownerId`. */
export const OFFERING_COLUMNS = ['o.id', 'o.kind', 'o.capacity', 'o.placesTaken', 'o.receiptPrefix', 'o.productId'] as const
export const PRICE_COLUMNS = ['p.listPriceCents', 'p.earlyBirdPriceCents', 'p.earlyBirdUntil', 'p.familyDiscountPercent', 'p.planDepositCents', 'p.planDueDates'] as const

/** An offering's row with its owner's columns and its product's price; `kindColumns` left out: none. */
export type OwnerRow = Omit<Offering, 'kindColumns' | 'forChildren' | 'waiverRequired' | 'listPriceCents' | 'earlyBird' | 'payAtSignUp' | 'plan' | 'sessions'> & {
  kindColumns?: KindColumns
  forChildren: boolean | number
  waiverRequired: boolean | number
  payAtSignUp: boolean | number
  listPriceCents: number | null
  earlyBirdPriceCents: number | null
  earlyBirdUntil: string | null
  planDepositCents: number | null
  planDueDates: string | null
  /** The program's last day (a league's end date, an academy's last session, a camp's last day, a drop-in's date): its plan asks nothing later. */
  lastDay: string
}

/** Reads an offering into the engine's shape: the rules its owner row states, and its price (by its sessions, for a kind that has them). */
export function ownRules(row: OwnerRow, sessions: PricedSessions | null): Offering {
  const { kindColumns, forChildren, waiverRequired, payAtSignUp, listPriceCents, earlyBirdPriceCents, earlyBirdUntil, planDepositCents, planDueDates, lastDay, ...rest } = row
  return {
    ...rest,
    kindColumns: kindColumns ?? {},
    forChildren: toBool(forChildren),
    waiverRequired: toBool(waiverRequired),
    payAtSignUp: toBool(payAtSignUp),
    listPriceCents: listPriceCents ?? 0,
    earlyBird: earlyBirdOf({ earlyBirdPriceCents, earlyBirdUntil }),
    plan: programPlanOf({ planDepositCents, planDueDates }, lastDay),
    sessions,
  }
}

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
  /** The fewest confirmed places it needs to run; null or left out: none. */
  minimum?: number | null
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
      minimum: offering.minimum ?? null,
      receiptPrefix: receiptPrefixOf(offering.owner.id),
      createdAt: timestampParam(tx.dialect, now),
    })
    .execute()
}

/**
 * Staff changed an owner's capacity, minimum or price (a league's, an academy's, a camp's): its places take the capacity and minimum, and
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
  await tx.kysely.updateTable('offerings').set({ capacity: offering.capacity, minimum: offering.minimum ?? null, productId }).where('id', '=', before.id).execute()
  return { offeringId: before.id, capacityBefore: before.capacity }
}

/** Short and readable: the first 8 letters and digits of what the places belong to. */
export function receiptPrefixOf(ownerId: string): string {
  return ownerId.replace(/[^a-z0-9]/gi, '').slice(0, 8).toUpperCase()
}

export function receiptNumber(offering: Pick<Offering, 'receiptPrefix'>, seq: number): string {
  return `${offering.receiptPrefix}-${String(seq).padStart(5, '0')}`
}
