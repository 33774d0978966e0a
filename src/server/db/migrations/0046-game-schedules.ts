import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Game schedules of team leagues (issue 33, features/schedule). Dates are the facility's
 * calendar dates as ISO text and times its wall-clock HH:MM (docs/decisions/0003).
 *
 * - `playingAreas`: the facility's courts and fields, each with the sports it can host (`SPORTS`,
 *   comma-separated as `basketball,kids`); its name is unique in any letter case (`nameKey`).
 * - `gameNights`: one row per team league: the weekdays (ISO, `2,4`), the first and the last
 *   game's start, the game length, the playing areas it may use, the dates skipped, how many
 *   games each team plays, the standings rules, and when the schedule was published (null while
 *   it is a draft).
 * - `games`: one row per game, a draft's too. The unique index on (areaId, date, startTime) means
 *   two games can never take one playing area at one start time, whatever their leagues: a
 *   draft holds its slots as a published schedule does, so another league's schedule is made
 *   around it. Scores and forfeits stay null until the game is played.
 * - `teamBlackouts`: dates a team's captain asked it not to play.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('playingAreas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    /** The name lower-cased without spaces: "Court 1" and "court1" are one area. */
    .addColumn('nameKey', 'text', (c) => c.notNull().unique())
    .addColumn('sports', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('gameNights')
    .addColumn('leagueId', 'text', (c) => c.primaryKey().references('leagues.id'))
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('firstGameTime', 'text', (c) => c.notNull())
    /** The last game's start. */
    .addColumn('lastGameTime', 'text', (c) => c.notNull())
    .addColumn('gameMinutes', 'integer', (c) => c.notNull())
    /** Playing area ids, comma-separated, in the order staff chose them. */
    .addColumn('areaIds', 'text', (c) => c.notNull())
    .addColumn('skippedDates', 'text', (c) => c.notNull().defaultTo(''))
    /** `round-robin` (countNumber: 1 or 2 meetings of every pair) or `weeks` (countNumber: weeks of one game). */
    .addColumn('countKind', 'text', (c) => c.notNull())
    .addColumn('countNumber', 'integer', (c) => c.notNull())
    .addColumn('winPoints', 'integer', (c) => c.notNull())
    .addColumn('tiePoints', 'integer', (c) => c.notNull())
    .addColumn('lossPoints', 'integer', (c) => c.notNull())
    .addColumn('forfeitWinnerScore', 'integer', (c) => c.notNull())
    .addColumn('forfeitLoserScore', 'integer', (c) => c.notNull())
    /** In order, comma-separated: `head-to-head,difference,points-for`. */
    .addColumn('tieBreaks', 'text', (c) => c.notNull())
    .addColumn('publishedAt', t.timestamp)
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id'))
    .addColumn('homeTeamId', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('awayTeamId', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('areaId', 'text', (c) => c.notNull().references('playingAreas.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('startTime', 'text', (c) => c.notNull())
    .addColumn('endTime', 'text', (c) => c.notNull())
    .addColumn('homeScore', 'integer')
    .addColumn('awayScore', 'integer')
    .addColumn('forfeitedBy', 'text', (c) => c.references('teams.id'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('games_slot_once').on('games').columns(['areaId', 'date', 'startTime']).unique().execute()
  await db.schema.createIndex('games_leagueId_idx').on('games').columns(['leagueId', 'date', 'startTime']).execute()
  await db.schema.createIndex('games_homeTeamId_idx').on('games').column('homeTeamId').execute()
  await db.schema.createIndex('games_awayTeamId_idx').on('games').column('awayTeamId').execute()

  await db.schema
    .createTable('teamBlackouts')
    .addColumn('teamId', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('teamBlackouts_pk', ['teamId', 'date'])
    .execute()
}
