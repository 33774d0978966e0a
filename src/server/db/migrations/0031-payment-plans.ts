import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Payment plans (issue 24): a product may take a deposit at sign-up and the rest in up to three
 * parts on set days (`planDueDates`, comma-separated facility days). A line keeps the plan of the
 * day it was made, as it keeps its price. Each part's payment link is emailed once: the row of
 * `planReminders` is written with the email.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  for (const table of ['products', 'productChanges', 'orderLines']) {
    await db.schema.alterTable(table).addColumn('planDepositCents', 'integer').execute()
    await db.schema.alterTable(table).addColumn('planDueDates', 'text').execute()
  }
  await db.schema
    .createTable('planReminders')
    .addColumn('orderLineId', 'text', (c) => c.notNull().references('orderLines.id'))
    .addColumn('dueDate', 'text', (c) => c.notNull())
    .addColumn('sentAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('planReminders_pk', ['orderLineId', 'dueDate'])
    .execute()
}
