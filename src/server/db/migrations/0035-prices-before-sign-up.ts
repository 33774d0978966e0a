import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/** What a product's price is made of that the home page's cards show (the early-bird price and its last day). */
const PRICE_COLUMNS = ['listPriceCents', 'earlyBirdPriceCents', 'earlyBirdUntil']

/**
 * Prices shown before they are charged (issue 30, decision 0021):
 *
 * - A product says what a late sign-up to an academy under way pays (`lateSignUpPrice`): the full
 *   price, or the part for the sessions left; its history keeps it. A line charged for the sessions
 *   left keeps how many of how many (`sessionsCharged`, `sessionsInAll`), which the receipt shows.
 * - The home page's cards show a league's price and early-bird price, so a change of its product's
 *   price, or a league pointed at another product, is news to the kept answer (migration 0004,
 *   decision 0007) as a change of the league's own columns is.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('lateSignUpPrice', 'text', (c) => c.notNull().defaultTo('full').check(sql`"lateSignUpPrice" in ('full', 'sessions-left')`))
    .execute()
  await db.schema.alterTable('productChanges').addColumn('lateSignUpPrice', 'text', (c) => c.notNull().defaultTo('full')).execute()
  await db.schema.alterTable('orderLines').addColumn('sessionsCharged', 'integer').execute()
  await db.schema.alterTable('orderLines').addColumn('sessionsInAll', 'integer').execute()

  const priced = sql.join(PRICE_COLUMNS.map((c) => sql.ref(c)))
  if (dialect === 'sqlite') {
    const bump = sql`update ${sql.table('leaguesVersion')} set ${sql.ref('version')} = ${sql.ref('version')} + 1`
    await sql`create trigger products_priced after update of ${priced} on products begin ${bump}; end`.execute(db)
    await sql`create trigger offerings_repriced after update of ${sql.ref('productId')} on offerings begin ${bump}; end`.execute(db)
    return
  }
  await sql`create trigger products_priced after update of ${priced} on products for each statement execute function leagues_changed()`.execute(db)
  await sql`create trigger offerings_repriced after update of ${sql.ref('productId')} on offerings for each statement execute function leagues_changed()`.execute(db)
}
