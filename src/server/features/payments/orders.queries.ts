import { randomUUID } from 'node:crypto'
import type { ExpressionBuilder } from 'kysely'
import type { Db } from '../../db/connect.ts'
import type { Database, PaymentsTable } from '../../db/schema.ts'
import type { Write } from '../../db/transaction.ts'
import { timestampParam, toCount } from '../../db/values.ts'

/**
 * What is owed and what was paid (docs/decisions/0012): an order holds lines, a payment or a
 * refund (negative) is allocated to lines. Every balance is a line's amount due less its
 * allocations; nothing else subtracts.
 */

export interface NewLine {
  registrationId: string | null
  productId: string | null
  description: string
  listPriceCents: number
  amountDueCents: number
}

export interface NewOrder {
  payerUserId: string
  lines: NewLine[]
  now: Date
}

/** Orders with their lines, as the two inserts to send in the caller's transaction (db/transaction.ts writeTogether). */
export function orderInserts(tx: Db, orders: readonly NewOrder[]): Write[] {
  if (orders.length === 0) return []
  const made = orders.map((order) => {
    const id = randomUUID()
    const createdAt = timestampParam(tx.dialect, order.now)
    return { order: { id, payerUserId: order.payerUserId, createdAt }, lines: order.lines.map((line) => ({ id: randomUUID(), orderId: id, createdAt, ...line })) }
  })
  const lines = made.flatMap((m) => m.lines)
  const ordersInsert = tx.kysely.insertInto('orders').values(made.map((m) => m.order))
  return lines.length > 0 ? [ordersInsert, tx.kysely.insertInto('orderLines').values(lines)] : [ordersInsert]
}

/** Expressions about a registration aliased `r` in the caller's query. */
export type RegistrationScope = ExpressionBuilder<Database & { r: Database['registrations'] }, 'r'>

/** What a registration's lines ask: its price (a subquery on the registration aliased `r`). */
export const amountDueOf = (eb: RegistrationScope) =>
  eb.selectFrom('orderLines as due').select((s) => s.fn.sum<string | number>('due.amountDueCents').as('total')).whereRef('due.registrationId', '=', 'r.id')

/** What was paid towards a registration's lines, refunds deducted (a subquery on `r`). */
export const amountPaidOf = (eb: RegistrationScope) =>
  eb
    .selectFrom('paymentAllocations as paid')
    .innerJoin('orderLines as paidLine', 'paidLine.id', 'paid.orderLineId')
    .select((s) => s.fn.sum<string | number>('paid.amountCents').as('total'))
    .whereRef('paidLine.registrationId', '=', 'r.id')

/**
 * A registration's line with what it owes and what was paid, the line held (PostgreSQL) until the
 * caller's transaction ends, so two desks recording at once cannot both take the same balance.
 * SQLite runs one writer at a time.
 */
export async function lineOfRegistration(
  tx: Db,
  registrationId: string,
): Promise<{ id: string; orderId: string; amountDueCents: number; paidCents: number } | undefined> {
  let query = tx.kysely.selectFrom('orderLines').select(['id', 'orderId', 'amountDueCents']).where('registrationId', '=', registrationId).orderBy('createdAt').limit(1)
  if (tx.dialect === 'postgres') query = query.forUpdate()
  const line = await query.executeTakeFirst()
  if (!line) return undefined
  const paid = await tx.kysely
    .selectFrom('paymentAllocations')
    .select((eb) => eb.fn.sum<string | number>('amountCents').as('total'))
    .where('orderLineId', '=', line.id)
    .executeTakeFirst()
  return { ...line, paidCents: toCount(paid?.total ?? 0) }
}

/** A payment's columns (a refund's amount negative), when it was taken, and how it is spread over lines. */
export type NewPayment = Omit<PaymentsTable, 'id' | 'recordedAt'> & {
  now: Date
  /** How the amount is spread over the order's lines; the parts add up to `amountCents`. */
  allocations: { orderLineId: string; amountCents: number }[]
}

export async function insertPayment(tx: Db, { now, allocations, ...payment }: NewPayment): Promise<string> {
  const total = allocations.reduce((sum, a) => sum + a.amountCents, 0)
  if (total !== payment.amountCents) throw new Error(`A payment of ${payment.amountCents} cents allocated as ${total}`)
  const id = randomUUID()
  await tx.kysely.insertInto('payments').values({ id, ...payment, recordedAt: timestampParam(tx.dialect, now) }).execute()
  await tx.kysely
    .insertInto('paymentAllocations')
    .values(allocations.map((a) => ({ paymentId: id, ...a })))
    .execute()
  return id
}
