import { randomUUID } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { Db, Dialect } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import type { Receipt, Schedule } from '../../../shared/contracts/registrations.ts'
import { facilityToday } from '../../../shared/format.ts'
import { DEFAULT_ROLE, isStaff, type Role } from '../../../shared/roles.ts'
import type { OfferingKind } from '../../../shared/schemas/registration.ts'
import { SPORTS, type Sport } from '../../../shared/sports.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { listChildren } from '../children.queries.ts'
import { holdWhilePaying } from '../payments/pay-at-sign-up.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import { chosenProduct } from '../payments/products.queries.ts'
import { invalid, notFound } from '../refusals.ts'
import type { ChangeContext, Kinds, PlaceFacts } from './kinds.ts'
import { createOffering, updateOffering, type Offering, type OwnerColumn } from './offerings.queries.ts'
import { findReceiptsIn } from './registrations.queries.ts'
import { signUpParticipants, type Participant, type SignUpResult } from './sign-up.ts'
import { offerFreePlaces } from './waitlist.ts'
import type { Actor } from '../audit.ts'

/**
 * What the programs a family buys places in share, whatever their kind (an academy, a camp, a
 * drop-in session): staff save one from a form with its places and price, a family signs people
 * up online or the desk does it for them, and each person reads their places in it on one
 * receipt. Each kind keeps its own rules, form and columns in its feature; these are the steps
 * that are the same.
 */

/** What staff set of every program: what it is, whether it is open, and its places — how many, the price (typed, or a product of the price list) and when they are paid. */
export interface ProgramSettings {
  name: string
  sport: Sport
  description?: string | null
  location?: string | null
  isActive: boolean
  capacity: number | null
  /** The fewest confirmed places it needs to run (an academy's, a camp's); null or left out: none. */
  minimum?: number | null
  priceCents: number
  /** The product of the price list its places take their price from; null or left out: the typed price. */
  priceProductId?: string | null
  /** The current waiver is signed for each participant; left out: required. */
  waiverRequired?: boolean
  /** A place is held while its family pays online (issue 24); left out: paid later. */
  payAtSignUp?: boolean
}

/** A program's sport as its row says it; null for one no longer on the list of sports. */
export function programSport(text: string | null): Sport | null {
  return text !== null && (SPORTS as readonly string[]).includes(text) ? (text as Sport) : null
}

/** The columns of a program's own row that every program has, as staff set them; each kind's columns add its own. */
export function programColumns(dialect: Dialect, settings: ProgramSettings) {
  return {
    name: settings.name,
    sport: settings.sport,
    description: settings.description ?? null,
    location: settings.location ?? null,
    isActive: boolParam(dialect, settings.isActive),
    waiverRequired: boolParam(dialect, settings.waiverRequired ?? true),
    payAtSignUp: boolParam(dialect, settings.payAtSignUp ?? false),
  }
}

/** Which places of which owner: the kind's places and the offering's column naming its owner. */
export interface PlacesOf {
  kind: OfferingKind
  column: OwnerColumn
}

/** Holds a program's places (PostgreSQL; SQLite runs one transaction at a time), as its update does first: what the caller reads next is what its change replaces. */
export async function holdProgram(tx: Db, of: PlacesOf, id: string): Promise<void> {
  if (tx.dialect === 'postgres') await tx.kysely.selectFrom('offerings').select('id').where(of.column, '=', id).where('kind', '=', of.kind).forUpdate().execute()
}

const pricedPlaces = (of: PlacesOf, id: string, settings: ProgramSettings) => ({
  kind: of.kind,
  owner: { column: of.column, id },
  name: settings.name,
  capacity: settings.capacity,
  minimum: settings.minimum ?? null,
  priceCents: settings.priceCents,
  productId: settings.priceProductId ?? null,
})

/** The product of the price list a program's form chose for its places' price (`priceProduct`), checked; null: the price typed. */
export function chosenPriceProduct(db: Db, of: Pick<PlacesOf, 'kind'>, priceProduct: string): Promise<string | null> {
  return priceProduct === '' ? Promise.resolve(null) : chosenProduct(db, priceProduct, OFFERING_KIND_WORDS[of.kind].purpose)
}

/**
 * A new program with its places and their price (docs/decisions/0012), in one transaction:
 * `writeOwner` inserts the program's own row with the id and time given. Answers the id.
 */
export async function insertProgram(
  db: Db,
  of: PlacesOf,
  settings: ProgramSettings,
  writeOwner: (tx: Db, id: string, at: string | Date) => Promise<unknown>,
  at = new Date(),
): Promise<string> {
  const id = randomUUID()
  await inTransaction(db, async (tx) => {
    await writeOwner(tx, id, timestampParam(tx.dialect, at))
    await createOffering(tx, pricedPlaces(of, id, settings), at)
  })
  return id
}

/**
 * Staff changed a program: its places and price, then its own row (`writeOwner`, given the time),
 * in one transaction; a higher capacity offers the new places to the waitlist at once. Answers the
 * program read back (`read`) and how many were offered a place; undefined when it has no places.
 */
export async function updateProgram<T>(
  db: Db,
  of: PlacesOf,
  id: string,
  settings: ProgramSettings,
  writeOwner: (tx: Db, at: string | Date) => Promise<unknown>,
  read: (tx: Db) => Promise<T | undefined>,
  ctx: ChangeContext,
): Promise<{ saved: T; offered: number } | undefined> {
  return inTransaction(db, async (tx) => {
    const places = await updateOffering(tx, pricedPlaces(of, id, settings), ctx.now)
    if (!places) return undefined
    await writeOwner(tx, timestampParam(tx.dialect, ctx.now))
    const raised = places.capacityBefore !== null && (settings.capacity === null || settings.capacity > places.capacityBefore)
    const offered = raised ? await offerFreePlaces(tx, places.offeringId, ctx) : 0
    const saved = await read(tx)
    return saved && { saved, offered }
  })
}

/** What signing people up asks of the site, the same for every program: its address, time zone, payments and the places one account may take. */
export interface SignUpSite {
  config: Pick<Config, 'publicUrl' | 'site' | 'accountLimits'>
  provider: Pick<PaymentProvider, 'online' | 'minimumCents'>
  kinds: Kinds
}

/** One sign-up for a program's places: who takes part, with the request's Idempotency-Key. */
export interface ProgramSignUp {
  participants: readonly Participant[]
  idempotencyKey: string | null
  now: Date
}

/**
 * A person signs themselves or their children up for the places `open` answers (each kind's: its
 * own refusals, and a 404 when it is not open): within the places one account may take, and with
 * the places held while they pay when the program is paid at sign-up.
 */
export async function signUpOnline(db: Db, { config, provider, kinds }: SignUpSite, userId: string, signUp: ProgramSignUp, open: () => Promise<Offering>): Promise<SignUpResult> {
  const offering = await open()
  const today = facilityToday(signUp.now, config.site.timeZone)
  return signUpParticipants(db, {
    ...signUp,
    offering,
    userId,
    today,
    siteUrl: config.publicUrl,
    kinds,
    paysOnline: config.site.paysOnline,
    placesPerAccount: config.accountLimits.placesPerOffering,
    holdUntil: holdWhilePaying(offering, provider, signUp.now, today),
  })
}

/**
 * The desk signs a customer's family up (issue 30), the customer checked first: a customer's
 * account (a staff account is out of the desk's reach, as on the desk's record of it) and children
 * of theirs only. Then as online, but the family pays at the counter — no place is held for a card
 * payment — and staff may register past the places one account may take; the history says the
 * desk took the places, not the customer.
 */
export async function signUpAtDesk(
  db: Db,
  { config, kinds }: Pick<SignUpSite, 'config' | 'kinds'>,
  by: { customerId: string; staff: Actor },
  signUp: ProgramSignUp,
  open: () => Promise<Offering>,
): Promise<SignUpResult> {
  const customer = await db.kysely.selectFrom('users').select(['id', 'role']).where('id', '=', by.customerId).executeTakeFirst()
  if (!customer || (customer.role ?? DEFAULT_ROLE) !== 'customer') throw notFound('There is no such customer.')
  const theirs = new Set((await listChildren(db, customer.id)).map((c) => c.id))
  if (signUp.participants.some((p) => p.childId !== null && !theirs.has(p.childId))) {
    throw invalid('Choose this customer’s own children.', { participants: 'Choose this customer’s own children.' })
  }
  return signUpParticipants(db, {
    ...signUp,
    offering: await open(),
    userId: customer.id,
    today: facilityToday(signUp.now, config.site.timeZone),
    siteUrl: config.publicUrl,
    kinds,
    paysOnline: config.site.paysOnline,
    placesPerAccount: null,
    event: { actorId: by.staff.id, details: { atDesk: true } },
    staff: by.staff,
  })
}

/**
 * A person's receipt for a program (`find` reads it by its id): every place they and their
 * children took in it, with payments. Their own and staff's to read; anyone else, and a person
 * with no place in it, gets the 404 of a receipt that does not exist.
 */
export async function programReceipt<T extends { id: string }>(
  db: Db,
  kinds: Kinds,
  viewer: { id: string; role: Role },
  userId: string,
  find: () => Promise<T | undefined>,
): Promise<{ program: T; places: Receipt[] }> {
  if (viewer.id !== userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
  const program = await find()
  const places = program ? await findReceiptsIn(db, kinds, userId, program.id) : []
  if (!program || places.length === 0) throw notFound('There is no such receipt.')
  return { program, places }
}

/** When a program's place meets (OfferingRef.details), from its offering's facts: each program kind's view of a place tells it. */
export function scheduleOf(place: PlaceFacts): Schedule {
  const { weekdays, sessionDates } = readSchedule({ ...place, weekdays: place.weekdays ?? '', skippedDates: place.skippedDates ?? '' })
  return { weekdays, startTime: place.startTime, endTime: place.endTime, sessionDates }
}
