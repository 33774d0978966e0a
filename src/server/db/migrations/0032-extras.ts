import type { Kysely } from 'kysely'

/**
 * Extras at checkout (issue 24): a product of the price list for something extra (a jersey) may
 * come in sizes (`sizes`, comma-separated, kept in its history too) and goes with the fees it is
 * offered beside (`extraProducts`): a family whose order holds a place priced by one of them may
 * add the extra at checkout, as a line of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('sizes', 'text').execute()
  await db.schema.alterTable('productChanges').addColumn('sizes', 'text').execute()
  await db.schema
    .createTable('extraProducts')
    .addColumn('extraId', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('productId', 'text', (c) => c.notNull().references('products.id'))
    .addPrimaryKeyConstraint('extraProducts_pk', ['extraId', 'productId'])
    .execute()
  await db.schema.createIndex('extraProducts_productId_idx').on('extraProducts').column('productId').execute()
}
