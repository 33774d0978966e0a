import type { Db } from '../db/connect.ts'
import type { OpenGame } from '../../shared/contracts/open-schedule.ts'
import { notFound } from './refusals.ts'

/**
 * A team league's schedule as everyone reads it (issue 33): only once it is published, since a
 * draft is staff's alone (schedule.queries.ts reads it for them).
 */

/** The league with its schedule's publication; a refusal when it is not a team league. */
export async function openLeague(db: Db, leagueId: string) {
  const league = await db.kysely
    .selectFrom('leagues as l')
    .leftJoin('gameNights as n', 'n.leagueId', 'l.id')
    .select(['l.id', 'l.name', 'l.sport', 'l.kind', 'n.publishedAt'])
    .where('l.id', '=', leagueId)
    .executeTakeFirst()
  if (!league || league.kind !== 'team') throw notFound('There is no team league at this address.')
  return { league: { id: league.id, name: league.name, sport: league.sport }, published: league.publishedAt !== null && league.publishedAt !== undefined }
}

/** Games with the names they show (their playing area's and their teams'), their results and their score's version. */
export function gamesWithNames(db: Db) {
  return db.kysely
    .selectFrom('games as g')
    .innerJoin('playingAreas as a', 'a.id', 'g.areaId')
    .innerJoin('teams as h', 'h.id', 'g.homeTeamId')
    .innerJoin('teams as v', 'v.id', 'g.awayTeamId')
    .select(['g.id', 'g.leagueId', 'g.date', 'g.startTime', 'g.endTime', 'g.areaId', 'a.name as areaName', 'g.homeTeamId', 'h.name as homeName', 'g.awayTeamId', 'v.name as awayName', 'g.homeScore', 'g.awayScore', 'g.forfeitedBy', 'g.scoreVersion'])
}
export type GameWithNames = Awaited<ReturnType<ReturnType<typeof gamesWithNames>['execute']>>[number]

/** A league's games (a team's alone with `teamId`), by date, start time and playing area. */
export function leagueGamesInOrder(db: Db, leagueId: string, teamId?: string): Promise<GameWithNames[]> {
  let query = gamesWithNames(db).where('g.leagueId', '=', leagueId)
  if (teamId !== undefined) query = query.where((eb) => eb.or([eb('g.homeTeamId', '=', teamId), eb('g.awayTeamId', '=', teamId)]))
  return query.orderBy('g.date').orderBy('g.startTime').orderBy('a.name').orderBy('g.id').execute()
}

/** A game as the open schedule and staff's schedule show it. */
export function openGameOf(g: GameWithNames): OpenGame {
  return {
    id: g.id,
    date: g.date,
    startTime: g.startTime,
    endTime: g.endTime,
    area: { id: g.areaId, name: g.areaName },
    home: { id: g.homeTeamId, name: g.homeName },
    away: { id: g.awayTeamId, name: g.awayName },
    homeScore: g.homeScore,
    awayScore: g.awayScore,
    forfeitedBy: g.forfeitedBy,
  }
}

/** The league's games (a team's alone with `teamId`), by date, start time and playing area, with their results. */
export async function publishedGames(db: Db, leagueId: string, teamId?: string): Promise<OpenGame[]> {
  return (await leagueGamesInOrder(db, leagueId, teamId)).map(openGameOf)
}

/** The league's published schedule; a refusal before it is published. */
export async function leagueSchedule(db: Db, leagueId: string) {
  const { league, published } = await openLeague(db, leagueId)
  if (!published) throw notFound('This league’s schedule is not published yet.')
  return { league, games: await publishedGames(db, leagueId) }
}
