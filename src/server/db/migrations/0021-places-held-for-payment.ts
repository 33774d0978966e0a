import { sql, type Kysely } from 'kysely'

/**
 * A place can be held awaiting payment (status `held`, issue 22) until `offerExpiresAt`, as an
 * offer from the waitlist is held until claimed. A held place is live: the indexes that keep one
 * live registration per participant, offering and league count it, and the sweep finds held
 * places with offers through one partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_live_once').execute()
  await sql`
    create unique index registrations_live_once on registrations ("offeringId", "userId", "participantKey")
    where status in ('confirmed', 'held', 'offered', 'waitlisted')`.execute(db)
  await db.schema.dropIndex('registrations_one_team_per_league').execute()
  await sql`
    create unique index registrations_one_team_per_league on registrations ("leagueSlot", "userId", "participantKey")
    where "leagueSlot" is not null and status in ('confirmed', 'held', 'offered', 'waitlisted')`.execute(db)
  await db.schema.dropIndex('registrations_offers_due').execute()
  await sql`create index registrations_lapsing_due on registrations ("offerExpiresAt") where status in ('held', 'offered')`.execute(db)
}
