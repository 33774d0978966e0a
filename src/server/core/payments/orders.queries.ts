import { randomUUID } from 'node:crypto'
import { sql, type ExpressionBuilder } from 'kysely'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import type { Write } from '../../db/transaction.ts'
import { inList, timestampParam } from '../../db/values.ts'
import { chargeableCents } from '../../../shared/money.ts'
import type { PaymentMethod, PaymentProvider } from '../../../shared/schemas/payments.ts'
import { enqueueJob } from '../jobs.ts'
import type { PaymentPlan } from '../../../shared/payment-plan.ts'
import { planColumns } from './products.queries.ts'
import { givenBackInPerson } from './front-desk.ts'

/**
 * What is owed and what was paid (docs/decisions/0012): an order holds lines; a payment is
 * allocated to lines, and a refund gives back part of one payment from the lines it paid. Every
 * balance is a line's amount due less its payments' allocations plus its refunds'; nothing else
 * subtracts.
 */

export interface NewLine {
  registrationId: string | null
  productId: string | null
  description: string
  listPriceCents: number
  amountDueCents: number
  /** What the family discount took off the price of the day (already out of `amountDueCents`). */
  familyDiscountCents?: number
  /** The payment plan it may be paid by, as its product had it that day. */
  plan?: PaymentPlan | null
  /** A late sign-up charged for the sessions left (shared/prices.ts): how many of how many. */
  sessionsCharged?: number | null
  sessionsInAll?: number | null
}

export interface NewOrder {
  /** An order the caller opened (`openOrder`) that these lines join; without it, a new order. */
  id?: string
  payerUserId: string
  lines: NewLine[]
  now: Date
}

/** Orders with their lines, as the inserts to send in the caller's transaction (db/transaction.ts writeTogether). */
export function orderInserts(tx: Db, orders: readonly NewOrder[]): Write[] {
  if (orders.length === 0) return []
  const made = orders.map((order) => {
    const id = order.id ?? randomUUID()
    const at = (ms: number) => timestampParam(tx.dialect, new Date(order.now.getTime() + ms))
    // An order's lines keep the order given (payments fill them oldest first): each a millisecond after the one before.
    return { order: order.id ? null : { id, payerUserId: order.payerUserId, createdAt: at(0) }, lines: order.lines.map(({ familyDiscountCents = 0, plan = null, ...line }, i) => ({ id: randomUUID(), orderId: id, createdAt: at(i), familyDiscountCents, ...planColumns(plan), ...line })) }
  })
  const newOrders = made.flatMap((m) => (m.order ? [m.order] : []))
  const lines = made.flatMap((m) => m.lines)
  return [...(newOrders.length > 0 ? [tx.kysely.insertInto('orders').values(newOrders)] : []), ...(lines.length > 0 ? [tx.kysely.insertInto('orderLines').values(lines)] : [])]
}

/**
 * Opens an empty order for `payerUserId`, for places taken together and paid at one checkout (two
 * children in one go): each place's line joins it (the engine's `PlaceRequest.orderId`), and a
 * payment of the order is spread over its lines.
 */
export async function openOrder(db: Db, payerUserId: string, now: Date): Promise<string> {
  const id = randomUUID()
  await db.kysely.insertInto('orders').values({ id, payerUserId, createdAt: timestampParam(db.dialect, now) }).execute()
  return id
}

/** Expressions about a registration aliased `r` in the caller's query. */
export type RegistrationScope = ExpressionBuilder<Database & { r: Database['registrations'] }, 'r'>

/** What a registration's lines ask: its price (a subquery on the registration aliased `r`). */
export const amountDueOf = (eb: RegistrationScope) =>
  eb.selectFrom('orderLines as due').select((s) => s.fn.sum<string | number>('due.amountDueCents').as('total')).whereRef('due.registrationId', '=', 'r.id')

/** A column of a registration's line (a subquery on `r`): its payment plan's, say. */
export const lineColumnOf = <C extends 'planDepositCents' | 'planDueDates'>(eb: RegistrationScope, column: C) =>
  eb.selectFrom('orderLines as own').select(`own.${column}` as `own.${C}`).whereRef('own.registrationId', '=', 'r.id').limit(1)

/** The order a registration's line is in, where its balance is paid (a subquery on `r`). */
export const orderOf = (eb: RegistrationScope) => eb.selectFrom('orderLines as ordered').select('ordered.orderId').whereRef('ordered.registrationId', '=', 'r.id').limit(1)

/**
 * What was paid towards a registration's lines, refunds that went through deducted (a subquery on
 * `r`). A refund the provider has not confirmed yet still counts as paid: until it goes through, the
 * money is the facility's, and the line is not open to another payment or a discount.
 */
export const amountPaidOf = (eb: RegistrationScope) => {
  const paid = eb
    .selectFrom('paymentAllocations as paid')
    .innerJoin('orderLines as paidLine', 'paidLine.id', 'paid.orderLineId')
    .select((s) => s.fn.sum<string | number>('paid.amountCents').as('total'))
    .whereRef('paidLine.registrationId', '=', 'r.id')
  const refunded = eb
    .selectFrom('refundAllocations as back')
    .innerJoin('orderLines as backLine', 'backLine.id', 'back.orderLineId')
    .innerJoin('refunds as backRefund', 'backRefund.id', 'back.refundId')
    .select((s) => s.fn.sum<string | number>('back.amountCents').as('total'))
    .whereRef('backLine.registrationId', '=', 'r.id')
    .where('backRefund.status', '=', 'succeeded')
  return sql<string | number>`(coalesce((${paid}), 0) - coalesce((${refunded}), 0))`
}

/** What each line received, refunds that went through deducted (see `amountPaidOf`), in one statement. */
export async function paidOnLines(tx: Db, lineIds: readonly string[]): Promise<Map<string, number>> {
  const paid = new Map<string, number>(lineIds.map((id) => [id, 0]))
  if (lineIds.length === 0) return paid
  const rows = await tx.kysely
    .selectFrom('paymentAllocations')
    .select(['orderLineId', 'amountCents'])
    .where(inList(tx.dialect, 'orderLineId', lineIds))
    .unionAll(
      tx.kysely
        .selectFrom('refundAllocations as ra')
        .innerJoin('refunds as f', 'f.id', 'ra.refundId')
        .select(['ra.orderLineId', sql<number>`-ra."amountCents"`.as('amountCents')])
        .where(inList(tx.dialect, 'ra.orderLineId', lineIds))
        .where('f.status', '=', 'succeeded'),
    )
    .execute()
  for (const row of rows) paid.set(row.orderLineId, paid.get(row.orderLineId)! + row.amountCents)
  return paid
}

/** A line with what it asks and what it received, refunds deducted. */
export interface LineBalance {
  id: string
  orderId: string
  amountDueCents: number
  paidCents: number
  /** What it can be charged: nothing once its registration has ended, nor while it waits for a place (money/chargeableCents). */
  openCents: number
}

/**
 * Holds an order's row until the caller's transaction ends (PostgreSQL; SQLite has one writer).
 * Every write of money takes its order first — then the lines, then a payment — so a refund, a
 * cancellation with a refund and a payment of one order queue behind each other instead of each
 * holding what the other waits for.
 */
export async function holdOrder(tx: Db, of: { orderId: string } | { registrationId: string } | { paymentId: string }): Promise<void> {
  if (tx.dialect !== 'postgres') return
  let query = tx.kysely.selectFrom('orders').select('id')
  if ('orderId' in of) query = query.where('id', '=', of.orderId)
  else if ('registrationId' in of) query = query.where('id', 'in', (eb) => eb.selectFrom('orderLines').select('orderId').where('registrationId', '=', of.registrationId))
  else query = query.where('id', 'in', (eb) => eb.selectFrom('payments').select('orderId').where('id', '=', of.paymentId))
  await query.forUpdate().execute()
}

/**
 * Lines with their balances, oldest first, held (PostgreSQL) with their order until the caller's
 * transaction ends, so two desks or a desk and a webhook recording at once cannot both take the
 * same balance. SQLite runs one writer at a time.
 */
async function linesWhere(tx: Db, where: { orderId: string } | { registrationId: string }, { hold = true } = {}): Promise<LineBalance[]> {
  if (hold) await holdOrder(tx, where)
  let query = tx.kysely
    .selectFrom('orderLines as line')
    .leftJoin('registrations as r', 'r.id', 'line.registrationId')
    .select(['line.id', 'line.orderId', 'line.amountDueCents', 'r.status'])
    .orderBy('line.createdAt')
    .orderBy('line.id')
  query = 'orderId' in where ? query.where('line.orderId', '=', where.orderId) : query.where('line.registrationId', '=', where.registrationId)
  if (hold && tx.dialect === 'postgres') query = query.forUpdate('line')
  const lines = await query.execute()
  const paid = await paidOnLines(
    tx,
    lines.map((l) => l.id),
  )
  return lines.map(({ status, ...line }) => {
    const paidCents = paid.get(line.id)!
    // A line of no registration (an extra product) is owed until paid; a place's only while it is the person's.
    const openCents = status ? chargeableCents({ status, priceCents: line.amountDueCents, paidCents }) : line.amountDueCents - paidCents
    return { ...line, paidCents, openCents }
  })
}

/** An order's lines with their balances, oldest first, as they stand (nothing held: for reading). */
export async function orderBalances(db: Db, orderId: string): Promise<LineBalance[]> {
  return linesWhere(db, { orderId }, { hold: false })
}

/** An order's lines with their balances, oldest first, held until the caller's transaction ends (see `linesWhere`). */
export function linesOfOrder(tx: Db, orderId: string): Promise<LineBalance[]> {
  return linesWhere(tx, { orderId })
}

/** A registration's line with its balance, held until the caller's transaction ends (see `linesWhere`). */
export async function lineOfRegistration(tx: Db, registrationId: string): Promise<LineBalance | undefined> {
  return (await linesWhere(tx, { registrationId }))[0]
}

export interface Allocation {
  orderLineId: string
  amountCents: number
}

/** Spreads an amount over lines, oldest first, each up to what it has open; undefined when they have less open in all. */
export function allocate(lines: readonly { id: string; openCents: number }[], amountCents: number): Allocation[] | undefined {
  const parts: Allocation[] = []
  let left = amountCents
  for (const line of lines) {
    const part = Math.min(left, Math.max(line.openCents, 0))
    if (part <= 0) continue
    parts.push({ orderLineId: line.id, amountCents: part })
    left -= part
  }
  return left === 0 ? parts : undefined
}

/** A payment as recorded by the desk or a provider: the order it pays, how, and (from a provider) its id there. */
export interface NewPayment {
  orderId: string
  amountCents: number
  provider: PaymentProvider
  externalId: string | null
  method: PaymentMethod
  reference: string | null
  /** A card paid online: its brand and last four digits, for the receipt. */
  cardBrand?: string | null
  cardLast4?: string | null
  recordedBy: string | null
  now: Date
  /** Which lines it pays; spread over the order's open lines, oldest first, when not given. */
  allocations?: Allocation[]
}

/** What recording answered: the row (the first recording's, for a provider's id seen before), or why not. */
export type Recorded = { status: 'recorded' | 'already-recorded'; id: string } | { status: 'over-balance' }

/**
 * Records a payment towards an order's lines, never more than they have open. Idempotent on the
 * provider's id: a Checkout session or webhook delivered twice, even at once, is one row, and the
 * second delivery is answered with the first one's id.
 */
export async function recordPayment(tx: Db, { now, allocations, ...payment }: NewPayment): Promise<Recorded> {
  const lines = await linesWhere(tx, { orderId: payment.orderId })
  // Read once the lines are held: a recording of the same id that held them first has committed.
  const seen = await earlierRecording(tx, 'payments', payment)
  if (seen) return seen
  const parts = allocations ?? allocate(lines, payment.amountCents)
  if (!parts || !fits(parts, payment.amountCents, new Map(lines.map((l) => [l.id, l.openCents])))) return { status: 'over-balance' }
  return insertPayment(tx, payment, parts, now)
}

/** A payment's row and its allocations; a provider's id recorded meanwhile by another delivery answers that recording. */
async function insertPayment(tx: Db, payment: Omit<NewPayment, 'now' | 'allocations'>, parts: readonly Allocation[], now: Date): Promise<{ status: 'recorded' | 'already-recorded'; id: string }> {
  const id = randomUUID()
  const inserted = await tx.kysely
    .insertInto('payments')
    .values({ id, ...payment, recordedAt: timestampParam(tx.dialect, now) })
    .onConflict((oc) => oc.columns(['provider', 'externalId']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return (await earlierRecording(tx, 'payments', payment))!
  await tx.kysely
    .insertInto('paymentAllocations')
    .values(parts.map((a) => ({ paymentId: id, ...a })))
    .execute()
  return { status: 'recorded', id }
}

/** Why a payment's excess is given back (the receipt shows it). */
export const OVERPAID_REASON = 'Paid over what was owed: given back automatically'

/**
 * A provider's payment that came for more than its lines still have open — paid meanwhile at the
 * desk, or its place released before the money arrived: recorded whole on the lines it was made
 * for (the provider holds the money), and what it paid over each line's balance refunded through
 * the provider in the same transaction, pending until the provider confirms (`recordRefund`).
 * Answers the payment's id and the cents given back; once per provider id, as `recordPayment`.
 */
export async function recordOverpayment(tx: Db, { now, allocations, ...payment }: NewPayment & { allocations: Allocation[] }): Promise<{ id: string; refundedCents: number }> {
  const open = new Map((await linesWhere(tx, { orderId: payment.orderId })).map((line) => [line.id, Math.max(line.openCents, 0)]))
  const seen = await earlierRecording(tx, 'payments', payment)
  if (seen) return { id: seen.id, refundedCents: 0 }
  const recorded = await insertPayment(tx, payment, allocations, now)
  if (recorded.status === 'already-recorded') return { id: recorded.id, refundedCents: 0 }
  const { id } = recorded
  const over = allocations.map((a) => ({ orderLineId: a.orderLineId, amountCents: a.amountCents - Math.min(a.amountCents, open.get(a.orderLineId) ?? 0) })).filter((a) => a.amountCents > 0)
  const refundedCents = over.reduce((sum, a) => sum + a.amountCents, 0)
  if (refundedCents > 0) {
    const refund = await recordRefund(tx, { paymentId: id, amountCents: refundedCents, externalId: null, reason: OVERPAID_REASON, recordedBy: null, now, allocations: over })
    if (refund.status !== 'recorded') throw new Error(`Refunding ${refundedCents} cents paid over the balance of payment ${id}: ${refund.status}`)
  }
  return { id, refundedCents }
}

/** What adjusting a line answered: done, or the credit is more than the line still asks. */
export type Adjusted = { status: 'adjusted'; id: string; orderId: string } | { status: 'over-balance' | 'no-line' }

/**
 * Takes a credit or scholarship off what a registration's line asks, with the reason and who gave
 * it: never more than the line still has open, so nothing already paid is ever asked back by it.
 */
export async function adjustLine(tx: Db, { registrationId, ...adjustment }: { registrationId: string } & LineCredit): Promise<Adjusted> {
  const line = await lineOfRegistration(tx, registrationId)
  if (!line) return { status: 'no-line' }
  return creditLine(tx, line, adjustment)
}

export interface LineCredit {
  amountCents: number
  reason: string
  recordedBy: string
  now: Date
  /** A refund's price lowering: the refund, and the line's plan before the cut, so a failed refund puts both back (`undoRefundCredits`). */
  forRefund?: { refundId: string; planBefore: PaymentPlan | null }
}

/** Takes a credit off what a line asks, as `adjustLine` does; the line was read (and held) in this transaction. */
export async function creditLine(tx: Db, line: LineBalance, adjustment: LineCredit): Promise<Adjusted> {
  if (adjustment.amountCents <= 0 || adjustment.amountCents > line.openCents) return { status: 'over-balance' }
  const id = randomUUID()
  await tx.kysely
    .updateTable('orderLines')
    .set((eb) => ({ amountDueCents: eb('amountDueCents', '-', adjustment.amountCents), adjustedCents: eb('adjustedCents', '+', adjustment.amountCents) }))
    .where('id', '=', line.id)
    .execute()
  await tx.kysely
    .insertInto('lineAdjustments')
    .values({
      id,
      orderLineId: line.id,
      amountCents: adjustment.amountCents,
      reason: adjustment.reason,
      recordedBy: adjustment.recordedBy,
      recordedAt: timestampParam(tx.dialect, adjustment.now),
      ...(adjustment.forRefund && { refundId: adjustment.forRefund.refundId, ...planBeforeColumns(adjustment.forRefund.planBefore) }),
    })
    .execute()
  return { status: 'adjusted', id, orderId: line.orderId }
}

function planBeforeColumns(plan: PaymentPlan | null): { planDepositCentsBefore: number | null; planDueDatesBefore: string | null } {
  const { planDepositCents, planDueDates } = planColumns(plan)
  return { planDepositCentsBefore: planDepositCents, planDueDatesBefore: planDueDates }
}

/**
 * Puts back what a refund's price lowering took off (`creditLine` with `forRefund`), once the
 * provider has failed the refund: each line asks as much again, its plan is as it was before the
 * cut, and the adjustment is gone from its receipt. The order is held first, as every write of
 * money does. Answers what each line was given back, by line; nothing for a refund that lowered no
 * price, or whose lowering was already put back.
 */
export async function undoRefundCredits(tx: Db, refundId: string): Promise<Map<string, number>> {
  const restored = new Map<string, number>()
  const refund = await tx.kysely.selectFrom('refunds').select('paymentId').where('id', '=', refundId).executeTakeFirst()
  if (!refund) return restored
  await holdOrder(tx, { paymentId: refund.paymentId })
  const credits = await tx.kysely.selectFrom('lineAdjustments').select(['id', 'orderLineId', 'amountCents', 'planDepositCentsBefore', 'planDueDatesBefore']).where('refundId', '=', refundId).execute()
  for (const credit of credits) {
    await tx.kysely
      .updateTable('orderLines')
      .set((eb) => ({
        amountDueCents: eb('amountDueCents', '+', credit.amountCents),
        adjustedCents: eb('adjustedCents', '-', credit.amountCents),
        planDepositCents: credit.planDepositCentsBefore,
        planDueDates: credit.planDueDatesBefore,
      }))
      .where('id', '=', credit.orderLineId)
      .execute()
    await tx.kysely.deleteFrom('lineAdjustments').where('id', '=', credit.id).execute()
    restored.set(credit.orderLineId, (restored.get(credit.orderLineId) ?? 0) + credit.amountCents)
  }
  return restored
}

/** A refund of one payment: how much, why, and (from a provider) its refund id. */
export interface NewRefund {
  paymentId: string
  amountCents: number
  externalId: string | null
  reason: string | null
  recordedBy: string | null
  now: Date
  /** Which lines give the money back; taken from what the payment gave each line, in order, when not given. */
  allocations?: Allocation[]
}

/** What recording a refund answered; `over-payment` when it is more than is left of the payment. */
export type RefundRecorded = { status: 'recorded' | 'already-recorded'; id: string } | { status: 'over-payment' | 'no-payment' }

/** The job that asks the payment provider for a refund decided here (refunds.ts handles it). */
export const PROVIDER_REFUND_JOB = 'provider-refund'

/**
 * Records money given back from a payment, by the provider that took it: never more than is left
 * of the payment on each line, and once per provider refund id. The payment is held (PostgreSQL),
 * after its order (`holdOrder`), so two refunds at once cannot both take what is left. A refund decided here of a payment a
 * provider took online is `pending` until the provider confirms it; the job that asks the provider
 * for it is written with it, so it is asked exactly when the refund is recorded.
 */
export async function recordRefund(tx: Db, { now, allocations, ...refund }: NewRefund): Promise<RefundRecorded> {
  await holdOrder(tx, { paymentId: refund.paymentId })
  let query = tx.kysely.selectFrom('payments').select(['id', 'provider']).where('id', '=', refund.paymentId)
  if (tx.dialect === 'postgres') query = query.forUpdate()
  const payment = await query.executeTakeFirst()
  if (!payment) return { status: 'no-payment' }
  const seen = await earlierRecording(tx, 'refunds', { provider: payment.provider, externalId: refund.externalId })
  if (seen) return seen
  const left = await leftOfPayment(tx, payment.id)
  const parts = allocations ?? allocate([...left].map(([id, openCents]) => ({ id, openCents })), refund.amountCents)
  if (!parts || !fits(parts, refund.amountCents, left)) return { status: 'over-payment' }
  const id = randomUUID()
  // Money taken in person is given back there and then; a provider's online goes back through it.
  const throughProvider = !givenBackInPerson(payment.provider) && refund.externalId === null
  const inserted = await tx.kysely
    .insertInto('refunds')
    .values({ id, ...refund, provider: payment.provider, status: throughProvider ? 'pending' : 'succeeded', recordedAt: timestampParam(tx.dialect, now) })
    .onConflict((oc) => oc.columns(['provider', 'externalId']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return (await earlierRecording(tx, 'refunds', { provider: payment.provider, externalId: refund.externalId }))!
  await tx.kysely
    .insertInto('refundAllocations')
    .values(parts.map((a) => ({ refundId: id, ...a })))
    .execute()
  if (throughProvider) await enqueueJob(tx, { kind: PROVIDER_REFUND_JOB, payload: { refundId: id }, now })
  return { status: 'recorded', id }
}

/**
 * Gives back everything a registration's line received, from each payment that paid it, newest
 * first; answers the cents refunded. For a registration ended with a refund.
 */
export async function refundRegistration(tx: Db, registrationId: string, refund: { reason: string; recordedBy: string | null; now: Date }): Promise<number> {
  const line = await lineOfRegistration(tx, registrationId)
  if (!line || line.paidCents <= 0) return 0
  const payments = await tx.kysely
    .selectFrom('paymentAllocations as a')
    .innerJoin('payments as p', 'p.id', 'a.paymentId')
    .select('a.paymentId')
    .where('a.orderLineId', '=', line.id)
    .orderBy('p.recordedAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute()
  let refunded = 0
  for (const { paymentId } of payments) {
    const part = (await leftOfPayment(tx, paymentId)).get(line.id) ?? 0
    if (part <= 0) continue
    const done = await recordRefund(tx, { paymentId, amountCents: part, externalId: null, ...refund, allocations: [{ orderLineId: line.id, amountCents: part }] })
    if (done.status !== 'recorded') throw new Error(`Refunding ${part} cents of payment ${paymentId}: ${done.status}`)
    refunded += part
  }
  return refunded
}

/**
 * What is left of a payment on each line it paid: its allocation less the refunds taken from it
 * there, a pending one included (it may yet go through; a failed one took nothing).
 */
async function leftOfPayment(tx: Db, paymentId: string): Promise<Map<string, number>> {
  const given = await tx.kysely.selectFrom('paymentAllocations').select(['orderLineId', 'amountCents']).where('paymentId', '=', paymentId).orderBy('orderLineId').execute()
  const back = await tx.kysely
    .selectFrom('refundAllocations as ra')
    .innerJoin('refunds as f', 'f.id', 'ra.refundId')
    .select(['ra.orderLineId', 'ra.amountCents'])
    .where('f.paymentId', '=', paymentId)
    .where('f.status', '!=', 'failed')
    .execute()
  const left = new Map(given.map((g) => [g.orderLineId, g.amountCents]))
  for (const b of back) left.set(b.orderLineId, (left.get(b.orderLineId) ?? 0) - b.amountCents)
  return left
}

/** Whether parts add up to the amount, each positive and within what its line has `open`. */
function fits(parts: readonly Allocation[], amountCents: number, open: ReadonlyMap<string, number>): boolean {
  const total = parts.reduce((sum, a) => sum + a.amountCents, 0)
  return amountCents > 0 && total === amountCents && parts.every((a) => a.amountCents > 0 && a.amountCents <= (open.get(a.orderLineId) ?? 0))
}

/** The row a provider's id was already recorded as, if it was. */
async function earlierRecording(
  tx: Db,
  table: 'payments' | 'refunds',
  { provider, externalId }: { provider: PaymentProvider; externalId: string | null },
): Promise<{ status: 'already-recorded'; id: string } | undefined> {
  if (externalId === null) return undefined
  const row = await tx.kysely.selectFrom(table).select('id').where('provider', '=', provider).where('externalId', '=', externalId).executeTakeFirst()
  return row && { status: 'already-recorded', id: row.id }
}

/**
 * A place moved (a player to another team, a participant to another academy): what was paid
 * towards the old place's line now counts towards the new one. The allocations of its payments
 * and refunds move; the payments and refunds themselves stay as recorded. The new line was made
 * in this transaction, so no payment is allocated to both.
 */
export async function moveLinePayments(tx: Db, fromRegistrationId: string, toRegistrationId: string): Promise<void> {
  const lines = await tx.kysely.selectFrom('orderLines').select(['id', 'registrationId']).where('registrationId', 'in', [fromRegistrationId, toRegistrationId]).execute()
  const fromLine = lines.find((l) => l.registrationId === fromRegistrationId)
  const toLine = lines.find((l) => l.registrationId === toRegistrationId)
  if (!fromLine || !toLine) return
  await tx.kysely.updateTable('paymentAllocations').set({ orderLineId: toLine.id }).where('orderLineId', '=', fromLine.id).execute()
  await tx.kysely.updateTable('refundAllocations').set({ orderLineId: toLine.id }).where('orderLineId', '=', fromLine.id).execute()
}
