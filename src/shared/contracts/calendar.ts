import { z } from 'zod'
import { contract, pathId } from './contract.ts'

/**
 * Private calendar feeds (issue 33): a team's games and an academy's sessions as iCalendar, at a
 * link whose random token is the whole secret, for Google Calendar, Apple Calendar and Outlook to
 * subscribe to. Those who take part (and staff) read the link; staff regenerate it, ending the old.
 */

export const CalendarLink = z.object({
  path: z.string().describe('/calendar/<token>.ics: the feed, on the address the reader is on (the browser adds its origin; webcal: for a calendar app)'),
})
export type CalendarLink = z.infer<typeof CalendarLink>

const token = z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: 'This calendar link is not one the site made.' })

export const calendarFeed = contract({
  method: 'GET',
  url: '/calendar/:token.ics',
  access: 'open',
  summary: "A team's or an academy's calendar feed (iCalendar): its token is the secret, so no sign-in; unknown or regenerated tokens answer 404",
  params: z.object({ token }),
  contentType: 'text/calendar',
  responses: { 200: z.string().describe('iCalendar text (RFC 5545), times in the facility’s zone with its VTIMEZONE') },
})

const academyParams = z.object({ academyId: pathId })

export const academyCalendarLink = contract({
  method: 'GET',
  url: '/api/academies/:academyId/calendar',
  access: 'owner',
  summary: "An academy's calendar feed link, for an account with a place in it (theirs or a child's) and for staff; to anyone else the academy answers as if it did not exist",
  params: academyParams,
  responses: { 200: CalendarLink },
})

export const renewAcademyCalendarLink = contract({
  method: 'POST',
  url: '/api/admin/academies/:academyId/calendar/renew',
  access: 'admin',
  summary: "Gives an academy's calendar feed a new link: the old one stops working at once (a link shared too widely)",
  params: academyParams,
  responses: { 200: CalendarLink },
})

const teamParams = z.object({ leagueId: pathId, teamId: pathId })

export const teamCalendarLink = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/teams/:teamId/calendar',
  access: 'owner',
  summary: "A team's calendar feed link (its published games), for its captain and players and for staff; to anyone else the team answers as if it did not exist",
  params: teamParams,
  responses: { 200: CalendarLink },
})

export const renewTeamCalendarLink = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/calendar/renew',
  access: 'owner',
  summary: "Gives a team's calendar feed a new link, for its captain and staff: the old one stops working at once",
  params: teamParams,
  responses: { 200: CalendarLink },
})
