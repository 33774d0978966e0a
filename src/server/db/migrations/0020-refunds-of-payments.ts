import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

interface Money {
  payments: { id: string; orderId: string; amountCents: number; provider: string; reference: string | null; recordedBy: string | null; recordedAt: unknown }
  paymentAllocations: { paymentId: string; orderLineId: string; amountCents: number }
  refunds: { id: string; paymentId: string; amountCents: number; provider: string; externalId: string | null; reason: string | null; recordedBy: string | null; recordedAt: unknown }
  refundAllocations: { refundId: string; orderLineId: string; amountCents: number }
}

/**
 * A refund is a row of its own pointing at the payment it returns (issue 22), no longer a
 * negative payment: what happened (paid, refunded) is apart from how (cash at the desk, a card
 * online), and a provider's refund id is recorded once, as a payment's is. Each negative payment
 * saved before becomes refunds of the payments its line received, oldest first; the amounts every
 * line shows as paid stay the same.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paymentId', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull().check(sql`"amountCents" > 0`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('externalId', 'text')
    .addColumn('reason', 'text')
    .addColumn('recordedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recordedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('refunds_paymentId_idx').on('refunds').column('paymentId').execute()
  await db.schema.createIndex('refunds_provider_externalId').on('refunds').columns(['provider', 'externalId']).unique().execute()
  await db.schema
    .createTable('refundAllocations')
    .addColumn('refundId', 'text', (c) => c.notNull().references('refunds.id'))
    .addColumn('orderLineId', 'text', (c) => c.notNull().references('orderLines.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('refundAllocations_pk', ['refundId', 'orderLineId'])
    .execute()
  await db.schema.createIndex('refundAllocations_orderLineId_idx').on('refundAllocations').column('orderLineId').execute()

  await moveNegativePayments(db as Kysely<Money>)
  await db.schema.alterTable('payments').dropColumn('refundOf').execute()
}

async function moveNegativePayments(db: Kysely<Money>): Promise<void> {
  const negatives = await db
    .selectFrom('payments as p')
    .innerJoin('paymentAllocations as a', 'a.paymentId', 'p.id')
    .select(['p.id', 'p.provider', 'p.reference', 'p.recordedBy', 'p.recordedAt', 'a.orderLineId', 'a.amountCents'])
    .where('p.amountCents', '<', 0)
    .orderBy('p.recordedAt')
    .execute()
  // What is left of each payment on each line: what it was allocated, less what was refunded so far.
  const left = new Map<string, number>()
  for (const negative of negatives) {
    const received = await db
      .selectFrom('paymentAllocations as a')
      .innerJoin('payments as p', 'p.id', 'a.paymentId')
      .select(['a.paymentId', 'a.amountCents'])
      .where('a.orderLineId', '=', negative.orderLineId)
      .where('p.amountCents', '>', 0)
      .orderBy('p.recordedAt')
      .orderBy('p.id')
      .execute()
    let owed = -negative.amountCents
    for (const payment of received) {
      const key = `${payment.paymentId} ${negative.orderLineId}`
      const part = Math.min(owed, left.get(key) ?? payment.amountCents)
      if (part <= 0) continue
      left.set(key, (left.get(key) ?? payment.amountCents) - part)
      owed -= part
      const refundId = randomUUID()
      await db
        .insertInto('refunds')
        .values({ id: refundId, paymentId: payment.paymentId, amountCents: part, provider: negative.provider, externalId: null, reason: negative.reference, recordedBy: negative.recordedBy, recordedAt: negative.recordedAt })
        .execute()
      await db.insertInto('refundAllocations').values({ refundId, orderLineId: negative.orderLineId, amountCents: part }).execute()
    }
    if (owed > 0) throw new Error(`Refund ${negative.id} returns ${owed} cents more than its line received`)
  }
  const ids = [...new Set(negatives.map((n) => n.id))]
  if (ids.length === 0) return
  await db.deleteFrom('paymentAllocations').where('paymentId', 'in', ids).execute()
  await db.deleteFrom('payments').where('id', 'in', ids).execute()
}
