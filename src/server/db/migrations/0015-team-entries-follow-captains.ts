import { sql, type Kysely } from 'kysely'

/**
 * A team's entry (its place in the league, its fee) belongs to its current captain: a handover
 * now moves it (features/teams/roster.ts changeCaptain). Entries of teams handed over before that
 * move to their captains here, with their orders, and lose the first captain's request key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update registrations set
      "userId" = (select t."captainUserId" from teams t where t.id = registrations."teamId"),
      "idempotencyKey" = null
    where "teamId" is not null
      and "offeringId" in (select o.id from offerings o where o.kind = 'team-place')
      and exists (
        select 1 from teams t
        where t.id = registrations."teamId" and t."captainUserId" is not null and t."captainUserId" <> registrations."userId"
      )`.execute(db)
  await sql`
    update orders set "payerUserId" = (
      select r."userId" from "orderLines" l join registrations r on r.id = l."registrationId"
      where l."orderId" = orders.id and r."teamId" is not null
      limit 1
    )
    where exists (
      select 1 from "orderLines" l
      join registrations r on r.id = l."registrationId"
      join offerings o on o.id = r."offeringId"
      where l."orderId" = orders.id and o.kind = 'team-place' and r."userId" <> orders."payerUserId"
    )`.execute(db)
}
