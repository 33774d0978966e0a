import { sql, type Kysely } from 'kysely'

/**
 * Every new registration writes an entry in each index of its table while the offering's row is
 * held (docs/decisions/0006), so fewer indexes take every registration:
 * - offers waiting to expire: only registrations offered a place have a claim deadline;
 * - a team's registrations: most registrations are no team's;
 * - a person's registrations: found through the `(userId, idempotencyKey)` index, whose first
 *   column is the person, so their own index goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_status_offer_idx').execute()
  await sql`create index registrations_offers_due on registrations ("offerExpiresAt") where status = 'offered'`.execute(db)
  await db.schema.dropIndex('registrations_teamId_idx').execute()
  await sql`create index "registrations_teamId_idx" on registrations ("teamId") where "teamId" is not null`.execute(db)
  await db.schema.dropIndex('registrations_userId_idx').execute()
}
