import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Staff adjustments of what a line asks (issue 24): a credit or a scholarship, with who gave it,
 * when and why. The line keeps their sum beside its discount, so the price of the day is always
 * `amountDueCents + discountCents + adjustedCents`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema.alterTable('orderLines').addColumn('adjustedCents', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema
    .createTable('lineAdjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('orderLineId', 'text', (c) => c.notNull().references('orderLines.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull().check(sql`"amountCents" > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('recordedBy', 'text', (c) => c.references('users.id'))
    .addColumn('recordedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('lineAdjustments_orderLineId_idx').on('lineAdjustments').column('orderLineId').execute()
}
