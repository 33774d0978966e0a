import { sql, type Kysely } from 'kysely'

/**
 * Each offering counts who waits for it, as it counts the places taken (docs/decisions/0006):
 * the waitlist's size and a newcomer's position are read from the offering's row, not counted
 * over the waitlist, which on a sell-out night is thousands of rows long.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offerings').addColumn('waiting', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await sql`
    update offerings set waiting = (
      select count(*) from registrations r where r."offeringId" = offerings.id and r.status = 'waitlisted'
    )`.execute(db)
}
