import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Paying online (issue 24): each Stripe Checkout the site opens, with the lines it pays, and each
 * Stripe event applied, recorded once in the transaction of its effect. A card payment keeps the
 * card's brand and last digits for the receipt; a refund through Stripe is pending until Stripe
 * says it went through or failed (one at the desk is done when recorded). Leagues and academies
 * say whether a place is paid when it is taken (held meanwhile) or later.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  const no = dialect === 'postgres' ? sql`false` : 0
  await db.schema.alterTable('payments').addColumn('cardBrand', 'text').execute()
  await db.schema.alterTable('payments').addColumn('cardLast4', 'text').execute()
  await db.schema.alterTable('refunds').addColumn('status', 'text', (c) => c.notNull().defaultTo('succeeded')).execute()
  for (const table of ['leagues', 'academies']) {
    await db.schema.alterTable(table).addColumn('payAtSignUp', t.bool, (c) => c.notNull().defaultTo(no)).execute()
  }
  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('orderId', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('payerUserId', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('externalId', 'text', (c) => c.unique())
    .addColumn('url', 'text')
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .addColumn('paymentId', 'text', (c) => c.references('payments.id'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('checkouts_orderId_idx').on('checkouts').columns(['orderId', 'status']).execute()
  await db.schema
    .createTable('checkoutLines')
    .addColumn('checkoutId', 'text', (c) => c.notNull().references('checkouts.id'))
    .addColumn('orderLineId', 'text', (c) => c.notNull().references('orderLines.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkoutLines_pk', ['checkoutId', 'orderLineId'])
    .execute()
  await db.schema
    .createTable('stripeEvents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('receivedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('stripeEvents_createdAt_idx').on('stripeEvents').column('createdAt').execute()
}
