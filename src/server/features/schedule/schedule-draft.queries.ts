import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { recordStaffAction, type Actor } from '../../core/audit.ts'
import { conflict } from '../../core/refusals.ts'
import { SCHEDULE_MESSAGES } from '../../../shared/schemas/schedule.ts'
import { findNights, holdNights, type Nights, type TeamLeague } from './game-nights.queries.ts'
import { generateSchedule, type Schedule as Generated } from './generator.ts'
import { endOf } from './slots.ts'
import { holdAreas } from './slots.queries.ts'
import { blackoutsOf, completeTeams, slotsForLeague } from './schedule.queries.ts'

/**
 * A league's draft made and published (issue 33). Generating replaces the whole draft in one
 * transaction, with the games it could not place (unplacedGames, read back in the schedule's
 * report), that holds the league's game nights and its playing areas (slots.queries.ts): two
 * admins generating at once take turns, each draft whole, and a schedule another league makes at
 * the same moment sees this one's games. Once published, the schedule changes one game at a time.
 */

interface Audit {
  by: Actor
  now: Date
}

/** Rows per insert: well under either database's limit of bound values. */
const ROWS_PER_INSERT = 500

export async function generateDraft(db: Db, league: TeamLeague, audit: Audit): Promise<void> {
  const nights = await findNights(db, league.id)
  if (!nights) throw conflict(SCHEDULE_MESSAGES.noGameNights(league.name))
  if (nights.publishedAt) throw conflict(SCHEDULE_MESSAGES.published)
  const teams = await completeTeams(db, league.id)
  if (teams.length < 2) throw conflict(SCHEDULE_MESSAGES.tooFewTeams(league.name, teams.length))
  const blackouts = await blackoutsOf(db, teams.map((t) => t.id))
  await inTransaction(db, async (tx) => {
    // The game nights as they are now, held: a publish or another draft waits for this one.
    const held = (await holdNights(tx, league.id))!
    if (held.publishedAt) throw conflict(SCHEDULE_MESSAGES.published)
    await holdAreas(tx, held.areaIds)
    const schedule = generateSchedule({ teamIds: teams.map((t) => t.id), slots: await slotsForLeague(tx, league, held), count: held.count, blackouts })
    const replaced = await tx.kysely.deleteFrom('games').where('leagueId', '=', league.id).executeTakeFirst()
    await insertGames(tx, league.id, held, schedule, audit.now)
    await tx.kysely.deleteFrom('unplacedGames').where('leagueId', '=', league.id).execute()
    const unplaced = schedule.unplaced.map((u, position) => ({ leagueId: league.id, position, ...u }))
    for (let i = 0; i < unplaced.length; i += ROWS_PER_INSERT) await tx.kysely.insertInto('unplacedGames').values(unplaced.slice(i, i + ROWS_PER_INSERT)).execute()
    await recordStaffAction(tx, {
      by: audit.by,
      action: 'schedule-generated',
      entity: { kind: 'league', id: league.id, label: league.name },
      before: { draftGames: Number(replaced.numDeletedRows) },
      after: { games: schedule.games.length, unplaced: schedule.unplaced.length, blackoutsBroken: schedule.blackoutsBroken.length, teams: teams.map((t) => t.name) },
      now: audit.now,
    })
  }).catch(racedForSlots)
}

async function insertGames(tx: Db, leagueId: string, nights: Nights, schedule: Generated, now: Date): Promise<void> {
  const at = timestampParam(tx.dialect, now)
  const rows = schedule.games.map((g) => ({
    id: randomUUID(),
    leagueId,
    ...g,
    endTime: endOf(g.startTime, nights.gameMinutes),
    homeScore: null,
    awayScore: null,
    forfeitedBy: null,
    createdAt: at,
    updatedAt: at,
  }))
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.kysely.insertInto('games').values(rows.slice(i, i + ROWS_PER_INSERT)).execute()
}

/** Publishes the league's schedule; publishing it again changes nothing and writes no entry. */
export async function publishSchedule(db: Db, league: TeamLeague, audit: Audit): Promise<void> {
  await inTransaction(db, async (tx) => {
    const held = await holdNights(tx, league.id)
    if (!held) throw conflict(SCHEDULE_MESSAGES.noGameNights(league.name))
    if (held.publishedAt) return
    const games = await tx.kysely.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')).where('leagueId', '=', league.id).executeTakeFirstOrThrow()
    if (Number(games.n) === 0) throw conflict(SCHEDULE_MESSAGES.nothingToPublish(league.name))
    await tx.kysely.updateTable('gameNights').set({ publishedAt: timestampParam(tx.dialect, audit.now) }).where('leagueId', '=', league.id).execute()
    await recordStaffAction(tx, { by: audit.by, action: 'schedule-published', entity: { kind: 'league', id: league.id, label: league.name }, before: { publishedAt: null }, after: { publishedAt: audit.now.toISOString(), games: Number(games.n) }, now: audit.now })
  })
}

/** Two games in one slot are refused by the unique index: a change that lost a race for a slot is told so, not a 500. */
export function racedForSlots(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(SCHEDULE_MESSAGES.raced)
  throw error
}
