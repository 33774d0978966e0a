import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Teams (docs/decisions/0012 and 0015): a team league's team places are an offering (capacity:
 * how many teams, product: the team fee), each team has its roster places (capacity: the roster
 * maximum, product: the player fee when players pay). The captain is a column of the team, never
 * a role. `leagues.teamCapacity` moves to the team places' offering, as the player capacity did.
 *
 * `registrations.leagueSlot` names the league on a player's roster place (and on a free agent's
 * place): one live registration per league, slot and participant, so nobody plays for two teams
 * of a league, however the requests race.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)

  await db.schema.alterTable('leagues').addColumn('rosterDeadline', 'text').execute()
  await db.schema.alterTable('leagues').addColumn('teamPayment', 'text').execute()
  await sql`update leagues set "teamPayment" = 'player-fee' where kind = 'team'`.execute(db)

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nameKey', 'text', (c) => c.notNull())
    // Null while staff hold the team's place for a captain who has not claimed it yet.
    .addColumn('captainUserId', 'text', (c) => c.references('users.id'))
    .addColumn('captainEmail', 'text')
    .addColumn('holdExpiresAt', t.timestamp)
    .addColumn('inviteNonce', 'text', (c) => c.notNull())
    .addColumn('remindersSent', 'integer', (c) => c.notNull().defaultTo(0))
    // Player addresses from an import (/addTeams), emailed the invite once the captain completes the team.
    .addColumn('pendingInvites', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('teams_league_name_once', ['leagueId', 'nameKey'])
    .execute()
  await db.schema.createIndex('teams_captainUserId_idx').on('teams').column('captainUserId').execute()
  await db.schema.createIndex('teams_holdExpiresAt_idx').on('teams').column('holdExpiresAt').execute()

  await db.schema.alterTable('offerings').addColumn('teamId', 'text', (c) => c.references('teams.id').onDelete('cascade')).execute()
  await db.schema.createIndex('offerings_teamId_idx').on('offerings').column('teamId').execute()
  await db.schema.alterTable('registrations').addColumn('teamId', 'text', (c) => c.references('teams.id')).execute()
  await db.schema.alterTable('registrations').addColumn('leagueSlot', 'text').execute()
  await db.schema.createIndex('registrations_teamId_idx').on('registrations').column('teamId').execute()
  await sql`
    create unique index registrations_one_team_per_league on registrations ("leagueSlot", "userId", "participantKey")
    where "leagueSlot" is not null and status in ('confirmed', 'offered', 'waitlisted')`.execute(db)

  // Every team league gets its team places, with the capacity staff set and no team fee yet.
  await sql`
    insert into offerings (id, kind, "leagueId", capacity, "receiptPrefix", "createdAt")
    select id || ':teams', 'team-place', id, "teamCapacity", 'T' || upper(substr(replace(id, '-', ''), 1, 7)), "createdAt"
    from leagues where kind = 'team'`.execute(db)
  await db.schema.alterTable('leagues').dropColumn('teamCapacity').execute()
}
