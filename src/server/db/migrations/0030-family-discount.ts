import { sql, type Kysely } from 'kysely'

/**
 * The family discount (issue 24): a product may take a percentage off the second and further
 * children one account registers in the same league or academy, with no code. The product and its
 * history keep the percentage; a line keeps what it took off beside its other discounts, so the
 * price of the day is `amountDueCents + discountCents + adjustedCents + familyDiscountCents`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('familyDiscountPercent', 'integer', (c) => c.check(sql`"familyDiscountPercent" between 1 and 100`))
    .execute()
  await db.schema.alterTable('productChanges').addColumn('familyDiscountPercent', 'integer').execute()
  await db.schema.alterTable('orderLines').addColumn('familyDiscountCents', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}
