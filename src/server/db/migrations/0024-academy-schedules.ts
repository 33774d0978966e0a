import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/**
 * An academy is a training program (issue 23): a sport, a coach and where it meets, on a weekly
 * pattern (ISO weekdays as `2,4`, wall-clock times, dates skipped as `2026-11-26,2026-12-24`)
 * between its start and end dates, in the facility's time zone (shared/academy-schedule.ts). Its
 * places and price are an `academy-place` offering with a product, as a league's are
 * (docs/decisions/0012): an academy made before this migration gets one, unlimited and free until
 * staff set them.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('academies').addColumn('sport', 'text').execute()
  await db.schema.alterTable('academies').addColumn('coach', 'text').execute()
  await db.schema.alterTable('academies').addColumn('location', 'text').execute()
  await db.schema.alterTable('academies').addColumn('weekdays', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('academies').addColumn('startTime', 'text').execute()
  await db.schema.alterTable('academies').addColumn('endTime', 'text').execute()
  await db.schema.alterTable('academies').addColumn('skippedDates', 'text', (c) => c.notNull().defaultTo('')).execute()

  const unpriced = sql`from academies a where not exists (select 1 from offerings o where o.${sql.ref('academyId')} = a.id and o.kind = 'academy-place')`
  await sql`
    insert into products (id, name, ${sql.ref('listPriceCents')}, ${sql.ref('createdAt')}, ${sql.ref('updatedAt')})
    select a.id, a.name, 0, a.${sql.ref('createdAt')}, a.${sql.ref('updatedAt')} ${unpriced}`.execute(db)
  // The receipt prefix as receiptPrefixOf makes it: the id's first 8 letters and digits, upper-cased.
  await sql`
    insert into offerings (id, kind, ${sql.ref('academyId')}, ${sql.ref('productId')}, capacity, ${sql.ref('receiptPrefix')}, ${sql.ref('createdAt')})
    select a.id, 'academy-place', a.id, a.id, null, upper(substr(replace(a.id, '-', ''), 1, 8)), a.${sql.ref('createdAt')} ${unpriced}`.execute(db)
}
