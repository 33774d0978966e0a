import type { Db } from '../db/connect.ts'
import type { OpenGame, TeamGame } from '../../shared/contracts/open-schedule.ts'
import { facilityToday, formatInZone } from '../../shared/format.ts'
import { notFound } from './refusals.ts'
import { openLeague, publishedGames } from './open-schedule.queries.ts'

/**
 * A team's own games in its league's published schedule (issue 33), each from the team's side:
 * the opponent, and the result as a win, loss or tie with the score. The next game is the first
 * that has not ended on the facility's wall clock now, so a game in progress is still the next.
 */

const clockFormat = formatInZone('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** HH:MM on the facility's wall clock at `now`. */
function facilityClock(now: Date, timeZone: string): string {
  return clockFormat(timeZone).format(now)
}

/** The game as `teamId` plays it. */
export function fromSide(game: OpenGame, teamId: string): TeamGame {
  const home = game.home.id === teamId
  const [ours, theirs] = home ? [game.homeScore, game.awayScore] : [game.awayScore, game.homeScore]
  let result: TeamGame['result'] = null
  if (game.forfeitedBy !== null) {
    const forfeit = game.forfeitedBy === teamId ? 'team' : 'opponent'
    result = { outcome: forfeit === 'team' ? 'L' : 'W', for: null, against: null, forfeit }
  } else if (ours !== null && theirs !== null) {
    result = { outcome: ours > theirs ? 'W' : ours < theirs ? 'L' : 'T', for: ours, against: theirs, forfeit: null }
  }
  return { id: game.id, date: game.date, startTime: game.startTime, endTime: game.endTime, area: game.area, opponent: home ? game.away : game.home, home, result }
}

/** The first of `games` (in order) not ended at `now` in the facility's time zone. */
export function nextGame<G extends { date: string; endTime: string }>(games: readonly G[], now: Date, timeZone: string): G | null {
  const today = facilityToday(now, timeZone)
  const clock = facilityClock(now, timeZone)
  return games.find((g) => g.date > today || (g.date === today && g.endTime > clock)) ?? null
}

export async function teamGames(db: Db, leagueId: string, teamId: string, { now, timeZone }: { now: Date; timeZone: string }) {
  const { league, published } = await openLeague(db, leagueId)
  const team = await db.kysely.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).where('leagueId', '=', leagueId).executeTakeFirst()
  if (!team) throw notFound('There is no such team in this league.')
  const games = published ? (await publishedGames(db, leagueId, teamId)).map((g) => fromSide(g, teamId)) : []
  return { league, team, published, games, next: nextGame(games, now, timeZone) }
}
