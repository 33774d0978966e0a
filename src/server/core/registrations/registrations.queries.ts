import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { containsText, fullName } from '../../db/search.ts'
import type { Write } from '../../db/transaction.ts'
import { inList, timestampParam, toCount, toIso } from '../../db/values.ts'
import { balanceCents } from '../../../shared/money.ts'
import type { MoneyMove, RefundStatus } from '../../../shared/schemas/payments.ts'
import { OFFERING_KINDS, type OfferingKind, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { OFFERING_KIND_WORDS, type ReceiptPage } from '../../../shared/offering-kinds.ts'
import { KIND_COLUMNS, type KindColumns } from '../../db/schema.ts'
import { countWaiting, holdOffering } from './capacity.ts'
import { amountDueOf, amountPaidOf, lineColumnOf, orderOf, paidOnLines, type RegistrationScope } from '../payments/orders.queries.ts'
import { planOf } from '../payments/products.queries.ts'
import type { Charges, HistoryEntry, OfferingDetails, Payment, Receipt, ReceiptExtra, RegistrationView } from '../../../shared/contracts/registrations.ts'
import type { Kinds, PlaceFacts } from './kinds.ts'

/** How many wait ahead of a registration (aliased `r`) in its offering's waitlist. */
export const waitlistAheadOf = (eb: RegistrationScope) =>
  eb
    .selectFrom('registrations as ahead')
    .select((s) => s.fn.countAll<string | number>().as('n'))
    .whereRef('ahead.offeringId', '=', 'r.offeringId')
    .where('ahead.status', '=', 'waitlisted')
    .whereRef('ahead.seq', '<', 'r.seq')

/** What every view of a place shows of its offering (the `offeringFacts` view, decision 0026). */
const FACT_COLUMNS = ['f.ownerId', 'f.sport', 'f.weekdays', 'f.startTime', 'f.endTime', 'f.skippedDates', 'f.name as offeringName', 'f.startDate', 'f.endDate'] as const

/** Everything a registration's owner or staff see of it, in one query. */
function views(db: Db) {
  return placesOf(db).select((eb) => waitlistAheadOf(eb).as('waitlistAhead'))
}

/**
 * Places with their person, their money and their offering's facts, the facts a table `f` of the
 * statement: every offering's, joined as the view always was, or only `oneOffering`'s, planned on
 * its own (MATERIALIZED). PostgreSQL plans the nine relations of places joined with the facts'
 * view in 2.5–5 ms, longer than the read runs; with one offering's facts apart, in about 1 ms
 * (docs/benchmarks.md). The registration engine's read of its new places, inside its hold, is the
 * second kind.
 */
function placesOf(db: Db, oneOffering?: string) {
  const withFacts =
    oneOffering === undefined
      ? db.kysely.with('f', (qb) => qb.selectFrom('offeringFacts').selectAll())
      : db.kysely.with(
          (cte) => cte('f').materialized(),
          (qb) => qb.selectFrom('offeringFacts').selectAll().where('offeringId', '=', oneOffering),
        )
  return withFacts
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('f', 'f.offeringId', 'o.id')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select(FACT_COLUMNS)
    .select(KIND_COLUMNS.map((column) => `r.${column}` as const))
    .select((eb) => [
      'r.id',
      'o.id as offeringId',
      'o.kind',
      'r.userId',
      'u.displayName as registrantName',
      'u.email as registrantEmail',
      'r.childId',
      'c.firstName as childFirstName',
      'c.lastName as childLastName',
      'r.status',
      'r.seq',
      'r.offerExpiresAt',
      'r.receiptNumber',
      'r.createdAt',
      amountDueOf(eb).as('priceCents'),
      amountPaidOf(eb).as('paidCents'),
      orderOf(eb).as('orderId'),
      lineColumnOf(eb, 'planDepositCents').as('planDepositCents'),
      lineColumnOf(eb, 'planDueDates').as('planDueDates'),
      'o.waiting as waitlistSize',
    ])
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof views>['executeTakeFirstOrThrow']>>

/** What a place's kind reads its details from: its offering's facts (migration 0037) and its own kind columns. */
function factsOf(row: ViewRow): PlaceFacts {
  const { ownerId, sport, startDate, endDate, weekdays, startTime, endTime, skippedDates } = row
  return { ownerId, sport, startDate, endDate, weekdays, startTime, endTime, skippedDates, kindColumns: Object.fromEntries(KIND_COLUMNS.map((column) => [column, row[column]])) }
}

/**
 * The views of the rows a read found, each with the details its kind tells (kinds.ts `Kind`):
 * each kind present is asked once, for all its places.
 */
async function toViews(db: Db, kinds: Kinds, rows: readonly ViewRow[]): Promise<RegistrationView[]> {
  const ofKind = new Map<OfferingKind, ViewRow[]>()
  for (const row of rows) {
    const places = ofKind.get(row.kind)
    if (places) places.push(row)
    else ofKind.set(row.kind, [row])
  }
  const details = new Map<ViewRow, OfferingDetails>()
  await Promise.all(
    [...ofKind].map(async ([kind, places]) => {
      const told = await kinds[kind].details(db, places.map(factsOf))
      places.forEach((row, i) => details.set(row, told[i]!))
    }),
  )
  return rows.map((row) => toView(row, details.get(row)!))
}

function toView(row: ViewRow, details: OfferingDetails): RegistrationView {
  const priceCents = toCount(row.priceCents)
  const paidCents = toCount(row.paidCents)
  return {
    id: row.id,
    offering: { kind: row.kind, id: row.offeringId, ownerId: row.ownerId, name: row.offeringName, startDate: row.startDate, endDate: row.endDate, details },
    userId: row.userId,
    registrantName: row.registrantName,
    registrantEmail: row.registrantEmail,
    child: row.childId ? { id: row.childId, name: `${row.childFirstName ?? ''} ${row.childLastName ?? ''}`.trim() } : null,
    status: row.status,
    waitlistPosition: row.status === 'waitlisted' ? toCount(row.waitlistAhead) + 1 : null,
    waitlistSize: toCount(row.waitlistSize),
    offerExpiresAt: row.offerExpiresAt === null ? null : toIso(row.offerExpiresAt),
    receiptNumber: row.receiptNumber,
    priceCents,
    paidCents,
    balanceCents: balanceCents({ status: row.status, priceCents, paidCents }),
    orderId: row.orderId,
    plan: planOf({ planDepositCents: row.planDepositCents, planDueDates: row.planDueDates }),
    createdAt: toIso(row.createdAt),
  }
}

export async function findRegistrationView(db: Db, kinds: Kinds, registrationId: string): Promise<RegistrationView | undefined> {
  const row = await views(db).where('r.id', '=', registrationId).executeTakeFirst()
  return row && (await toViews(db, kinds, [row]))[0]
}

/**
 * Registrations just made by the registration engine in `offeringId` (see `views`), by id. Its
 * row is held and they took its last numbers, so nobody waits behind them but each other: each
 * one's place in the waitlist is its offering's count less those of them behind it, counted here.
 * (Counted in the database, per registration, over a waitlist thousands long, PostgreSQL scanned
 * the whole offering's registrations for each one, inside the hold: issue 31.)
 */
export async function findNewRegistrationViews(tx: Db, kinds: Kinds, offeringId: string, registrationIds: readonly string[]): Promise<Map<string, RegistrationView>> {
  if (registrationIds.length === 0) return new Map()
  const rows = await placesOf(tx, offeringId).where(inList(tx.dialect, 'r.id', registrationIds)).execute()
  const behind = (row: (typeof rows)[number]) => rows.filter((other) => other.status === 'waitlisted' && other.seq > row.seq).length
  const made = await toViews(
    tx,
    kinds,
    rows.map((row) => ({ ...row, waitlistAhead: toCount(row.waitlistSize) - 1 - behind(row) })),
  )
  return new Map(made.map((view) => [view.id, view]))
}

/** A registration just changed, read back in the answer: it cannot have gone in between. */
export async function changedRegistration(db: Db, kinds: Kinds, registrationId: string): Promise<RegistrationView> {
  const view = await findRegistrationView(db, kinds, registrationId)
  if (!view) throw new Error(`registration ${registrationId} vanished after a change`)
  return view
}

export async function listUserRegistrations(db: Db, kinds: Kinds, userId: string): Promise<RegistrationView[]> {
  const rows = await views(db).where('r.userId', '=', userId).orderBy('r.createdAt', 'desc').orderBy('r.id').execute()
  return toViews(db, kinds, rows)
}

/**
 * Registrations awaiting payment or a decision, newest first (spec route /pendingRegistrations):
 * everyone waiting, offered a place or holding one awaiting payment, and confirmed ones with
 * money still due; in what one owner offers (`ownerId` as offeringFacts reads it: a league's
 * places with its teams' entries and rosters), and whose registrant's name or email, or child's
 * name, contains `search`.
 */
export async function listPendingRegistrations(db: Db, kinds: Kinds, { ownerId, search }: { ownerId?: string; search?: string }): Promise<RegistrationView[]> {
  let query = views(db).where((eb) =>
    eb.or([
      eb('r.status', 'in', ['held', 'offered', 'waitlisted']),
      eb.and([eb('r.status', '=', 'confirmed'), eb(eb.fn.coalesce(amountDueOf(eb), eb.lit(0)), '>', eb.fn.coalesce(amountPaidOf(eb), eb.lit(0)))]),
    ]),
  )
  if (ownerId) query = query.where('f.ownerId', '=', ownerId)
  const q = search?.trim().toLowerCase()
  if (q) {
    query = query.where((eb) =>
      eb.or([containsText(eb.ref('u.displayName'), q), containsText(eb.ref('u.email'), q), containsText(fullName('c.firstName', 'c.lastName'), q)]),
    )
  }
  const rows = await query.orderBy('r.createdAt', 'desc').orderBy('r.id').limit(500).execute()
  return toViews(db, kinds, rows)
}

/**
 * A receipt, found only when every id in the URL matches the same registration: its person, its
 * owner (`ownerId` as offeringFacts reads it) and, when given, the registration or the kind
 * columns of its row (db/schema.ts KindColumns: the team a team's receipt is for) with the page
 * the receipt is read at. Whether the viewer may see it is the caller's decision; both "no" and
 * "not found" answer 404.
 */
export async function findReceipt(
  db: Db,
  kinds: Kinds,
  ids: { userId: string; ownerId: string } & ({ registrationId?: string } | { kindColumns: KindColumns; page: ReceiptPage }),
): Promise<Receipt | undefined> {
  let query = views(db).where('r.userId', '=', ids.userId).where('f.ownerId', '=', ids.ownerId)
  // Without a registration id: the person's own registration with the owner, the newest one; with
  // kind columns, the one whose row has them, a place whose kind's receipt is read at the page
  // first (a team's: its entry for its captain, or their place on its roster for a player).
  if ('kindColumns' in ids) {
    const columns = Object.entries(ids.kindColumns) as [keyof KindColumns, string][]
    const readHere = OFFERING_KINDS.filter((kind) => OFFERING_KIND_WORDS[kind].receiptPage === ids.page)
    query = columns.reduce((q, [column, value]) => q.where(`r.${column}`, '=', value), query)
    if (readHere.length > 0) query = query.orderBy((eb) => eb.case().when('o.kind', 'in', readHere).then(0).else(1).end())
  } else if (ids.registrationId) query = query.where('r.id', '=', ids.registrationId)
  else query = query.where('r.childId', 'is', null)
  const row = await query.orderBy('r.createdAt', 'desc').limit(1).executeTakeFirst()
  if (!row) return undefined
  return receiptOf(db, (await toViews(db, kinds, [row]))[0]!)
}

/** A person's places in one academy or camp (`ownerId`), their children's too, each with its payments, in the order taken. */
export async function findReceiptsIn(db: Db, kinds: Kinds, userId: string, ownerId: string): Promise<Receipt[]> {
  const rows = await views(db).where('r.userId', '=', userId).where('f.ownerId', '=', ownerId).orderBy('r.createdAt').orderBy('r.seq').execute()
  return Promise.all((await toViews(db, kinds, rows)).map((view) => receiptOf(db, view)))
}

/** A registration's receipt by its id alone; whether the viewer may see it is the caller's decision. */
export async function findReceiptOf(db: Db, kinds: Kinds, registrationId: string): Promise<Receipt | undefined> {
  const view = await findRegistrationView(db, kinds, registrationId)
  return view && receiptOf(db, view)
}

/** A place's receipt: its view with its payments and refunds, how its price came to be, and the extras of its order. */
async function receiptOf(db: Db, view: RegistrationView): Promise<Receipt> {
  const [payments, charges, extras] = await Promise.all([listPayments(db, view.id), listCharges(db, view.id), listOrderExtras(db, view.id)])
  return { ...view, payments, charges, extras }
}

/**
 * The extras bought on the order of a registration's place (a jersey), in the order added, each
 * with what it asks, what was paid towards it and the payments and refunds that did; one taken off
 * (nothing asked, nothing kept) is left out.
 */
export async function listOrderExtras(db: Db, registrationId: string): Promise<ReceiptExtra[]> {
  const rows = await db.kysely
    .selectFrom('orderLines as line')
    .innerJoin('orderLines as place', 'place.orderId', 'line.orderId')
    .select(['line.id', 'line.description', 'line.amountDueCents'])
    .where('place.registrationId', '=', registrationId)
    .where('line.registrationId', 'is', null)
    .orderBy('line.createdAt')
    .orderBy('line.id')
    .execute()
  const paid = await paidOnLines(
    db,
    rows.map((r) => r.id),
  )
  const kept = rows.filter((r) => r.amountDueCents > 0 || paid.get(r.id) !== 0)
  return Promise.all(
    kept.map(async (r) => ({ lineId: r.id, description: r.description, amountDueCents: r.amountDueCents, paidCents: paid.get(r.id)!, payments: await moneyMoves(db, { lineId: r.id }) })),
  )
}

/**
 * The payments and refunds of a registration, each as much of it as went to (or came back from)
 * the registration's line, with the card an online payment was made with (a refund goes back to
 * its payment's card) and whether a refund went through.
 */
export function listPayments(db: Db, registrationId: string): Promise<Payment[]> {
  return moneyMoves(db, { registrationId })
}

/** The payments and refunds of one line of an order, as `listPayments` reads a registration's. */
async function moneyMoves(db: Db, of: { registrationId: string } | { lineId: string }): Promise<Payment[]> {
  const [column, id] = 'lineId' in of ? (['line.id', of.lineId] as const) : (['line.registrationId', of.registrationId] as const)
  const paid = db.kysely
    .selectFrom('paymentAllocations as a')
    .innerJoin('orderLines as line', 'line.id', 'a.orderLineId')
    .innerJoin('payments as p', 'p.id', 'a.paymentId')
    .select([
      'p.id as id',
      sql.lit('payment').$castTo<MoneyMove>().as('move'),
      'a.amountCents',
      'p.method',
      'p.reference',
      'p.cardBrand',
      'p.cardLast4',
      sql.lit('succeeded').$castTo<RefundStatus>().as('status'),
      'p.recordedAt as recordedAt',
      'a.orderLineId as lineId',
      'p.id as paymentId',
    ])
    .where(column, '=', id)
  const refunded = db.kysely
    .selectFrom('refundAllocations as a')
    .innerJoin('orderLines as line', 'line.id', 'a.orderLineId')
    .innerJoin('refunds as f', 'f.id', 'a.refundId')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .select([
      'f.id as id',
      sql.lit('refund').$castTo<MoneyMove>().as('move'),
      sql<number>`-a."amountCents"`.as('amountCents'),
      'p.method',
      'f.reason as reference',
      'p.cardBrand',
      'p.cardLast4',
      'f.status',
      'f.recordedAt as recordedAt',
      'a.orderLineId as lineId',
      'f.paymentId as paymentId',
    ])
    .where(column, '=', id)
  const rows = await paid.unionAll(refunded).orderBy('recordedAt').orderBy('move').orderBy('id').execute()
  // What is left of each payment on its line: a refund not failed takes its part (orders.queries.ts leftOfPayment counts so).
  const left = new Map<string, number>()
  for (const row of rows) {
    const key = `${row.paymentId} ${row.lineId}`
    if (row.move === 'payment' || row.status !== 'failed') left.set(key, (left.get(key) ?? 0) + row.amountCents)
  }
  return rows.map(({ cardBrand, cardLast4, paymentId, ...p }) => ({
    ...p,
    refundableCents: p.move === 'payment' ? left.get(`${paymentId} ${p.lineId}`)! : null,
    card: cardBrand !== null && cardLast4 !== null ? { brand: cardBrand, last4: cardLast4 } : null,
    recordedAt: toIso(p.recordedAt),
  }))
}

/** How a registration's price came to be, from its line: list price, price of the day, family discount, discount code, adjustments. */
export async function listCharges(db: Db, registrationId: string): Promise<Charges | null> {
  const line = await db.kysely
    .selectFrom('orderLines as line')
    .leftJoin('discountCodes as dc', 'dc.id', 'line.discountCodeId')
    .select(['line.id', 'line.listPriceCents', 'line.amountDueCents', 'line.discountCents', 'line.adjustedCents', 'line.familyDiscountCents', 'line.sessionsCharged', 'line.sessionsInAll', 'dc.code'])
    .where('line.registrationId', '=', registrationId)
    .executeTakeFirst()
  if (!line) return null
  const adjustments = await db.kysely.selectFrom('lineAdjustments').select(['amountCents', 'reason', 'recordedAt']).where('orderLineId', '=', line.id).orderBy('recordedAt').execute()
  // Written by core/registrations/family-discount.ts when the sibling who earned the discount left.
  const ended = await db.kysely.selectFrom('registrationEvents').select(['details', 'at']).where('registrationId', '=', registrationId).where('action', '=', 'family-discount-ended').executeTakeFirst()
  const endedDetails = ended?.details ? (JSON.parse(ended.details) as { amountCents: number; reason: string }) : null
  return {
    listPriceCents: line.listPriceCents,
    sessions: line.sessionsCharged !== null && line.sessionsInAll !== null ? { charged: line.sessionsCharged, inAll: line.sessionsInAll } : null,
    priceOfDayCents: line.amountDueCents + line.discountCents + line.adjustedCents + line.familyDiscountCents,
    familyDiscountCents: line.familyDiscountCents,
    discount: line.code && line.discountCents > 0 ? { code: line.code, cents: line.discountCents } : null,
    adjustments: adjustments.map((a) => ({ amountCents: a.amountCents, reason: a.reason, at: toIso(a.recordedAt) })),
    familyDiscountEnded: ended && endedDetails ? { amountCents: endedDetails.amountCents, reason: endedDetails.reason, at: toIso(ended.at) } : null,
  }
}

export interface NewEvent {
  registrationId: string
  action: string
  actorId: string | null
  details?: Record<string, unknown>
  now: Date
}

export async function logEvent(db: Db, event: NewEvent): Promise<void> {
  await eventsInsert(db, [event]).execute()
}

/** The insert of several registrations' history entries, to send with other writes (db/transaction.ts writeTogether). */
export function eventsInsert(db: Db, events: readonly NewEvent[]): Write {
  return db.kysely.insertInto('registrationEvents').values(
    events.map((event) => ({
      id: randomUUID(),
      registrationId: event.registrationId,
      action: event.action,
      actorId: event.actorId,
      details: event.details ? JSON.stringify(event.details) : null,
      at: timestampParam(db.dialect, event.now),
    })),
  )
}

export async function listEvents(db: Db, registrationId: string): Promise<HistoryEntry[]> {
  const rows = await db.kysely
    .selectFrom('registrationEvents as e')
    .leftJoin('users as u', 'u.id', 'e.actorId')
    .select(['e.action', 'u.displayName as actorName', 'e.details', 'e.at'])
    .where('e.registrationId', '=', registrationId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute()
  return rows.map((e) => ({
    action: e.action,
    actorName: e.actorName,
    details: e.details ? (JSON.parse(e.details) as Record<string, unknown>) : null,
    at: toIso(e.at),
  }))
}

/** Whether the registration is this person's (a team's entry is its current captain's). */
export async function ownsRegistration(db: Db, registrationId: string, userId: string): Promise<boolean> {
  const row = await db.kysely.selectFrom('registrations').select('id').where('id', '=', registrationId).where('userId', '=', userId).executeTakeFirst()
  return row !== undefined
}

/**
 * Moves a registration between statuses only if it is still in `from`, races losing cleanly;
 * answers the status it left, undefined when it was in none of `from`. The offering's row is
 * held first and its waitlist count follows the move.
 */
export async function changeStatus(
  tx: Db,
  registrationId: string,
  from: readonly RegistrationStatus[],
  to: RegistrationStatus,
  now: Date,
  offerExpiresAt: Date | null = null,
): Promise<RegistrationStatus | undefined> {
  const place = await tx.kysely.selectFrom('registrations').select('offeringId').where('id', '=', registrationId).executeTakeFirst()
  if (!place) return undefined
  await holdOffering(tx, place.offeringId)
  // Read after the hold: every status change holds the offering first, so this one stays.
  const current = await tx.kysely.selectFrom('registrations').select('status').where('id', '=', registrationId).executeTakeFirstOrThrow()
  if (!from.includes(current.status)) return undefined
  await tx.kysely
    .updateTable('registrations')
    .set({
      status: to,
      offerExpiresAt: offerExpiresAt && timestampParam(tx.dialect, offerExpiresAt),
      updatedAt: timestampParam(tx.dialect, now),
    })
    .where('id', '=', registrationId)
    .execute()
  if ((current.status === 'waitlisted') !== (to === 'waitlisted')) await countWaiting(tx, place.offeringId, to === 'waitlisted' ? 1 : -1)
  return current.status
}
