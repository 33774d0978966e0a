import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Discount codes (issue 24, docs/decisions/0012): a code takes a percentage or an amount off the
 * lines of an order that are for its products (none listed: every product), between two facility
 * days, a limited number of times in all and per person. `uses` is the counter one conditional
 * UPDATE raises (core/payments/discounts.ts), so concurrent checkouts never pass the limit; each
 * use is a row, one per order. A line keeps what a code took off beside what is still due.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('discountCodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Upper-cased and trimmed when saved, so a code typed in any letter case finds its row.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('percentOff', 'integer', (c) => c.check(sql`"percentOff" between 1 and 100`))
    .addColumn('amountOffCents', 'integer', (c) => c.check(sql`"amountOffCents" > 0`))
    .addColumn('validFrom', 'text')
    .addColumn('validUntil', 'text')
    .addColumn('maxUses', 'integer', (c) => c.check(sql`"maxUses" >= 1`))
    .addColumn('maxUsesPerPerson', 'integer', (c) => c.check(sql`"maxUsesPerPerson" >= 1`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isActive', t.bool, (c) => c.notNull().defaultTo(dialect === 'postgres' ? sql`true` : 1))
    .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    // Exactly one of a percentage and an amount.
    .addCheckConstraint('discountCodes_one_kind', sql`("percentOff" is null) <> ("amountOffCents" is null)`)
    .execute()
  await db.schema
    .createTable('discountCodeProducts')
    .addColumn('discountCodeId', 'text', (c) => c.notNull().references('discountCodes.id'))
    .addColumn('productId', 'text', (c) => c.notNull().references('products.id'))
    .addPrimaryKeyConstraint('discountCodeProducts_pk', ['discountCodeId', 'productId'])
    .execute()
  await db.schema
    .createTable('discountCodeUses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discountCodeId', 'text', (c) => c.notNull().references('discountCodes.id'))
    .addColumn('orderId', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('discountCents', 'integer', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('discountCodeUses_code_order', ['discountCodeId', 'orderId'])
    .execute()
  // A person's uses of a code are counted for its per-person limit.
  await db.schema.createIndex('discountCodeUses_code_user_idx').on('discountCodeUses').columns(['discountCodeId', 'userId']).execute()
  await db.schema.createIndex('discountCodeUses_orderId_idx').on('discountCodeUses').column('orderId').execute()

  await db.schema.alterTable('orderLines').addColumn('discountCodeId', 'text', (c) => c.references('discountCodes.id')).execute()
  await db.schema.alterTable('orderLines').addColumn('discountCents', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}
