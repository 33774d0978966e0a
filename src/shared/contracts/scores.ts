import { z } from 'zod'
import { contract, pathId } from './contract.ts'
import { SPORTS } from '../sports.ts'
import { StandingsRules } from './schedule.ts'
import { OpenGame } from './open-schedule.ts'
import { ScoreInput } from '../schemas/scores.ts'

/**
 * A team league's standings and its games' scores (issue 33). The standings are open to everyone
 * once the schedule is published; scores are entered by staff, admins and employees alike (the
 * scorer's table).
 */

const Named = z.object({ id: z.string(), name: z.string() })
const leagueParams = z.object({ leagueId: pathId })

export const StandingRow = z.object({
  team: Named,
  rank: z.number().int().describe('1 for the first; teams no tie-break separates share a rank (1, 2, 2, 4)'),
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  tied: z.number().int(),
  pointsFor: z.number().int(),
  pointsAgainst: z.number().int(),
  difference: z.number().int().describe('points for less points against'),
  points: z.number().int().describe('table points, by the league’s points for a win, a tie and a loss'),
})
export type StandingRow = z.infer<typeof StandingRow>

export const Standings = z.object({
  league: z.object({ id: z.string(), name: z.string(), sport: z.enum(SPORTS) }),
  rules: StandingsRules,
  rows: z.array(StandingRow).describe('best first'),
  results: z.number().int().describe('games with a result so far'),
})
export type Standings = z.infer<typeof Standings>

export const readStandings = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/standings',
  access: 'open',
  summary: 'A team league’s standings from its published schedule’s results, by its rules and tie-breaks; 404 before the schedule is published',
  params: leagueParams,
  responses: { 200: z.object({ standings: Standings }) },
})

export const ScoreGame = OpenGame.extend({
  homeScore: z.number().int().nullable().describe('a forfeit records the league’s forfeit score'),
  scoreVersion: z.number().int().describe('the result’s version: send it back with a change'),
  started: z.boolean().describe('its start has passed where the facility is: only then can a result be entered'),
})
export type ScoreGame = z.infer<typeof ScoreGame>

const ScoreLeague = z.object({ id: z.string(), name: z.string(), gamesToScore: z.number().int().describe('games started without a result') })

export const readScoreSheet = contract({
  method: 'GET',
  url: '/api/admin/scores',
  access: 'staff',
  summary: 'The scorer’s table: the team leagues with a published schedule, and one league’s games to score: today’s first, then earlier ones without a result, then earlier ones with one',
  query: z.object({ leagueId: z.string().optional().describe('left out: the first league with a game today, or with one to score') }),
  responses: { 200: z.object({ leagues: z.array(ScoreLeague), league: ScoreLeague.nullable().describe('null when no league has a published schedule'), games: z.array(ScoreGame), today: z.string().describe('the facility’s date') }) },
})

export const recordScore = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId/games/:gameId/score',
  access: 'staff',
  summary: 'Enter, correct or clear a started game’s result on a published schedule; refused (409) when the result changed since the version sent; every change audited',
  params: z.object({ leagueId: pathId, gameId: pathId }),
  body: ScoreInput,
  responses: { 200: z.object({ game: ScoreGame }) },
})
