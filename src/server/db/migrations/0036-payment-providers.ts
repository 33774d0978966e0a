import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Payments behind a provider seam (issue 31, decision 0023): a checkout says whose page it is paid
 * on, the events applied are one table for every provider (a provider's event id is unique to
 * it), and the job that asks a provider for a refund is named for no provider. Every checkout, event
 * and refund job so far was Stripe's, and is kept as Stripe's.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema.alterTable('checkouts').addColumn('provider', 'text', (c) => c.notNull().defaultTo('stripe')).execute()
  await db.schema
    .createTable('paymentEvents')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('receivedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('paymentEvents_pk', ['provider', 'id'])
    .execute()
  await db.schema.createIndex('paymentEvents_createdAt_idx').on('paymentEvents').columns(['provider', 'createdAt']).execute()
  await sql`insert into ${sql.table('paymentEvents')} (provider, id, type, ${sql.ref('createdAt')}, ${sql.ref('receivedAt')})
    select 'stripe', id, type, ${sql.ref('createdAt')}, ${sql.ref('receivedAt')} from ${sql.table('stripeEvents')}`.execute(db)
  await db.schema.dropTable('stripeEvents').execute()
  await sql`update jobs set kind = 'provider-refund' where kind = 'stripe-refund'`.execute(db)
}
