import type { Db } from '../../db/connect.ts'
import type { Standings } from '../../../shared/contracts/scores.ts'
import { findNights } from './game-nights.queries.ts'
import { standings, type GameResult } from './standings.ts'

/**
 * A team league's standings as everyone reads them (issue 33): computed on every read from the
 * scores stored on its published schedule's games (standings.ts), by the league's points for a
 * win, a tie and a loss, its forfeit score and its tie-breaks in their order. The teams are those
 * its games name, listed by name where they stay level after every tie-break.
 */

/** The games' results so far, and the teams they name. */
async function resultsOf(db: Db, leagueId: string) {
  return db.kysely
    .selectFrom('games as g')
    .innerJoin('teams as h', 'h.id', 'g.homeTeamId')
    .innerJoin('teams as v', 'v.id', 'g.awayTeamId')
    .select(['g.homeTeamId', 'h.name as homeName', 'g.awayTeamId', 'v.name as awayName', 'g.homeScore', 'g.awayScore', 'g.forfeitedBy'])
    .where('g.leagueId', '=', leagueId)
    .execute()
}

/** Null unless the league is a team league with a published schedule. */
export async function leagueStandings(db: Db, leagueId: string): Promise<Standings | null> {
  const league = await db.kysely.selectFrom('leagues').select(['id', 'name', 'sport', 'kind']).where('id', '=', leagueId).executeTakeFirst()
  if (!league || league.kind !== 'team') return null
  const nights = await findNights(db, league.id)
  if (!nights?.publishedAt) return null
  const games = await resultsOf(db, league.id)
  const names = new Map(games.flatMap((g) => [[g.homeTeamId, g.homeName] as const, [g.awayTeamId, g.awayName] as const]))
  const teamIds = [...names.keys()].sort((a, b) => names.get(a)!.localeCompare(names.get(b)!) || (a < b ? -1 : 1))
  const results: GameResult[] = games
    .filter((g) => g.forfeitedBy !== null || (g.homeScore !== null && g.awayScore !== null))
    .map((g) => ({ homeTeamId: g.homeTeamId, awayTeamId: g.awayTeamId, homeScore: g.homeScore ?? 0, awayScore: g.awayScore ?? 0, forfeitedBy: g.forfeitedBy }))
  const { rules } = nights
  return {
    league: { id: league.id, name: league.name, sport: league.sport },
    rules: { ...rules, forfeitScore: { ...rules.forfeitScore }, tieBreaks: [...rules.tieBreaks] },
    rows: standings(teamIds, results, rules).map(({ teamId, ...row }) => ({ team: { id: teamId, name: names.get(teamId)! }, ...row })),
    results: results.length,
  }
}
