import { z } from 'zod'
import { LeagueForm } from '../schemas/league.ts'
import { REGISTRATION_STATUSES } from '../schemas/registration.ts'
import { TEAM_PAYMENTS, TEAM_STATUSES } from '../schemas/team.ts'
import { LEAGUE_KINDS, SPORTS, type ActiveLeague } from '../sports.ts'
import { contract, formBody, pathId } from './contract.ts'
import { EarlyBird, PriceRules } from './products.ts'

/** A league as the home page's cards read it (ActiveLeague in src/shared/sports.ts). */
export const ActiveLeagueAnswer = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS),
  kind: z.enum(LEAGUE_KINDS),
  description: z.string().nullable(),
  registrationDate: z.string().describe('YYYY-MM-DD'),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  registrationDeadline: z.string().nullable().describe('YYYY-MM-DD, the last day to register when staff set one; null: the day before the start'),
  priceCents: z.number().int().describe("a player's list price"),
  earlyBirdPriceCents: z.number().int().nullable().describe('the early-bird price, through earlyBirdUntil; null without one'),
  earlyBirdUntil: z.string().nullable().describe('YYYY-MM-DD, the last facility day of the early-bird price'),
}) satisfies z.ZodType<ActiveLeague>

export const listActiveLeagues = contract({
  method: 'GET',
  url: '/api/leagues/active',
  access: 'open',
  summary: 'The active leagues, for the home page: the same bytes the page carries, read again only when a league changes',
  responses: { 200: z.object({ leagues: z.array(ActiveLeagueAnswer) }) },
})

/** One league as a signed-in person's league page names it: what it is, when, and its price. */
export const LeagueSummary = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS),
  kind: z.enum(LEAGUE_KINDS),
  isActive: z.boolean(),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  priceCents: z.number().int().describe('what each player pays (in a team league, when players pay)'),
  teamPayment: z.enum(TEAM_PAYMENTS).nullable().describe('who pays, in a team league'),
  teamFeeCents: z.number().int().nullable().describe('what a captain pays for the team, when captains pay'),
  schedulePublished: z.boolean().describe('a team league whose schedule and standings are open at /schedule/:leagueId'),
})
export type LeagueSummary = z.infer<typeof LeagueSummary>

export const readLeague = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId',
  access: 'login',
  summary: 'One league: its name, kind, dates and price, for the league page; 404 when there is no such league',
  params: z.object({ leagueId: pathId }),
  responses: { 200: z.object({ league: LeagueSummary }) },
})

/** A league on a sign-up page. */
export const OpenLeague = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string(),
  description: z.string().nullable(),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day to register'),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  registrationDeadline: z.string().nullable().describe('YYYY-MM-DD, the last day to register; null: the day before startDate'),
  priceCents: z.number().int(),
  placesLeft: z.number().int().nullable().describe('null when the league has no limit'),
  waitlistSize: z.number().int(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  pricing: PriceRules,
})
export type OpenLeague = z.infer<typeof OpenLeague>

export const listOpenLeagues = contract({
  method: 'GET',
  url: '/api/leagues/open',
  access: 'open',
  summary: 'The open individual leagues, of one sport or all, with price, places left and waitlist',
  query: z.object({
    sport: z
      .enum(SPORTS, { error: (issue) => `Unknown sport "${String(issue.input)}". Choose one of: ${SPORTS.join(', ')}.` })
      .optional(),
  }),
  responses: { 200: z.object({ leagues: z.array(OpenLeague) }) },
})

/** A league as staff manage it. */
export const AdminLeague = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS),
  kind: z.enum(LEAGUE_KINDS),
  description: z.string().nullable(),
  isActive: z.boolean(),
  registrationDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  registrationDeadline: z.string().nullable().describe('the last day to register; null: the day before startDate'),
  priceCents: z.number().int(),
  earlyBird: EarlyBird.nullable().describe('the early-bird price of its fee, null without one: the desk states the price of the day (shared/format.ts priceFactText), as a sign-up charges it'),
  capacity: z.number().int().nullable().describe('null when the league has no limit'),
  minimum: z.number().int().nullable().describe('the fewest confirmed places it needs to run (a team league: teams); null: none'),
  placesTaken: z.number().int().describe('confirmed and offered places'),
  payAtSignUp: z.boolean().describe('a place is held while its customer pays online, instead of confirmed and paid later'),
  waitlistSize: z.number().int(),
  registrations: z.record(z.enum(REGISTRATION_STATUSES), z.number().int()).describe('registrations of the league by status'),
  teamCapacity: z.number().int().nullable().describe('team places; null when the league has no limit'),
  teamsTaken: z.number().int().describe('teams holding a place (team leagues)'),
  teams: z.record(z.enum(TEAM_STATUSES), z.number().int()).nullable().describe('team leagues: how many teams are in each status, the team waitlist included'),
  teamPayment: z.enum(TEAM_PAYMENTS).nullable().describe('who pays, in a team league'),
  teamFeeCents: z.number().int().nullable().describe('what a captain pays for the team, when captains pay'),
  rosterDeadline: z.string().nullable().describe('the last day captains change their rosters'),
  rosterMin: z.number().int().nullable(),
  rosterMax: z.number().int().nullable(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminLeague = z.infer<typeof AdminLeague>

export const SaveLeagueResult = z.object({
  league: AdminLeague,
  offered: z.number().int().describe('waitlisted people offered a place because the capacity went up'),
})
export type SaveLeagueResult = z.infer<typeof SaveLeagueResult>

export const listAdminLeagues = contract({
  method: 'GET',
  url: '/api/admin/leagues',
  access: 'staff',
  summary: 'Every league, open ones first, with places taken, waitlist and registrations by status',
  responses: { 200: z.object({ leagues: z.array(AdminLeague) }) },
})

export const createLeague = contract({
  method: 'POST',
  url: '/api/admin/leagues',
  access: 'admin',
  summary: 'Create a league from the league form',
  body: formBody(LeagueForm),
  responses: { 201: SaveLeagueResult },
})

export const updateLeague = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId',
  access: 'admin',
  summary: 'Change a league: the fields sent replace those saved; a higher capacity offers places to the waitlist at once',
  params: z.object({ leagueId: pathId }),
  body: formBody(LeagueForm, { partial: true }),
  responses: { 200: SaveLeagueResult },
})
