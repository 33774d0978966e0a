import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../../db/connect.ts'
import { inTransaction, writeTogether } from '../../db/transaction.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { creditLine, holdOrder, linesOfOrder, orderBalances, orderInserts } from '../../core/payments/orders.queries.ts'
import { priceOn } from '../../core/registrations/offerings.queries.ts'
import { conflict, invalid, notFound, Refusal } from '../../core/refusals.ts'
import { applyDiscountCode, removeDiscountCode } from '../../core/payments/discounts.ts'
import { earlyBirdOf, planOf, sizesOf } from '../../core/payments/products.queries.ts'
import { facilityToday } from '../../../shared/format.ts'
import { dueNowCents, planParts } from '../../../shared/payment-plan.ts'
import { receiptPath } from '../../../shared/receipt-path.ts'
import type { CheckoutLine, CheckoutState, OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { MOST_OF_AN_EXTRA, MOST_ORDER_LINES } from '../../../shared/schemas/payments.ts'
import type { CheckoutStatus, PaymentProvider } from '../../../shared/schemas/payments.ts'
import { HOLDS_PLACE, type OfferingKind } from '../../../shared/schemas/registration.ts'

/** An order's payer, or undefined when there is no such order. */
export async function findOrderPayer(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('orders').select('payerUserId').where('id', '=', orderId).executeTakeFirst()
  return row?.payerUserId
}

/** An order at its checkout, as `readerId` reads it: its lines with their balances and receipts, the sums, and a payment online under way. */
export async function findOrderCheckout(
  db: Db,
  orderId: string,
  { paysOnline, now, timeZone, readerId }: { paysOnline: boolean; now: Date; timeZone: string; readerId: string },
): Promise<OrderCheckout> {
  const today = facilityToday(now, timeZone)
  const balances = new Map((await orderBalances(db, orderId)).map((line) => [line.id, line]))
  // A discount code is counted again without an extra only while nothing is paid (removeExtra).
  const nothingPaid = [...balances.values()].every((line) => line.paidCents === 0)
  const rows = await db.kysely
    .selectFrom('orderLines as line')
    .leftJoin('registrations as r', 'r.id', 'line.registrationId')
    .leftJoin('offerings as o', 'o.id', 'r.offeringId')
    .leftJoin('offeringFacts as f', 'f.offeringId', 'o.id')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .leftJoin('discountCodes as dc', 'dc.id', 'line.discountCodeId')
    .select([
      'line.id',
      'line.description',
      'line.listPriceCents',
      'line.discountCents',
      'line.adjustedCents',
      'line.familyDiscountCents',
      'line.planDepositCents',
      'line.planDueDates',
      'line.registrationId as lineRegistrationId',
      'dc.code as discountCode',
      'r.id as registrationId',
      'r.userId',
      'r.status',
      'r.offerExpiresAt',
      'o.kind',
      'f.ownerId',
      'r.teamId',
      'c.firstName as childFirstName',
    ])
    .where('line.orderId', '=', orderId)
    // Places taken in one go share a moment: then in the order they were taken.
    .orderBy('line.createdAt')
    .orderBy('r.seq')
    .orderBy('line.id')
    .execute()
  const lines: CheckoutLine[] = rows.map((row) => {
    const balance = balances.get(row.id)!
    const amountDueCents = balance.openCents + balance.paidCents
    const plan = planOf(row)
    const parts = plan && balance.openCents > 0 ? planParts(plan, amountDueCents, balance.paidCents, today) : null
    return {
      id: row.id,
      description: row.childFirstName ? `${row.description} — ${row.childFirstName}` : row.description,
      listPriceCents: row.listPriceCents,
      priceCents: balance.amountDueCents + row.discountCents + row.adjustedCents + row.familyDiscountCents,
      familyDiscountCents: row.familyDiscountCents,
      discountCents: row.discountCents,
      adjustedCents: row.adjustedCents,
      amountDueCents,
      paidCents: balance.paidCents,
      openCents: balance.openCents,
      dueNowCents: parts ? dueNowCents(parts) : Math.max(balance.openCents, 0),
      plan: parts,
      released: row.status === 'expired',
      waiting: row.status === 'waitlisted' || row.status === 'offered',
      removable: row.lineRegistrationId === null && balance.paidCents === 0 && (row.discountCents === 0 || nothingPaid) && (balance.amountDueCents > 0 || row.adjustedCents === 0),
      receiptHref: receiptOf(row),
    }
  })
  const coded = rows.find((r) => r.discountCode !== null)
  const payer = await db.kysely
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.payerUserId')
    .select(['u.id', 'u.displayName as name'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow()
  return {
    orderId,
    yours: payer.id === readerId,
    payer,
    lines,
    discountCode: coded ? { code: coded.discountCode!, discountCents: sum(rows.map((r) => r.discountCents)) } : null,
    totalCents: sum(lines.map((l) => l.amountDueCents)),
    paidCents: sum(lines.map((l) => l.paidCents)),
    openCents: sum(lines.map((l) => l.openCents)),
    dueNowCents: sum(lines.map((l) => l.dueNowCents)),
    heldUntil: heldUntilOf(rows)?.toISOString() ?? null,
    paysOnline,
    paying: (await checkoutUnderWay(db, orderId, now)) ?? null,
    extras: await offeredExtras(db, orderId, today),
  }
}

/**
 * The one deadline of an order's places held while the family pays: the earliest, set when each
 * place was taken and never moved by a checkout (decision 0022); undefined when none is held.
 */
export function heldUntilOf(rows: readonly { status: string | null; offerExpiresAt: string | number | Date | null }[]): Date | undefined {
  const held = rows.filter((r) => r.status === 'held' && r.offerExpiresAt !== null).map((r) => new Date(r.offerExpiresAt!).getTime())
  return held.length > 0 ? new Date(Math.min(...held)) : undefined
}

/** The extras offered with the fees of an order's places still held (not cancelled, ended or only waiting), at the price of `today`. */
export async function offeredExtras(db: Db, orderId: string, today: string): Promise<OrderCheckout['extras']> {
  const rows = await db.kysely
    .selectFrom('extraProducts as x')
    .innerJoin('products as e', 'e.id', 'x.extraId')
    .select(['e.id', 'e.name', 'e.listPriceCents', 'e.earlyBirdPriceCents', 'e.earlyBirdUntil', 'e.sizes'])
    .where('e.isActive', '=', boolParam(db.dialect, true))
    .where('x.productId', 'in', (eb) =>
      eb
        .selectFrom('orderLines as fee')
        .innerJoin('registrations as place', 'place.id', 'fee.registrationId')
        .select('fee.productId')
        .where('fee.orderId', '=', orderId)
        .where('place.status', 'in', HOLDS_PLACE)
        .where('fee.productId', 'is not', null)
        .$narrowType<{ productId: string }>(),
    )
    .distinct()
    .orderBy('e.name')
    .execute()
  return rows.map((e) => ({
    productId: e.id,
    name: e.name,
    priceCents: priceOn({ listPriceCents: e.listPriceCents, earlyBird: earlyBirdOf(e) }, today),
    sizes: sizesOf(e.sizes),
  }))
}

/**
 * Adds an extra offered with the order (a jersey, in a size), in a quantity, as a line of its own
 * asking for all of them at the price of the day; refused in the payer's words under the field at
 * fault otherwise. An extra goes with a place: an order whose places all ended, or only wait,
 * takes none. The order's row is held while its lines are counted (PostgreSQL; SQLite runs one
 * writer at a time), so extras added at once cannot pass `MOST_ORDER_LINES` together.
 */
export async function addExtra(
  db: Db,
  add: { orderId: string; payerUserId: string; productId: string; size: string | undefined; quantity?: number; today: string; now: Date },
): Promise<{ description: string; amountDueCents: number }> {
  const quantity = add.quantity ?? 1
  return inTransaction(db, async (tx) => {
    if (tx.dialect === 'postgres') await tx.kysely.selectFrom('orders').select('id').where('id', '=', add.orderId).forUpdate().execute()
    const places = await tx.kysely.selectFrom('orderLines as line').innerJoin('registrations as r', 'r.id', 'line.registrationId').select('r.status').where('line.orderId', '=', add.orderId).execute()
    if (!places.some((p) => HOLDS_PLACE.includes(p.status))) {
      if (places.some((p) => p.status === 'waitlisted')) throw conflict('Extras are added once a place on this order is yours; it is on the waitlist for now.')
      throw conflict('Every place on this order was cancelled or has ended, so it takes no extras.')
    }
    const extra = (await offeredExtras(tx, add.orderId, add.today)).find((e) => e.productId === add.productId)
    if (!extra) throw invalid('Choose an extra offered with this order.', { productId: 'Choose an extra offered with this order.' })
    const size = add.size?.trim() ?? ''
    if (extra.sizes.length > 0 && !extra.sizes.includes(size)) throw invalid('Choose a size.', { size: 'Choose a size.' })
    const { lines } = await tx.kysely.selectFrom('orderLines').select((eb) => eb.fn.countAll<string | number>().as('lines')).where('orderId', '=', add.orderId).executeTakeFirstOrThrow()
    if (Number(lines) >= MOST_ORDER_LINES) throw conflict(`An order takes at most ${MOST_ORDER_LINES} lines, and this one has ${Number(lines)}: add several of one extra on one line instead (up to ${MOST_OF_AN_EXTRA}).`)
    const product = await tx.kysely.selectFrom('products').select('listPriceCents').where('id', '=', extra.productId).executeTakeFirstOrThrow()
    const description = `${extra.sizes.length > 0 ? `${extra.name}, size ${size}` : extra.name}${quantity > 1 ? ` × ${quantity}` : ''}`
    await writeTogether(
      tx,
      orderInserts(tx, [{ id: add.orderId, payerUserId: add.payerUserId, now: add.now, lines: [{ registrationId: null, productId: extra.productId, description, listPriceCents: product.listPriceCents * quantity, amountDueCents: extra.priceCents * quantity }] }]),
    )
    return { description, amountDueCents: extra.priceCents * quantity }
  })
}

/** Why an extra taken off after its payment was refunded asks nothing more (its line stays with its money's history). */
export const EXTRA_TAKEN_OFF = 'Taken off the order after its refund'

/**
 * Takes an extra off an order while nothing is paid on it and no discount code counted it; the
 * checkouts that listed it (none paid: it has no payment) forget it. One paid and refunded keeps
 * its line, for its payment's and refund's sake, and a credit of what it asked (`EXTRA_TAKEN_OFF`).
 * The caller has closed any payment page still open for it.
 */
export async function removeExtra(db: Db, { orderId, lineId, by, today, now }: { orderId: string; lineId: string; by: string; today: string; now: Date }): Promise<void> {
  await inTransaction(db, async (tx) => {
    // The order's lines first, which holds the order: a second tap on Remove waits, then finds the extra gone.
    const lines = await linesOfOrder(tx, orderId)
    const extra = await tx.kysely.selectFrom('orderLines').select(['id', 'discountCents']).where('id', '=', lineId).where('orderId', '=', orderId).where('registrationId', 'is', null).executeTakeFirst()
    const line = extra && lines.find((l) => l.id === extra.id)
    if (!extra || !line) throw notFound('There is no such extra on this order.')
    if (line.paidCents !== 0) throw conflict('This extra is paid: the front desk can refund it.')
    if (extra.discountCents > 0) {
      await withoutExtraOfCode(tx, { orderId, lineId: line.id, today, now })
      return
    }
    const paidOnce = await tx.kysely.selectFrom('paymentAllocations').select('paymentId').where('orderLineId', '=', line.id).executeTakeFirst()
    if (paidOnce) {
      if (line.amountDueCents === 0) throw conflict('This extra is already taken off the order.')
      await creditLine(tx, line, { amountCents: line.amountDueCents, reason: EXTRA_TAKEN_OFF, recordedBy: by, now })
      return
    }
    await tx.kysely.deleteFrom('checkoutLines').where('orderLineId', '=', line.id).execute()
    await tx.kysely.deleteFrom('orderLines').where('id', '=', line.id).execute()
  })
}

/**
 * Takes off an extra a discount code was counted with (nothing on the order is paid, or the code
 * would stay: discounts.ts): the code comes off, the extra goes, and the code is counted again over
 * what is left, its use still the order's; it stays off when nothing left is for it.
 */
async function withoutExtraOfCode(tx: Db, { orderId, lineId, today, now }: { orderId: string; lineId: string; today: string; now: Date }): Promise<void> {
  const use = await tx.kysely.selectFrom('discountCodeUses').select('userId').where('orderId', '=', orderId).executeTakeFirstOrThrow()
  const removed = (await removeDiscountCode(tx, { orderId, userId: use.userId }))!
  await tx.kysely.deleteFrom('checkoutLines').where('orderLineId', '=', lineId).execute()
  await tx.kysely.deleteFrom('orderLines').where('id', '=', lineId).execute()
  try {
    await applyDiscountCode(tx, { orderId, userId: use.userId, code: removed.code, today, now })
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
  }
}

function receiptOf(row: { registrationId: string | null; userId: string | null; kind: OfferingKind | null; ownerId: string | null; teamId: string | null }): string | null {
  if (!row.registrationId || !row.userId || !row.kind || !row.ownerId) return null
  return receiptPath({
    id: row.registrationId,
    userId: row.userId,
    offering: { kind: row.kind, ownerId: row.ownerId, details: { kind: row.kind, ...(row.teamId ? { team: { id: row.teamId } } : {}) } },
  })
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** The newest checkout of an order that may still be paid, or whose bank debit is clearing. */
export async function checkoutUnderWay(db: Db, orderId: string, now: Date): Promise<(CheckoutState & { url: string | null; externalId: string | null }) | undefined> {
  const row = await checkouts(db)
    .where('c.orderId', '=', orderId)
    .where((eb) => eb.or([eb('c.status', '=', 'processing'), eb.and([eb('c.status', '=', 'open'), eb('c.expiresAt', '>', timestampParam(db.dialect, now))])]))
    .orderBy('c.createdAt', 'desc')
    .executeTakeFirst()
  return row && { ...stateOf(row), url: row.url, externalId: row.externalId }
}

export async function findCheckout(db: Db, checkoutId: string): Promise<(CheckoutState & { payerUserId: string; externalId: string | null }) | undefined> {
  const row = await checkouts(db).where('c.id', '=', checkoutId).executeTakeFirst()
  return row && { ...stateOf(row), payerUserId: row.payerUserId, externalId: row.externalId }
}

function checkouts(db: Db) {
  return db.kysely
    .selectFrom('checkouts as c')
    .leftJoin('payments as p', 'p.id', 'c.paymentId')
    .select(['c.id', 'c.orderId', 'c.status', 'c.amountCents', 'c.payerUserId', 'c.externalId', 'c.url', 'p.cardBrand', 'p.cardLast4'])
}

function stateOf(row: { id: string; orderId: string; status: CheckoutStatus; amountCents: number; cardBrand: string | null; cardLast4: string | null }): CheckoutState {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    amountCents: row.amountCents,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  }
}

export interface NewCheckout {
  /** Whose page it is paid on. */
  provider: PaymentProvider
  orderId: string
  payerUserId: string
  /** What it pays on each line: what each had open. */
  lines: readonly { orderLineId: string; amountCents: number }[]
  expiresAt: Date
  now: Date
}

/**
 * Opens a checkout before the provider is asked for its page (its id is the page's idempotency
 * key and carried with it, so an event always finds it). The order's held places keep the
 * deadline they were taken with: a checkout opened again and again never holds them longer.
 *
 * Pay pressed twice (or in two tabs) asks for one page: with the order held, an open checkout of
 * the same amount, its page opened or still being asked for (`OPENING_MS`), is answered instead,
 * `earlier`, and its page is the one to go to (`openingPage`).
 */
export async function openCheckout(db: Db, checkout: NewCheckout): Promise<{ id: string; earlier: boolean }> {
  const id = randomUUID()
  const amountCents = sum(checkout.lines.map((l) => l.amountCents))
  return inTransaction(db, async (tx) => {
    await holdOrder(tx, { orderId: checkout.orderId })
    const earlier = await tx.kysely
      .selectFrom('checkouts')
      .select('id')
      .where('orderId', '=', checkout.orderId)
      .where('status', '=', 'open')
      .where('amountCents', '=', amountCents)
      .where('expiresAt', '>', timestampParam(tx.dialect, checkout.now))
      .where((eb) => eb.or([eb('url', 'is not', null), eb('createdAt', '>', timestampParam(tx.dialect, new Date(checkout.now.getTime() - OPENING_MS)))]))
      .executeTakeFirst()
    if (earlier) return { id: earlier.id, earlier: true }
    const at = timestampParam(tx.dialect, checkout.now)
    await tx.kysely
      .insertInto('checkouts')
      .values({
        id,
        provider: checkout.provider,
        orderId: checkout.orderId,
        payerUserId: checkout.payerUserId,
        amountCents,
        status: 'open',
        externalId: null,
        url: null,
        expiresAt: timestampParam(tx.dialect, checkout.expiresAt),
        paymentId: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute()
    await tx.kysely
      .insertInto('checkoutLines')
      .values(checkout.lines.map((l) => ({ checkoutId: id, ...l })))
      .execute()
    return { id, earlier: false }
  })
}

/** How long the provider may take to open a page, its retries included (stripe-client.ts): a checkout with no page for longer was abandoned. */
const OPENING_MS = 60_000

/**
 * A checkout another request opened or is opening, once the provider has answered it (its `url`),
 * that request failed to open it (no longer open), or after `waitMs` (still being opened).
 */
export async function openingPage(db: Db, checkoutId: string, waitMs: number): Promise<{ status: CheckoutStatus; url: string | null }> {
  for (let waited = 0; ; waited += 100) {
    const checkout = await db.kysely.selectFrom('checkouts').select(['status', 'url']).where('id', '=', checkoutId).executeTakeFirstOrThrow()
    if (checkout.url !== null || checkout.status !== 'open' || waited >= waitMs) return checkout
    await sleep(100)
  }
}

/** The provider opened the checkout's page: where its payer pays. */
export async function pageOpened(db: Db, checkoutId: string, page: { externalId: string; url: string }, now: Date): Promise<void> {
  await db.kysely
    .updateTable('checkouts')
    .set({ externalId: page.externalId, url: page.url, updatedAt: timestampParam(db.dialect, now) })
    .where('id', '=', checkoutId)
    .execute()
}

/** Moves a checkout on from one of `from`; false when it had already moved on. */
export async function changeCheckout(tx: Db, checkoutId: string, from: readonly CheckoutStatus[], to: { status: CheckoutStatus; paymentId?: string }, now: Date): Promise<boolean> {
  const done = await tx.kysely
    .updateTable('checkouts')
    .set({ ...to, updatedAt: timestampParam(tx.dialect, now) })
    .where('id', '=', checkoutId)
    .where('status', 'in', from)
    .executeTakeFirst()
  return Number(done.numUpdatedRows) > 0
}

/** The lines a checkout pays, with the places they are for. */
export async function linesOfCheckout(tx: Db, checkoutId: string) {
  return tx.kysely
    .selectFrom('checkoutLines as cl')
    .innerJoin('orderLines as line', 'line.id', 'cl.orderLineId')
    .leftJoin('registrations as r', 'r.id', 'line.registrationId')
    .select(['cl.orderLineId', 'cl.amountCents', 'r.id as registrationId', 'r.offeringId', 'r.status'])
    .where('cl.checkoutId', '=', checkoutId)
    .execute()
}

/** A provider's checkouts still open past their end: the sweep asks the provider how each ended. */
export async function checkoutsPastExpiry(db: Db, provider: PaymentProvider, now: Date) {
  return db.kysely
    .selectFrom('checkouts')
    .select(['id', 'orderId', 'externalId'])
    .where('provider', '=', provider)
    .where('status', '=', 'open')
    .where('expiresAt', '<=', timestampParam(db.dialect, now))
    .limit(100)
    .execute()
}
