import { z } from 'zod'
import { contract, pathId } from './contract.ts'
import { SPORTS } from '../sports.ts'
import { StandingsRules } from './schedule.ts'

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
