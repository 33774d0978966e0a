import { z } from 'zod'
import { contract, pathId } from './contract.ts'

/**
 * A team's blackout dates (issue 33): dates of the league's season its captain asks it not to
 * play. The schedule's generator keeps them where it can and lists every one it could not; staff
 * see them on the league's schedule page. Its captain and staff read and set them; to anyone else
 * the team answers as if it did not exist.
 */

/** At most this many dates a team: a few holidays and tournaments, not half the season. */
export const MOST_BLACKOUTS = 12

export const BLACKOUT_MESSAGES = {
  tooMany: `Choose at most ${MOST_BLACKOUTS} blackout dates.`,
  outsideSeason: (league: string, first: string, last: string) => `Choose dates within ${league}’s season, ${first} to ${last}.`,
  withdrawn: 'This team has left the league: it has no games to keep off a date.',
} as const

export const BlackoutsInput = z.object(
  {
    dates: z
      .array(z.iso.date({ error: 'Write each blackout date as a date such as 2027-01-05.' }), { error: 'Send the blackout dates as a list.' })
      .max(MOST_BLACKOUTS, { error: BLACKOUT_MESSAGES.tooMany })
      .describe('every blackout date of the team: the list replaces the old one; a date listed twice counts once'),
  },
  { error: 'Send the blackout dates as a JSON object.' },
)
export type BlackoutsInput = z.infer<typeof BlackoutsInput>

export const TeamBlackouts = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  season: z.object({ startDate: z.string(), endDate: z.string() }).describe('the league’s first and last dates (YYYY-MM-DD): blackout dates lie between them'),
  dates: z.array(z.string()).describe('YYYY-MM-DD, in order'),
  most: z.number().int().describe('how many dates a team may black out'),
})
export type TeamBlackouts = z.infer<typeof TeamBlackouts>

const teamParams = z.object({ leagueId: pathId, teamId: pathId })

export const readBlackouts = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/teams/:teamId/blackouts',
  access: 'owner',
  summary: 'A team’s blackout dates, for its captain and staff; to anyone else the team answers as if it did not exist',
  params: teamParams,
  responses: { 200: z.object({ blackouts: TeamBlackouts }) },
})

export const setBlackouts = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/blackouts',
  access: 'owner',
  summary: `Replace a team’s blackout dates (at most ${MOST_BLACKOUTS}, within the season): its captain and staff; refused (409) once the team has left the league`,
  params: teamParams,
  body: BlackoutsInput,
  responses: { 200: z.object({ blackouts: TeamBlackouts }) },
})
