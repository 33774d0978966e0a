import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam, toIso } from '../../db/values.ts'
import { recordStaffAction, type Actor } from '../../core/audit.ts'
import { conflict, notFound } from '../../core/refusals.ts'
import type { PlayingArea } from '../../../shared/contracts/schedule.ts'
import { areaNameKey, SCHEDULE_MESSAGES, type PlayingAreaChange, type PlayingAreaInput } from '../../../shared/schemas/schedule.ts'
import { SPORTS, type Sport } from '../../../shared/sports.ts'
import { holdAreas } from './slots.queries.ts'
import { programsOnAreas, renameBookings } from '../../core/facility-calendar.queries.ts'

/**
 * The facility's playing areas (issue 33): courts and fields with the sports each can host. An
 * area's name is unique in any letter case or spacing (the unique nameKey decides, so two admins
 * naming two areas alike at once get one area and a 409). An area a game or a league's game
 * nights use is not deleted, and keeps the sports those leagues play on it.
 */

const isSport = (s: string): s is Sport => (SPORTS as readonly string[]).includes(s)
export const sportsOf = (stored: string): Sport[] => stored.split(',').filter(isSport)

interface Audit {
  by: Actor
  now: Date
}

/** Every playing area by name (or one), with its games and the leagues whose game nights list it. */
export async function listPlayingAreas(db: Db, only?: string): Promise<PlayingArea[]> {
  let query = db.kysely
    .selectFrom('playingAreas as a')
    .select((eb) => ['a.id', 'a.name', 'a.sports', 'a.createdAt', 'a.updatedAt', eb.selectFrom('games as g').select((f) => f.fn.countAll<number>().as('n')).whereRef('g.areaId', '=', 'a.id').as('games')])
    .orderBy('a.name')
    .orderBy('a.id')
  if (only) query = query.where('a.id', '=', only)
  const [rows, users, programs] = await Promise.all([query.execute(), areaUsers(db), programsOnAreas(db, only)])
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sports: sportsOf(row.sports),
    games: Number(row.games ?? 0),
    leagues: users.filter((u) => u.areaIds.includes(row.id)).map(({ id, name }) => ({ id, name })),
    programs: programs.get(row.id) ?? [],
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  }))
}

/** The leagues with game nights, with their sport and the areas they list. */
async function areaUsers(db: Db) {
  const rows = await db.kysely.selectFrom('gameNights as n').innerJoin('leagues as l', 'l.id', 'n.leagueId').select(['l.id', 'l.name', 'l.sport', 'n.areaIds']).orderBy('l.name').execute()
  return rows.map((r) => ({ ...r, areaIds: r.areaIds.split(',') }))
}

export async function createPlayingArea(db: Db, input: PlayingAreaInput, audit: Audit): Promise<PlayingArea> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, audit.now)
  await inTransaction(db, async (tx) => {
    await tx.kysely.insertInto('playingAreas').values({ id, name: input.name, nameKey: areaNameKey(input.name), sports: input.sports.join(','), createdAt: at, updatedAt: at }).execute()
    await recordStaffAction(tx, { by: audit.by, action: 'playing-area-created', entity: { kind: 'playing-area', id, label: input.name }, before: null, after: input, now: audit.now })
  }).catch(nameTaken(input.name))
  return (await listPlayingAreas(db, id))[0]!
}

export async function changePlayingArea(db: Db, areaId: string, change: PlayingAreaChange, audit: Audit): Promise<PlayingArea> {
  await inTransaction(db, async (tx) => {
    const [current] = await holdAreas(tx, [areaId])
    if (!current) throw notFound(SCHEDULE_MESSAGES.noSuchArea)
    const before = { name: current.name, sports: sportsOf(current.sports) }
    const after = { name: change.name ?? before.name, sports: change.sports ?? before.sports }
    // The same again changes nothing and writes no entry.
    if (JSON.stringify(after) === JSON.stringify(before)) return
    await keepSportsPlayed(tx, { id: areaId, name: after.name }, after.sports)
    if (after.name !== before.name) await renameBookings(tx, areaId, after.name)
    await tx.kysely
      .updateTable('playingAreas')
      .set({ name: after.name, nameKey: areaNameKey(after.name), sports: after.sports.join(','), updatedAt: timestampParam(tx.dialect, audit.now) })
      .where('id', '=', areaId)
      .execute()
    await recordStaffAction(tx, { by: audit.by, action: 'playing-area-changed', entity: { kind: 'playing-area', id: areaId, label: after.name }, before, after, now: audit.now })
  }).catch(nameTaken(change.name ?? ''))
  return (await listPlayingAreas(db, areaId))[0]!
}

/** Refuses to take off a sport a league plays on the area: by its game nights or its games. */
async function keepSportsPlayed(tx: Db, area: { id: string; name: string }, sports: readonly Sport[]): Promise<void> {
  const byGames = await tx.kysely.selectFrom('games as g').innerJoin('leagues as l', 'l.id', 'g.leagueId').select(['l.name', 'l.sport']).distinct().where('g.areaId', '=', area.id).execute()
  const byNights = (await areaUsers(tx)).filter((u) => u.areaIds.includes(area.id))
  const dropped = [...byNights, ...byGames].filter((l) => !sports.includes(l.sport))
  if (dropped.length === 0) return
  const sport = dropped[0]!.sport
  throw conflict(SCHEDULE_MESSAGES.sportStillNeeded(area.name, sport, [...new Set(dropped.filter((l) => l.sport === sport).map((l) => l.name))]))
}

/** Deletes an area no game and no league's game nights use; answers its id. */
export async function deletePlayingArea(db: Db, areaId: string, audit: Audit): Promise<string> {
  await inTransaction(db, async (tx) => {
    const [current] = await holdAreas(tx, [areaId])
    if (!current) throw notFound(SCHEDULE_MESSAGES.noSuchArea)
    const games = await tx.kysely.selectFrom('games as g').innerJoin('leagues as l', 'l.id', 'g.leagueId').select(['l.name']).where('g.areaId', '=', areaId).execute()
    if (games.length > 0) throw conflict(SCHEDULE_MESSAGES.areaHasGames(current.name, games.length, [...new Set(games.map((g) => g.name))]))
    const leagues = (await areaUsers(tx)).filter((u) => u.areaIds.includes(areaId))
    if (leagues.length > 0) throw conflict(SCHEDULE_MESSAGES.areaInGameNights(current.name, leagues.map((l) => l.name)))
    const programs = (await programsOnAreas(tx, areaId)).get(areaId) ?? []
    if (programs.length > 0) throw conflict(SCHEDULE_MESSAGES.areaBooked(current.name, programs))
    await tx.kysely.deleteFrom('playingAreas').where('id', '=', areaId).execute()
    await recordStaffAction(tx, { by: audit.by, action: 'playing-area-deleted', entity: { kind: 'playing-area', id: areaId, label: current.name }, before: { name: current.name, sports: sportsOf(current.sports) }, after: null, now: audit.now })
  }).catch((error: unknown) => {
    // A game put on the area by a write that did not hold it (none of the site's): the key refuses.
    if (isForeignKeyViolation(error)) throw conflict(SCHEDULE_MESSAGES.raced)
    throw error
  })
  return areaId
}

/** The unique name key decides a race for a name: its violation is the 409, not a 500 (faee4ee). */
function nameTaken(name: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(SCHEDULE_MESSAGES.areaTaken(name))
    throw error
  }
}
