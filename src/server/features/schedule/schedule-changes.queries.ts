import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { inList, timestampParam } from '../../db/values.ts'
import { recordStaffAction, type Actor } from '../../core/audit.ts'
import { conflict, invalid, notFound } from '../../core/refusals.ts'
import { minutesOf, SCHEDULE_MESSAGES, type MoveGameInput } from '../../../shared/schemas/schedule.ts'
import { holdNights, type TeamLeague } from './game-nights.queries.ts'
import { sportsOf } from './playing-areas.queries.ts'
import { emailChanges, type Booked, type GameChange } from './schedule-notices.ts'
import { racedForSlots } from './schedule-draft.queries.ts'
import { endOf, overlaps } from './slots.ts'
import { holdAreas } from './slots.queries.ts'
import { bookingsOnAreas } from '../../core/facility-calendar.queries.ts'

/**
 * Staff's hand-made changes to a league's schedule (issue 33): one game moved to a free slot, or
 * two games' slots swapped. A change breaking a rule of the schedule is made, and answered with
 * warnings (schedule.queries.ts); one taking a slot another game holds is refused. Each holds the
 * league's game nights and the playing areas it books (slots.queries.ts), is audited, and once the
 * schedule is published emails the teams it moves, in its own transaction (schedule-notices.ts).
 */

interface Context {
  by: Actor
  now: Date
  siteUrl: string
}

/** What a change did: the games it moved, and the emails it wrote. */
export interface Changed {
  gameIds: string[]
  notified: number
}

async function gamesOf(tx: Db, leagueId: string, gameIds: readonly string[]) {
  const rows = await tx.kysely
    .selectFrom('games as g')
    .innerJoin('playingAreas as a', 'a.id', 'g.areaId')
    .innerJoin('teams as h', 'h.id', 'g.homeTeamId')
    .innerJoin('teams as v', 'v.id', 'g.awayTeamId')
    .select(['g.id', 'g.areaId', 'g.date', 'g.startTime', 'g.endTime', 'g.homeScore', 'g.forfeitedBy', 'a.name as areaName', 'g.homeTeamId', 'h.name as homeName', 'g.awayTeamId', 'v.name as awayName'])
    .where('g.leagueId', '=', leagueId)
    .where(inList(tx.dialect, 'g.id', gameIds))
    .execute()
  const games = gameIds.map((id) => rows.find((r) => r.id === id))
  if (games.includes(undefined)) throw notFound(SCHEDULE_MESSAGES.noSuchGame)
  if (games.some((g) => g!.homeScore !== null || g!.forfeitedBy !== null)) throw conflict(SCHEDULE_MESSAGES.played)
  return games.map((g) => g!)
}
type GameRow = Awaited<ReturnType<typeof gamesOf>>[number]

const booked = (g: Booked) => ({ date: g.date, startTime: g.startTime, area: g.areaName })
const named = (g: GameRow) => `${g.homeName} v ${g.awayName}`
const changeOf = (g: GameRow, to: Booked): GameChange => ({ home: { id: g.homeTeamId, name: g.homeName }, away: { id: g.awayTeamId, name: g.awayName }, from: g, to })

export async function moveGame(db: Db, league: TeamLeague, gameId: string, to: MoveGameInput, ctx: Context): Promise<Changed> {
  return inTransaction(db, async (tx) => {
    const nights = await holdNights(tx, league.id)
    const [game] = await gamesOf(tx, league.id, [gameId])
    const [area] = await holdAreas(tx, [to.areaId])
    if (!area) throw invalid(SCHEDULE_MESSAGES.noSuchArea, { areaId: SCHEDULE_MESSAGES.noSuchArea })
    if (!sportsOf(area.sports).includes(league.sport)) throw invalid(SCHEDULE_MESSAGES.areaDoesNotHost(area.name, league.sport), { areaId: SCHEDULE_MESSAGES.areaDoesNotHost(area.name, league.sport) })
    const length = minutesOf(game!.endTime) - minutesOf(game!.startTime)
    if (minutesOf(to.startTime) + length >= 24 * 60) throw invalid(SCHEDULE_MESSAGES.endsAfterMidnight(to.startTime, length), { startTime: SCHEDULE_MESSAGES.endsAfterMidnight(to.startTime, length) })
    if (game!.areaId === to.areaId && game!.date === to.date && game!.startTime === to.startTime) return { gameIds: [gameId], notified: 0 }
    const target = { ...to, endTime: endOf(to.startTime, length) }
    const holder = (await bookingsOnAreas(tx, { areaIds: [to.areaId], from: to.date, to: to.date })).find((b) => !(b.kind === 'game' && b.id === gameId) && overlaps(b, target))
    if (holder) throw conflict(SCHEDULE_MESSAGES.slotHeld(area.name, holder.date, holder.startTime, holder.label))
    await tx.kysely.updateTable('games').set({ ...target, updatedAt: timestampParam(tx.dialect, ctx.now) }).where('id', '=', gameId).execute()
    const now = { ...target, areaName: area.name }
    await recordStaffAction(tx, { by: ctx.by, action: 'game-moved', entity: { kind: 'league', id: league.id, label: `${named(game!)} in ${league.name}` }, before: booked(game!), after: booked(now), now: ctx.now })
    const notified = nights?.publishedAt ? await emailChanges(tx, league, [changeOf(game!, now)], ctx) : 0
    return { gameIds: [gameId], notified }
  }).catch(racedForSlots)
}

export async function swapGames(db: Db, league: TeamLeague, gameIds: readonly [string, string], ctx: Context): Promise<Changed> {
  return inTransaction(db, async (tx) => {
    const nights = await holdNights(tx, league.id)
    const [first, second] = (await gamesOf(tx, league.id, gameIds)) as [GameRow, GameRow]
    await holdAreas(tx, [first.areaId, second.areaId])
    const slot = (g: GameRow) => ({ areaId: g.areaId, date: g.date, startTime: g.startTime, endTime: g.endTime })
    const at = timestampParam(tx.dialect, ctx.now)
    // Through a start no slot has, so the unique index never sees the two games in one slot.
    await tx.kysely.updateTable('games').set({ startTime: `swap ${first.id}` }).where('id', '=', first.id).execute()
    await tx.kysely.updateTable('games').set({ ...slot(first), updatedAt: at }).where('id', '=', second.id).execute()
    await tx.kysely.updateTable('games').set({ ...slot(second), updatedAt: at }).where('id', '=', first.id).execute()
    await recordStaffAction(tx, {
      by: ctx.by,
      action: 'games-swapped',
      entity: { kind: 'league', id: league.id, label: `${named(first)} and ${named(second)} in ${league.name}` },
      before: { games: [{ game: named(first), ...booked(first) }, { game: named(second), ...booked(second) }] },
      after: { games: [{ game: named(first), ...booked(second) }, { game: named(second), ...booked(first) }] },
      now: ctx.now,
    })
    const notified = nights?.publishedAt ? await emailChanges(tx, league, [changeOf(first, second), changeOf(second, first)], ctx) : 0
    return { gameIds: [first.id, second.id], notified }
  }).catch(racedForSlots)
}
