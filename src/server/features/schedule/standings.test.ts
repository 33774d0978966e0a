import { describe, expect, test } from 'vitest'
import { DEFAULT_RULES, standings, type GameResult, type StandingRow } from './standings.ts'

const game = (homeTeamId: string, awayTeamId: string, homeScore: number, awayScore: number): GameResult => ({ homeTeamId, awayTeamId, homeScore, awayScore, forfeitedBy: null })
const forfeit = (homeTeamId: string, awayTeamId: string, forfeitedBy: string, homeScore = 0, awayScore = 0): GameResult => ({ homeTeamId, awayTeamId, homeScore, awayScore, forfeitedBy })

/** The table as `rank teamId points`, enough to read the order at a glance. */
const order = (rows: StandingRow[]) => rows.map((row) => `${row.rank} ${row.teamId} ${row.points}`)

describe('standings', () => {
  test('counts played, won, lost, tied, points for and against, difference and table points', () => {
    const rows = standings(['Lakers', 'Celtics', 'Bulls'], [game('Lakers', 'Celtics', 60, 50), game('Celtics', 'Bulls', 45, 45), game('Bulls', 'Lakers', 70, 40)], DEFAULT_RULES)
    expect(rows).toEqual([
      { teamId: 'Bulls', rank: 1, played: 2, won: 1, lost: 0, tied: 1, pointsFor: 115, pointsAgainst: 85, difference: 30, points: 3 },
      { teamId: 'Lakers', rank: 2, played: 2, won: 1, lost: 1, tied: 0, pointsFor: 100, pointsAgainst: 120, difference: -20, points: 2 },
      { teamId: 'Celtics', rank: 3, played: 2, won: 0, lost: 1, tied: 1, pointsFor: 95, pointsAgainst: 105, difference: -10, points: 1 },
    ])
  })

  test('a win, a tie and a loss are worth what the league says', () => {
    const results = [game('A', 'B', 2, 1), game('C', 'D', 0, 0)]
    expect(order(standings(['A', 'B', 'C', 'D'], results, DEFAULT_RULES))).toEqual(['1 A 2', '2 C 1', '2 D 1', '4 B 0'])
    expect(order(standings(['A', 'B', 'C', 'D'], results, { ...DEFAULT_RULES, win: 3, tie: 1, loss: 0 }))).toEqual(['1 A 3', '2 C 1', '2 D 1', '4 B 0'])
  })

  test('two teams level on points: the game between them decides before difference', () => {
    const twoLevel = [game('A', 'B', 51, 50), game('B', 'C', 90, 40), game('A', 'D', 30, 40), game('C', 'D', 30, 40)]
    // A and B: one win each (2 points), D two wins, C none. B has the better difference (49 against -9), but A beat B.
    expect(order(standings(['B', 'A', 'C', 'D'], twoLevel, DEFAULT_RULES))).toEqual(['1 D 4', '2 A 2', '3 B 2', '4 C 0'])
  })

  test('three level teams split by the mini-table of the games between them, whatever their differences', () => {
    // A beat B and C, B beat C; E only pads the table so that A, B and C end level on 4 points.
    const results = [game('A', 'B', 41, 40), game('A', 'C', 41, 40), game('B', 'C', 41, 40), game('B', 'E', 50, 40), game('C', 'E', 90, 0), game('C', 'E', 90, 0)]
    const rows = standings(['C', 'B', 'A', 'E'], results, DEFAULT_RULES)
    expect(order(rows)).toEqual(['1 A 4', '2 B 4', '3 C 4', '4 E 0'])
    expect(rows.map((row) => row.difference)).toEqual([2, 10, 178, -190])
  })

  test('a group still level after the mini-table starts again on the games between its own teams', () => {
    // Mini-table of A, B, C: A 4 (beat B twice, lost to C), B 2, C 2. Then B beat C, though C's difference is better.
    const results = [game('A', 'B', 41, 40), game('A', 'B', 41, 40), game('B', 'C', 41, 40), game('C', 'A', 41, 40), game('B', 'E', 50, 40), game('C', 'E', 90, 0)]
    const rows = standings(['C', 'B', 'A', 'E'], results, DEFAULT_RULES)
    expect(order(rows)).toEqual(['1 A 4', '2 B 4', '3 C 4', '4 E 0'])
    expect(rows.find((row) => row.teamId === 'C')!.difference).toBeGreaterThan(rows.find((row) => row.teamId === 'B')!.difference)
  })

  test('three level teams the mini-table cannot split (each beat one) are ordered by difference', () => {
    const results = [game('A', 'B', 50, 40), game('B', 'C', 50, 40), game('C', 'A', 70, 40)]
    // Differences: A -20, B 0, C +20.
    expect(order(standings(['A', 'B', 'C'], results, DEFAULT_RULES))).toEqual(['1 C 2', '2 B 2', '3 A 2'])
  })

  test('level on points, head to head and difference: points for decides, and teams level on everything share a rank in teamIds order', () => {
    // Each beat one by 10: every difference is 0, and points for are A 100, B 105, C 95.
    expect(order(standings(['C', 'A', 'B'], [game('A', 'B', 60, 50), game('B', 'C', 55, 45), game('C', 'A', 50, 40)], DEFAULT_RULES))).toEqual(['1 B 2', '2 A 2', '3 C 2'])
    // Each beat one by 10, with 90 points for each: level on everything.
    expect(order(standings(['C', 'A', 'B'], [game('A', 'B', 50, 40), game('B', 'C', 50, 40), game('C', 'A', 50, 40)], DEFAULT_RULES))).toEqual(['1 C 2', '1 A 2', '1 B 2'])
  })

  test('teams level on everything share a rank, the next rank skips, and they are listed in teamIds order', () => {
    const results = [game('A', 'B', 50, 40), game('C', 'D', 50, 40)]
    expect(order(standings(['D', 'C', 'B', 'A'], results, DEFAULT_RULES))).toEqual(['1 C 2', '1 A 2', '3 D 0', '3 B 0'])
    expect(order(standings(['A', 'B', 'C', 'D', 'E'], [], DEFAULT_RULES))).toEqual(['1 A 0', '1 B 0', '1 C 0', '1 D 0', '1 E 0'])
  })

  test('the tie-breaks apply in the order the league sets', () => {
    // A beat B, but B has the better difference.
    const results = [game('A', 'B', 51, 50), game('B', 'C', 90, 40), game('C', 'A', 41, 40), game('C', 'D', 41, 40), game('D', 'C', 90, 0)]
    // A 2, B 2, C 4, D 2; among A, B and D: the mini-table (A 2, B 0, D 0) against the differences (A 0, B 49, D 89).
    expect(order(standings(['A', 'B', 'C', 'D'], results, DEFAULT_RULES)).slice(1)).toEqual(['2 A 2', '3 D 2', '4 B 2'])
    expect(order(standings(['A', 'B', 'C', 'D'], results, { ...DEFAULT_RULES, tieBreaks: ['difference', 'head-to-head', 'points-for'] })).slice(1)).toEqual(['2 D 2', '3 B 2', '4 A 2'])
    expect(order(standings(['A', 'B', 'C', 'D'], results, { ...DEFAULT_RULES, tieBreaks: [] })).slice(1)).toEqual(['2 A 2', '2 B 2', '2 D 2'])
  })

  test("a forfeit is the league's forfeit score, a win for the other team and a loss for the team that forfeited", () => {
    const rules = { ...DEFAULT_RULES, forfeitScore: { winner: 20, loser: 0 } }
    // The scores entered with a forfeit do not count: the forfeit score does.
    const rows = standings(['Lakers', 'Celtics'], [forfeit('Lakers', 'Celtics', 'Lakers', 55, 10)], rules)
    expect(rows).toEqual([
      { teamId: 'Celtics', rank: 1, played: 1, won: 1, lost: 0, tied: 0, pointsFor: 20, pointsAgainst: 0, difference: 20, points: 2 },
      { teamId: 'Lakers', rank: 2, played: 1, won: 0, lost: 1, tied: 0, pointsFor: 0, pointsAgainst: 20, difference: -20, points: 0 },
    ])
    const soccer = { ...DEFAULT_RULES, win: 3, forfeitScore: { winner: 3, loser: 0 } }
    expect(standings(['United', 'City'], [forfeit('United', 'City', 'City')], soccer)[0]).toMatchObject({ teamId: 'United', won: 1, pointsFor: 3, pointsAgainst: 0, points: 3 })
  })

  test('a forfeit counts in head to head like the win it is', () => {
    // B forfeited to A; B beat C and C beat A by more. All three on 2 points; the mini-table cannot split them, so difference decides with the forfeit's 20-0.
    const results = [forfeit('A', 'B', 'B'), game('B', 'C', 60, 40), game('C', 'A', 70, 40)]
    expect(order(standings(['A', 'B', 'C'], results, DEFAULT_RULES))).toEqual(['1 C 2', '2 B 2', '3 A 2'])
    expect(standings(['A', 'B', 'C'], results, DEFAULT_RULES).map((row) => row.difference)).toEqual([10, 0, -10])
  })

  test('games with a team no longer in the league count for neither team', () => {
    const rows = standings(['A', 'B'], [game('A', 'B', 50, 40), game('A', 'Gone', 0, 99), game('Gone', 'B', 0, 99)], DEFAULT_RULES)
    expect(rows.map((row) => [row.teamId, row.played, row.difference])).toEqual([
      ['A', 1, 10],
      ['B', 1, -10],
    ])
  })
})
