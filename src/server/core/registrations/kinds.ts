import type { Db } from '../../db/connect.ts'
import type { KindColumns, OfferingFactsView } from '../../db/schema.ts'
import { inTransaction } from '../../db/transaction.ts'
import type { DetailsOf, OfferingDetails, RegistrationView } from '../../../shared/contracts/registrations.ts'
import type { OfferingKind } from '../../../shared/schemas/registration.ts'

/** When a change happens, what its emails and waitlist offers need, and the kinds whose rules it follows. */
export interface ChangeContext {
  now: Date
  claimWindowMs: number
  siteUrl: string
  kinds: Kinds
}

/** A place of some kind, as the rules of its kind read it. */
export interface PlaceOfKind {
  registrationId: string
  kind: OfferingKind
  /** Who holds the place. */
  userId: string
  /** What its kind tells of it (OfferingRef.details): a team's entry and a roster place their team. */
  details: OfferingDetails
}

/** How a place ended: who ended it (null for a sweep), whether what was paid is refunded. */
export interface HowEnded {
  actorId: string | null
  refund: boolean
  ctx: ChangeContext
}

/**
 * What a kind of offering adds to the engine's rules. Each is optional: a league place needs
 * none of them. Each throws the refusal a person reads, or returns.
 */
export interface KindRules {
  /** Whether the holder may end their own place on `today` (a captain hands the captaincy over first). */
  mayLeave?(tx: Db, place: PlaceOfKind, today: string): Promise<void>
  /** Whether staff may end the place as things stand (a team's captain stays on its roster). */
  mayEnd?(tx: Db, place: PlaceOfKind): Promise<void>
  /** What follows when the place has ended, in the transaction that ended it (a team's roster closes). */
  afterEnded?(tx: Db, place: PlaceOfKind, how: HowEnded): Promise<void>
  /**
   * Runs a change to the place (a payment) in a transaction, telling whoever hears of it after
   * (a team's captain, when the team became complete).
   */
  aroundChange?<T>(tx: Db, place: PlaceOfKind, ctx: ChangeContext, change: (tx: Db) => Promise<T>): Promise<T>
}

/**
 * A place as a view read it (registrations.queries.ts), for its kind to tell its details from:
 * its offering's facts (the `offeringFacts` view, decision 0026) and the columns its kind wrote
 * on its row (db/schema.ts KindColumns).
 */
export type PlaceFacts = Omit<OfferingFactsView, 'offeringId' | 'name'> & { kindColumns: KindColumns }

/**
 * A kind of offering as the engine and the views know it: its rules, and what a view of one of
 * its places tells of it. The feature that owns the kind builds it in its `<kind>-kind.ts`,
 * beside the reader of its offerings (offerings.queries.ts `Offering`), so the engine and the
 * routes that call it never import a feature above them.
 */
export interface Kind<K extends OfferingKind = OfferingKind> {
  rules: KindRules
  /**
   * The details (OfferingRef.details) of the places a view read, one per place in their order:
   * every place of the kind a read found at once, so a kind that reads more (a team's name)
   * reads it for all of them in one query.
   */
  details(db: Db, places: readonly PlaceFacts[]): Promise<DetailsOf<K>[]>
  /** What the registration emails (registration-emails.ts) say of one of its places. */
  emails: KindEmailLines<K>
  /**
   * Where in its offering one of its places is, where the offering's name does not say it (a
   * team's entry and a roster place: their team). The staff's record of a move (core/audit.ts)
   * names it after the offering's name: "Adult Soccer, Strikers".
   */
  placeIn?(details: DetailsOf<K>): string
  /**
   * The staff page where the places of one of its owners (`Offering.ownerId`: a league, an
   * academy, a camp, a drop-in) are managed: where Needs attention links a program below its
   * minimum (dashboard/attention-programs.queries.ts).
   */
  staffPage(ownerId: string): string
}

/**
 * What a kind's emails say of one of its places, read from its view and the details its kind
 * told (`Kind.details`): a kind with nothing more to say than whose place it is takes
 * registration-emails.ts `personEmailLines` or `programEmailLines`.
 */
export interface KindEmailLines<K extends OfferingKind = OfferingKind> {
  /** Who holds the place, as a sentence about it begins: "Maya is", "Your team Net Gains is", "You are". */
  holder(r: RegistrationView, details: DetailsOf<K>): string
  /** What a confirmation written on `today` (a facility day) says of the place: who took it, and when it meets from then on. */
  confirmed(r: RegistrationView, details: DetailsOf<K>, today: string): string[]
}

/**
 * Every kind of offering, built once where the app is built (app.ts) and handed down: a kind left
 * out of the record, or without the details of its own kind, fails the typecheck, and each app
 * (each test's) has its own.
 */
export type Kinds = Readonly<{ [K in OfferingKind]: Kind<K> }>

export async function checkLeaving(tx: Db, place: PlaceOfKind, today: string, kinds: Kinds): Promise<void> {
  await kinds[place.kind].rules.mayLeave?.(tx, place, today)
}

export async function checkEnding(tx: Db, place: PlaceOfKind, kinds: Kinds): Promise<void> {
  await kinds[place.kind].rules.mayEnd?.(tx, place)
}

export function changePlace<T>(db: Db, place: PlaceOfKind, ctx: ChangeContext, change: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, (tx) => {
    const around = ctx.kinds[place.kind].rules.aroundChange
    return around ? around(tx, place, ctx, change) : change(tx)
  })
}

/** A registration's view (registrations.queries.ts) as the rules of its kind read it. */
export function placeOf(view: { id: string; userId: string; offering: { kind: OfferingKind; details: OfferingDetails } }): PlaceOfKind {
  return { registrationId: view.id, kind: view.offering.kind, userId: view.userId, details: view.offering.details }
}
