import type { Db } from '../../db/connect.ts'
import { inList } from '../../db/values.ts'

/**
 * The reads every write of games starts from. A write holds its league's game nights first, then
 * the playing areas it books, in the order of their ids (PostgreSQL FOR UPDATE until it commits;
 * SQLite runs one transaction at a time): two writes booking one area take turns, so the second
 * sees the first's games, and two writes never wait for each other in a circle. The unique index
 * of games (migration 0046) stays the last word.
 */

/** The playing areas of `ids` that exist, held by the caller's transaction, by id. */
export async function holdAreas(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return []
  let query = tx.kysely.selectFrom('playingAreas').select(['id', 'name', 'sports']).where(inList(tx.dialect, 'id', ids)).orderBy('id')
  if (tx.dialect === 'postgres') query = query.forUpdate()
  return query.execute()
}

/** Games on some playing areas between two dates, with their league's and teams' names, leaving out one league's. */
export async function gamesOnAreas(db: Db, filter: { areaIds: readonly string[]; from: string; to: string; exceptLeagueId?: string }) {
  if (filter.areaIds.length === 0) return []
  let query = db.kysely
    .selectFrom('games as g')
    .innerJoin('leagues as l', 'l.id', 'g.leagueId')
    .innerJoin('teams as h', 'h.id', 'g.homeTeamId')
    .innerJoin('teams as a', 'a.id', 'g.awayTeamId')
    .select(['g.id', 'g.leagueId', 'l.name as leagueName', 'h.name as homeName', 'a.name as awayName', 'g.areaId', 'g.date', 'g.startTime', 'g.endTime'])
    .where(inList(db.dialect, 'g.areaId', filter.areaIds))
    .where('g.date', '>=', filter.from)
    .where('g.date', '<=', filter.to)
  if (filter.exceptLeagueId) query = query.where('g.leagueId', '<>', filter.exceptLeagueId)
  return query.execute()
}
