import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * The price list (issue 24): a product says what it is for and whether it is offered, and every
 * change to it is kept (who, when, and the product as it became), the first row being the product
 * as it was made. A product made before this migration is for what its offerings use it for.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema.alterTable('products').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('player-fee')).execute()
  await db.schema.alterTable('products').addColumn('isActive', t.bool, (c) => c.notNull().defaultTo(dialect === 'postgres' ? sql`true` : 1)).execute()
  for (const [kind, purpose] of [
    ['team-place', 'team-fee'],
    ['academy-place', 'academy-fee'],
  ] as const) {
    await sql`update products set purpose = ${purpose} where id in (select ${sql.ref('productId')} from offerings where kind = ${kind})`.execute(db)
  }
  await db.schema
    .createTable('productChanges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('productId', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('listPriceCents', 'integer', (c) => c.notNull())
    .addColumn('earlyBirdPriceCents', 'integer')
    .addColumn('earlyBirdUntil', 'text')
    .addColumn('isActive', t.bool, (c) => c.notNull())
    .addColumn('changedBy', 'text', (c) => c.references('users.id'))
    .addColumn('changedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('productChanges_productId_idx').on('productChanges').columns(['productId', 'changedAt']).execute()
  // The first change of each product is its making, keyed by the product's own id.
  await sql`
    insert into ${sql.table('productChanges')} (id, ${sql.ref('productId')}, name, purpose, ${sql.ref('listPriceCents')}, ${sql.ref('earlyBirdPriceCents')}, ${sql.ref('earlyBirdUntil')}, ${sql.ref('isActive')}, ${sql.ref('changedBy')}, ${sql.ref('changedAt')})
    select id, id, name, purpose, ${sql.ref('listPriceCents')}, ${sql.ref('earlyBirdPriceCents')}, ${sql.ref('earlyBirdUntil')}, ${sql.ref('isActive')}, null, ${sql.ref('createdAt')} from products`.execute(db)
}
