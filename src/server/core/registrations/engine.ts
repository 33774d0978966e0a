import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import type { KindColumns } from '../../db/schema.ts'
import { createCoalescer, type Coalescer, type Settled } from '../../db/coalescer.ts'
import { isForeignKeyViolation } from '../../db/errors.ts'
import { inTransaction, writeTogether, type Write } from '../../db/transaction.ts'
import { boolParam, inList, timestampParam } from '../../db/values.ts'
import { ACTIVE_STATUSES, HOLDS_PLACE, participantKeyOf } from '../../../shared/schemas/registration.ts'
import type { RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { conflict, notFound } from '../refusals.ts'
import { enqueueEmails } from '../outbox.queries.ts'
import { orderInserts } from '../payments/orders.queries.ts'
import { decide, decidePlaces, holdCounters, type Counters, type HeldCounters, type WhenFull } from './capacity.ts'
import { receiptNumber, type Offering } from './offerings.queries.ts'
import { placePriceOn } from '../../../shared/prices.ts'
import { confirmationEmail, waitlistedEmail } from './registration-emails.ts'
import { eventsInsert, findNewRegistrationViews, findRegistrationView } from './registrations.queries.ts'
import { overPlacesLimit, type Admission } from './admission.ts'
import type { Kinds } from './kinds.ts'
import { placeOfView, recordStaffAction, type Actor } from '../audit.ts'

/**
 * The registration engine (docs/decisions/0012): one way to take a place in any offering — a
 * league place today; a team, a roster place or an academy place are offerings with their own
 * rows and the same rules. `admit` (admission.ts) decides whether a participant may ask; `takePlace` takes a
 * place or a waitlist position, with its order line, event and email, in one transaction.
 */

export interface PlaceRequest extends Admission {
  offering: Offering
  userId: string
  idempotencyKey: string | null
  now: Date
  /** The facility day, for the price (an early-bird price ends with a day). */
  today: string
  siteUrl: string
  /** Every kind of offering (kinds.ts): the answer's views ask the places' kind for their details. */
  kinds: Kinds
  /** The site takes card payments: a confirmation with a balance links the order's checkout. */
  paysOnline?: boolean
  /** The order the place's line joins, opened by the caller for several places paid together (payments/orders.queries.ts `openOrder`). */
  orderId?: string
  /** What the request writes on its place's row beside its offering's (db/schema.ts KindColumns): the team a team's entry is for. */
  kindColumns?: KindColumns
  /** Set: a full offering refuses with this message instead of a waitlist position (a roster). */
  whenFull?: string
  /**
   * Set: a place taken is held awaiting payment until then (status `held`), and lapses to the
   * waitlist unless paid by then (waitlist.ts `expireLapsed`). No email: the person is paying.
   * A waitlist position is taken as ever.
   */
  holdUntil?: Date
  /** Whether photos may be taken of the participant, as their guardian chose (an academy place); left out where nobody is asked. */
  photoConsent?: boolean
  /** No email: the caller sends one for the whole operation. */
  quiet?: boolean
  /** The history entry, when someone else takes the place for the person: staff placing a player (its own action), or registering them at the desk (the usual action, by the staff member). */
  event?: { action?: string; actorId: string; details: Record<string, unknown> }
  /** The staff member taking the place for the person at the desk: the place's audit entry (core/audit.ts) is written with its rows. */
  staff?: Actor
  /** Rows the place needs, written just before it in the same statement when it is made (a new team and its roster). */
  prelude?: Prelude<unknown>
  /**
   * The news the new places make for someone else (a team's captain hears who joined). Called once
   * the offering's row is held, before any place is written, to read how things stood; what it
   * answers is called after, with the registrations made for the requests that asked for news.
   * Every request for one offering brings the same, so the group's first one serves.
   */
  news?: PlaceNews
}

export type PlaceNews = (tx: Db) => Promise<(made: readonly RegistrationView[]) => Promise<void>>

/**
 * A request's part of what a group's new places need written before them. The parts of the
 * group's made requests go to `rows` together, so that each table gets one insert for all of
 * them; every request for one offering brings the same `rows`.
 */
export interface Prelude<T> {
  part: T
  // A method, so that a prelude of any part is a `Prelude<unknown>`: the parts given are its own.
  rows(tx: Db, parts: readonly T[]): Write[]
}

/**
 * Takes a place while places last, a waitlist position after. A repeat of the same request —
 * double click, refresh, retry with the same Idempotency-Key, or two requests racing — answers
 * with the one registration that exists. Inside a caller's transaction it takes the place there;
 * otherwise it joins the requests for the same offering that arrive together (see `placeGroups`).
 */
export async function takePlace(db: Db, req: PlaceRequest): Promise<RegisterResult> {
  try {
    return db.kysely.isTransaction ? settle((await takePlaces(db, [req]))[0]!) : await placeGroups(db).run(req.offering.id, req)
  } catch (error) {
    // Lost a race against the same person's other request: the unique indexes kept one row. Not
    // inside a caller's transaction: it held the offering's row, so no repeat raced it, and on
    // PostgreSQL the failed statement has ended it, so nothing more can be read there.
    if (!db.kysely.isTransaction) {
      const outcome = (await findExisting(db, [req], await earlierRegistrations(db, [req])))[0]
      if (outcome?.ok && outcome.value) return { registration: outcome.value, created: false }
      if (outcome && !outcome.ok) throw outcome.error
    }
    // The child was removed from the account while their place was being written.
    if (req.childId && isForeignKeyViolation(error)) throw notFound('There is no such child on your account.')
    throw error
  }
}

function settle<T>(outcome: Settled<T>): T {
  if (!outcome.ok) throw outcome.error
  return outcome.value
}

/**
 * Requests for one offering that arrive while its previous group is being written go together:
 * one transaction, one hold of the offering's row, their rows written together, one commit
 * (docs/decisions/0006). A group is taken once the row is held, so the requests that arrive while
 * another instance's group holds it join this one. Each database connection keeps its own groups.
 */
const groupsOf = new WeakMap<Db['kysely'], Coalescer<PlaceRequest, RegisterResult>>()

function placeGroups(db: Db): Coalescer<PlaceRequest, RegisterResult> {
  let groups = groupsOf.get(db.kysely)
  if (!groups) {
    groups = createCoalescer((take, offeringId) => placeGroup(db, offeringId, take))
    groupsOf.set(db.kysely, groups)
    db.countInBacklog(groups.pending)
  }
  return groups
}

/** When the group's transaction began holding the offering's row (db/stats.ts). */
interface Hold {
  since: number
}

/**
 * A group's places, all at once in one transaction; when a statement fails (one person's two
 * requests in the same group break a unique index, say), the group is undone and each request
 * runs alone in a transaction of its own, so the failure stays with its own request.
 */
async function placeGroup(db: Db, offeringId: string, take: () => PlaceRequest[]): Promise<Settled<RegisterResult>[]> {
  let reqs: PlaceRequest[] = []
  try {
    return await counted(db, () => reqs.length, (hold) =>
      inTransaction(db, async (tx) => {
        const held = await holdPlaces(tx, offeringId, hold)
        reqs = take()
        return takePlaces(tx, reqs, hold, held)
      }),
    )
  } catch (error) {
    if (reqs.length <= 1) throw error
    const outcomes: Settled<RegisterResult>[] = []
    for (const req of reqs) {
      try {
        outcomes.push((await counted(db, () => 1, (hold) => inTransaction(db, (tx) => takePlaces(tx, [req], hold))))[0]!)
      } catch (alone) {
        outcomes.push({ ok: false, error: alone })
      }
    }
    return outcomes
  }
}

/** Runs `write`, counting it as a group of `requests()` place requests and its hold (db/stats.ts). */
async function counted<T>(db: Db, requests: () => number, write: (hold: Hold) => Promise<T>): Promise<T> {
  const hold: Hold = { since: 0 }
  try {
    return await write(hold)
  } finally {
    if (db.stats) {
      db.stats.groups++
      db.stats.placeRequests += requests()
      if (hold.since > 0) db.stats.heldMs += performance.now() - hold.since
    }
  }
}

/** Holds the offering's row for the rest of the transaction, noting when (`hold`); answers its counters. */
async function holdPlaces(tx: Db, offeringId: string, hold: Hold | undefined): Promise<HeldCounters> {
  const held = await holdCounters(tx, offeringId)
  if (hold && hold.since === 0) hold.since = performance.now()
  return held
}

/**
 * Places (or waitlist positions) in ONE offering for requests in order, each with its
 * registration, order line, history entry and email, written together for all of them. A
 * request already answered (a repeat) gets its registration; one refused as full (a roster's
 * `whenFull`) or reusing a key fails alone. The offering's row is held first (`held`, when the
 * caller already holds it).
 */
async function takePlaces(tx: Db, reqs: readonly PlaceRequest[], hold?: Hold, held?: HeldCounters): Promise<Settled<RegisterResult>[]> {
  const counters = held ?? (await holdPlaces(tx, reqs[0]!.offering.id, hold))
  const earlier = await earlierRegistrations(tx, reqs)
  const existing = await findExisting(tx, reqs, earlier)
  const refused = pastLimit(reqs, existing, earlier)
  const fresh = reqs.filter((_, i) => existing[i] === undefined && !refused[i])
  const made = fresh.length > 0 ? await makeRegistrations(tx, fresh, counters) : []
  let next = 0
  return existing.map((repeat, i): Settled<RegisterResult> => {
    const refusal = refused[i]
    if (refusal) return { ok: false, error: refusal }
    if (repeat === undefined) return made[next++]!
    return repeat.ok ? { ok: true, value: { registration: repeat.value!, created: false } } : repeat
  })
}

/**
 * For each new request, the refusal when its account already holds as many live places here as
 * its admission allows (`placesPerAccount`), counting the places this group gives before it. The
 * offering's row is held, so requests at the same moment, or one sign-up with many children,
 * count each other (issue 30: one account took a whole academy). The accounts' live places here
 * are among `earlier`, read with the offering's row held: no statement of its own.
 */
function pastLimit(reqs: readonly PlaceRequest[], existing: readonly (Settled<RegistrationView | undefined> | undefined)[], earlier: readonly Earlier[]): (Error | undefined)[] {
  const { offering } = reqs[0]!
  const live = new Map<string, number>()
  for (const row of earlier) {
    if (row.offeringId === offering.id && isLive(row.status)) live.set(row.userId, (live.get(row.userId) ?? 0) + 1)
  }
  return reqs.map((req, i) => {
    if (existing[i] !== undefined) return undefined
    const held = live.get(req.userId) ?? 0
    if (req.placesPerAccount != null && held >= req.placesPerAccount) return overPlacesLimit(offering, req.placesPerAccount)
    live.set(req.userId, held + 1)
    return undefined
  })
}

async function makeRegistrations(tx: Db, reqs: readonly PlaceRequest[], held: HeldCounters): Promise<Settled<RegisterResult>[]> {
  const { offering, kinds } = reqs[0]!
  const { taken, counters } = decidePlaces(tx, held, reqs.map(whenFullOf))
  const made = await withSiblings(
    tx,
    reqs.flatMap((req, i): MadePlace[] => {
      const outcome = taken[i]!
      return outcome ? [{ req, ...outcome, id: randomUUID(), siblings: 0 }] : []
    }),
  )
  const told = made.filter((m) => m.req.news)
  const tell = told.length > 0 ? await told[0]!.req.news!(tx) : undefined
  const preludes = made.flatMap((m) => (m.req.prelude ? [m.req.prelude] : []))
  const before = preludes.length > 0 ? preludes[0]!.rows(tx, preludes.map((p) => p.part)) : []
  // The offering's counters and every row of the group: one round trip on PostgreSQL.
  await writeTogether(tx, [counters, ...before, ...placeRows(tx, made)])
  const views = await findNewRegistrationViews(
    tx,
    kinds,
    offering.id,
    made.map((m) => m.id),
  )
  const emails = made.flatMap(({ req, id, placed }) => {
    const view = views.get(id)!
    if (req.quiet || (placed && req.holdUntil)) return []
    return [placed ? confirmationEmail(req.siteUrl, req.kinds, view, req.today, req.paysOnline) : waitlistedEmail(req.siteUrl, req.kinds, view)]
  })
  await enqueueEmails(tx, emails, reqs[0]!.now)
  for (const { req, id } of made) {
    if (!req.staff) continue
    const place = placeOfView(views.get(id)!)
    await recordStaffAction(tx, { by: req.staff, action: 'signed-up-at-desk', entity: { kind: 'registration', id, label: place.label }, before: null, after: place.state, now: req.now })
  }
  await tell?.(told.map((m) => views.get(m.id)!))
  let next = 0
  return taken.map((outcome, i): Settled<RegisterResult> => {
    if (!outcome) return { ok: false, error: conflict(reqs[i]!.whenFull!) }
    const view = views.get(made[next++]!.id)
    return view ? { ok: true, value: { registration: view, created: true } } : { ok: false, error: new Error('a registration not readable inside its own transaction') }
  })
}

const whenFullOf = (req: PlaceRequest): WhenFull => (req.whenFull === undefined ? 'wait' : 'refuse')

/**
 * The first place of each of new offerings written in the same statement (captains' places on
 * their new teams' rosters): the counters to insert each offering with, and the places' rows to
 * write after them.
 */
export function firstPlaces(tx: Db, reqs: readonly PlaceRequest[]): { counters: Counters[]; rows: Write[] } {
  const firsts = reqs.map((req) => {
    const { taken, counters } = decide({ capacity: req.offering.capacity, placesTaken: 0, seq: 0, waiting: 0 }, [whenFullOf(req)])
    const place = taken[0]
    if (!place) throw conflict(req.whenFull!)
    return { counters, place: { req, id: randomUUID(), ...place, siblings: 0 } }
  })
  return { counters: firsts.map((f) => f.counters), rows: placeRows(tx, firsts.map((f) => f.place)) }
}

/** A place decided for a request: its registration's id, its number, and whether it is a place or a waitlist position. */
interface MadePlace {
  req: PlaceRequest
  id: string
  seq: number
  placed: boolean
  /** The child's brothers and sisters holding a place here before them (the family discount; a waitlist position earns none). */
  siblings: number
}

/**
 * Counts, for each new place of a child where the product has a family discount, the other
 * children of the same account holding a place here (confirmed, held or offered), already or
 * given one before it in this group: one query for the group. A child on the waitlist earns their
 * siblings nothing (issue 30): the discount is for a family that is here, and ends when the child
 * who earned it leaves (family-discount.ts).
 */
async function withSiblings(tx: Db, made: MadePlace[]): Promise<MadePlace[]> {
  const offering = made[0]?.req.offering
  const children = made.filter((m) => m.req.childId)
  if (!offering || offering.familyDiscountPercent === null || children.length === 0) return made
  const rows = await tx.kysely
    .selectFrom('registrations')
    .select(['userId', 'childId'])
    .where('offeringId', '=', offering.id)
    .where('status', 'in', HOLDS_PLACE)
    .where('childId', 'is not', null)
    .where(inList(tx.dialect, 'userId', [...new Set(children.map((m) => m.req.userId))]))
    .execute()
  const here = new Map<string, Set<string>>()
  const join = (userId: string, childId: string) => here.set(userId, (here.get(userId) ?? new Set()).add(childId))
  for (const row of rows) join(row.userId, row.childId!)
  return made.map((m) => {
    const { userId, childId } = m.req
    if (!childId) return m
    const siblings = [...(here.get(userId) ?? [])].filter((id) => id !== childId).length
    if (m.placed) join(userId, childId)
    return { ...m, siblings }
  })
}

/** The inserts of new registrations (each in its request's offering) with their orders, lines and history entries. */
function placeRows(tx: Db, made: readonly MadePlace[]): Write[] {
  if (made.length === 0) return []
  const registrations = tx.kysely.insertInto('registrations').values(
    made.map(({ req, id, seq, placed }) => {
      const { offering } = req
      const at = timestampParam(tx.dialect, req.now)
      return {
        id,
        offeringId: offering.id,
        userId: req.userId,
        participantKey: participantKeyOf(req.childId),
        childId: req.childId,
        status: statusOf(req, placed),
        seq,
        receiptNumber: receiptNumber(offering, seq),
        idempotencyKey: req.idempotencyKey,
        offerExpiresAt: placed && req.holdUntil ? timestampParam(tx.dialect, req.holdUntil) : null,
        waiverVersion: req.waiverVersion,
        ...req.kindColumns,
        ...offering.kindColumns,
        photoConsent: req.photoConsent === undefined ? null : boolParam(tx.dialect, req.photoConsent),
        createdAt: at,
        updatedAt: at,
      }
    }),
  )
  const orders = orderInserts(
    tx,
    made.map(({ req: { offering, ...req }, id, siblings }) => {
      // The sign-up pages show the same arithmetic before the button is pressed (shared/sign-up-total.ts).
      const price = placePriceOn(offering, req.today, siblings)
      const { listPriceCents, amountDueCents, familyDiscountCents, sessions } = price
      const description = sessions ? `${offering.name} (${sessions.charged} of ${sessions.inAll} sessions)` : offering.name
      return {
        id: req.orderId,
        payerUserId: req.userId,
        lines: [{ registrationId: id, productId: offering.productId, description, listPriceCents, amountDueCents, familyDiscountCents, plan: offering.plan, sessionsCharged: sessions?.charged ?? null, sessionsInAll: sessions?.inAll ?? null }],
        now: req.now,
      }
    }),
  )
  const events = eventsInsert(
    tx,
    made.map(({ req, id, placed }) => ({ registrationId: id, action: statusOf(req, placed), actorId: req.userId, ...req.event, now: req.now })),
  )
  return [registrations, ...orders, events]
}

const statusOf = (req: PlaceRequest, placed: boolean) => (!placed ? ('waitlisted' as const) : req.holdUntil ? ('held' as const) : ('confirmed' as const))

const LIVE = ACTIVE_STATUSES
const isLive = (status: string) => (LIVE as readonly string[]).includes(status)

/** A registration of one of the requests' accounts that may answer a request or count against its limit. */
type Earlier = Awaited<ReturnType<typeof earlierRegistrations>>[number]

/**
 * In one statement, the registrations of the requests' accounts that may answer them: their live
 * places in the offering, and those made with the requests' Idempotency-Keys.
 */
function earlierRegistrations(db: Db, reqs: readonly PlaceRequest[]) {
  const offeringId = reqs[0]!.offering.id
  const keys = reqs.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : []))
  return db.kysely
    .selectFrom('registrations')
    .select(['id', 'userId', 'offeringId', 'participantKey', 'idempotencyKey', 'status'])
    .where(inList(db.dialect, 'userId', [...new Set(reqs.map((r) => r.userId))]))
    .where((eb) => {
      const live = eb.and([eb('offeringId', '=', offeringId), eb('status', 'in', LIVE)])
      return keys.length > 0 ? eb.or([live, inList(db.dialect, 'idempotencyKey', keys)]) : live
    })
    .execute()
}

/**
 * For each request, from `earlier` (`earlierRegistrations`): the registration that already
 * answers it (its live place in the offering, or the one made with its Idempotency-Key), a
 * refusal when its key was used for another registration, or undefined when it is new.
 */
async function findExisting(db: Db, reqs: readonly PlaceRequest[], earlier: readonly Earlier[]): Promise<(Settled<RegistrationView | undefined> | undefined)[]> {
  const offeringId = reqs[0]!.offering.id
  return Promise.all(
    reqs.map(async (req): Promise<Settled<RegistrationView | undefined> | undefined> => {
      const participantKey = participantKeyOf(req.childId)
      const mine = earlier.filter((r) => r.userId === req.userId)
      const row =
        mine.find((r) => req.idempotencyKey !== null && r.idempotencyKey === req.idempotencyKey) ??
        mine.find((r) => r.offeringId === offeringId && r.participantKey === participantKey && isLive(r.status))
      if (!row) return undefined
      if (row.offeringId !== offeringId || row.participantKey !== participantKey) {
        return { ok: false, error: conflict('This Idempotency-Key was already used for a different registration. Send a new key.') }
      }
      return { ok: true, value: await findRegistrationView(db, req.kinds, row.id) }
    }),
  )
}
