import { z } from 'zod'
import { contract, pathId } from './contract.ts'
import { SPORTS } from '../sports.ts'

/**
 * A team league's published schedule as everyone reads it (issue 33): its games with their
 * results, and a team's own games with the next one. A draft is staff's alone: before the schedule
 * is published the league's games are a 404 and a team has none. Dates are YYYY-MM-DD facility
 * dates and times HH:MM on the facility's wall clock (docs/decisions/0003).
 */

const Named = z.object({ id: z.string(), name: z.string() })
const date = z.string().describe('YYYY-MM-DD, a facility date')
const time = z.string().describe('HH:MM, the facility’s wall clock')
const OpenLeague = z.object({ id: z.string(), name: z.string(), sport: z.enum(SPORTS) })

export const OpenGame = z.object({
  id: z.string(),
  date,
  startTime: time,
  endTime: time,
  area: Named.describe('the playing area'),
  home: Named,
  away: Named,
  homeScore: z.number().int().nullable().describe('null until the result is entered'),
  awayScore: z.number().int().nullable(),
  forfeitedBy: z.string().nullable().describe('the id of the team that forfeited, if one did'),
})
export type OpenGame = z.infer<typeof OpenGame>

export const TeamGame = z.object({
  id: z.string(),
  date,
  startTime: time,
  endTime: time,
  area: Named.describe('the playing area'),
  opponent: Named,
  home: z.boolean().describe('whether the team is the home team'),
  result: z
    .object({
      outcome: z.enum(['W', 'L', 'T']),
      for: z.number().int().nullable().describe('the team’s score; null for a forfeit'),
      against: z.number().int().nullable().describe('the opponent’s score; null for a forfeit'),
      forfeit: z.enum(['team', 'opponent']).nullable().describe('which side forfeited, if one did'),
    })
    .nullable()
    .describe('null until the result is entered'),
})
export type TeamGame = z.infer<typeof TeamGame>

export const readLeagueGames = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/games',
  access: 'open',
  summary: 'A team league’s published schedule by date, start time and playing area, with the results entered; 404 before it is published',
  params: z.object({ leagueId: pathId }),
  responses: { 200: z.object({ league: OpenLeague, games: z.array(OpenGame) }) },
})

export const readTeamGames = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/teams/:teamId/games',
  access: 'open',
  summary: 'A team’s games in its league’s published schedule with its results, and its next game (none before the schedule is published)',
  params: z.object({ leagueId: pathId, teamId: pathId }),
  responses: {
    200: z.object({
      league: OpenLeague,
      team: Named,
      published: z.boolean().describe('whether the league’s schedule is published: until it is, the team has no games'),
      games: z.array(TeamGame),
      next: TeamGame.nullable().describe('the first game that has not ended at the facility’s time now; null when none is left'),
    }),
  },
})
