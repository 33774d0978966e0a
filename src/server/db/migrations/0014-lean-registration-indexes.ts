import { sql, type Kysely } from 'kysely'

/**
 * Every new registration writes an entry in each index of its table, while the offering's row is
 * held (docs/decisions/0006), so an index that serves few rows covers only those rows:
 * - offers waiting to expire: only registrations offered a place have a claim deadline;
 * - a team's registrations: most registrations are no team's;
 * - a person's registrations: already the first column of `(userId, idempotencyKey)`'s index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_status_offer_idx').execute()
  await sql`create index registrations_offers_due on registrations ("offerExpiresAt") where status = 'offered'`.execute(db)
  await db.schema.dropIndex('registrations_teamId_idx').execute()
  await sql`create index "registrations_teamId_idx" on registrations ("teamId") where "teamId" is not null`.execute(db)
  await db.schema.dropIndex('registrations_userId_idx').execute()
}
