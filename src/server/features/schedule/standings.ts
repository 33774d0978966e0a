/**
 * A league's standings from its scores (issue 33). Pure: the same teams, results and rules give
 * the same table.
 *
 * Teams are ordered by table points (a win, a tie and a loss each worth what the league says).
 * Teams level on points go through the league's tie-breaks in its order:
 *
 * - head-to-head: the table points of the games played between the level teams only (a mini-table);
 * - difference: points scored less points allowed, over all games;
 * - points-for: points scored, over all games.
 *
 * The first tie-break that tells some of the level teams apart splits them into groups, and each
 * group still level starts again from the first tie-break among its own teams: after head-to-head
 * puts one of three teams first, the other two are compared on the games between those two only.
 * Teams still level after every tie-break share a rank (1, 2, 2, 4), listed in teamIds order.
 *
 * A forfeit counts as a win for the other team and a loss for the team that forfeited, with the
 * league's forfeit score in place of whatever score was entered. Games with a team that is not in
 * teamIds (a team that withdrew) count for neither team.
 */

export interface GameResult {
  homeTeamId: string
  awayTeamId: string
  homeScore: number
  awayScore: number
  /** The team that forfeited, if any. */
  forfeitedBy: string | null
}

export type TieBreak = 'head-to-head' | 'difference' | 'points-for'

export interface StandingsRules {
  /** Table points for a win, a tie, a loss (e.g. 2/1/0 or 3/1/0). */
  win: number
  tie: number
  loss: number
  /** The score recorded for a forfeit: winner's and loser's (e.g. 20–0 in basketball, 3–0 in soccer). */
  forfeitScore: { winner: number; loser: number }
  /** Applied in order. */
  tieBreaks: readonly TieBreak[]
}

export const DEFAULT_RULES: StandingsRules = {
  win: 2,
  tie: 1,
  loss: 0,
  forfeitScore: { winner: 20, loser: 0 },
  tieBreaks: ['head-to-head', 'difference', 'points-for'],
}

export interface StandingRow {
  teamId: string
  rank: number
  played: number
  won: number
  lost: number
  tied: number
  pointsFor: number
  pointsAgainst: number
  difference: number
  points: number
}

/** A game as it counts: the scores a forfeit records instead of the ones entered. */
interface Counted {
  home: string
  away: string
  homeScore: number
  awayScore: number
}

function counted(result: GameResult, rules: StandingsRules): Counted {
  const { homeTeamId: home, awayTeamId: away } = result
  if (result.forfeitedBy === home) return { home, away, homeScore: rules.forfeitScore.loser, awayScore: rules.forfeitScore.winner }
  if (result.forfeitedBy === away) return { home, away, homeScore: rules.forfeitScore.winner, awayScore: rules.forfeitScore.loser }
  return { home, away, homeScore: result.homeScore, awayScore: result.awayScore }
}

/** Table points a team earns from a game, by its score and its opponent's. */
const tablePoints = (own: number, other: number, rules: StandingsRules) => (own > other ? rules.win : own < other ? rules.loss : rules.tie)

export function standings(teamIds: readonly string[], results: readonly GameResult[], rules: StandingsRules): StandingRow[] {
  const order = [...new Set(teamIds)]
  const rows = new Map(order.map((teamId) => [teamId, { teamId, rank: 0, played: 0, won: 0, lost: 0, tied: 0, pointsFor: 0, pointsAgainst: 0, difference: 0, points: 0 }]))
  const games = results.filter((result) => result.homeTeamId !== result.awayTeamId && rows.has(result.homeTeamId) && rows.has(result.awayTeamId)).map((result) => counted(result, rules))
  for (const game of games) {
    for (const [teamId, own, other] of [
      [game.home, game.homeScore, game.awayScore],
      [game.away, game.awayScore, game.homeScore],
    ] as const) {
      const row = rows.get(teamId)!
      row.played++
      if (own > other) row.won++
      else if (own < other) row.lost++
      else row.tied++
      row.pointsFor += own
      row.pointsAgainst += other
      row.difference = row.pointsFor - row.pointsAgainst
      row.points += tablePoints(own, other, rules)
    }
  }

  /** The value a tie-break compares, for each of the level teams (higher is better). */
  const measure = (tieBreak: TieBreak, level: readonly string[]): Map<string, number> => {
    if (tieBreak === 'difference') return new Map(level.map((teamId) => [teamId, rows.get(teamId)!.difference]))
    if (tieBreak === 'points-for') return new Map(level.map((teamId) => [teamId, rows.get(teamId)!.pointsFor]))
    const among = new Set(level)
    const mini = new Map(level.map((teamId) => [teamId, 0]))
    for (const game of games) {
      if (!among.has(game.home) || !among.has(game.away)) continue
      mini.set(game.home, mini.get(game.home)! + tablePoints(game.homeScore, game.awayScore, rules))
      mini.set(game.away, mini.get(game.away)! + tablePoints(game.awayScore, game.homeScore, rules))
    }
    return mini
  }

  /** Level teams in their final order, each group that no tie-break separates as one entry. */
  const separate = (level: readonly string[]): string[][] => {
    if (level.length < 2) return [[...level]]
    for (const tieBreak of rules.tieBreaks) {
      const groups = groupBy(level, measure(tieBreak, level))
      if (groups.length > 1) return groups.flatMap(separate)
    }
    return [[...level]]
  }

  const ranked = groupBy(order, new Map(order.map((teamId) => [teamId, rows.get(teamId)!.points]))).flatMap(separate)
  const table: StandingRow[] = []
  for (const group of ranked) {
    const rank = table.length + 1
    for (const teamId of group) table.push({ ...rows.get(teamId)!, rank })
  }
  return table
}

/** Teams grouped by a value, best (highest) first; each group in the order given. */
function groupBy(teamIds: readonly string[], value: ReadonlyMap<string, number>): string[][] {
  const values = [...new Set(teamIds.map((teamId) => value.get(teamId)!))].sort((a, b) => b - a)
  return values.map((v) => teamIds.filter((teamId) => value.get(teamId) === v))
}
