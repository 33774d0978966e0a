import { z } from 'zod'
import { REGISTRATION_STATUSES } from '../schemas/registration.ts'
import { CreateTeamForm, INVITE_LIMITS, InviteEmailsForm, StaffTeamForm, TEAM_PAYMENTS, TEAM_STATUSES } from '../schemas/team.ts'
import { SPORTS } from '../sports.ts'
import { contract, formBody, pathId } from './contract.ts'
import { HistoryEntry, Payment, Receipt } from './registrations.ts'
import { TeamGame } from './open-schedule.ts'

/** A team league open for new teams, on /createTeam and /adultBasketball. */
export const TeamLeague = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS),
  description: z.string().nullable(),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day to register a team'),
  registrationDeadline: z.string().nullable().describe('YYYY-MM-DD, the last day; null: the day before startDate'),
  rosterDeadline: z.string().nullable().describe('YYYY-MM-DD, the last day captains change their rosters'),
  startDate: z.string(),
  endDate: z.string(),
  rosterMin: z.number().int().nullable(),
  rosterMax: z.number().int().nullable(),
  teamPayment: z.enum(TEAM_PAYMENTS),
  teamFeeCents: z.number().int().nullable().describe('what the captain pays, when captains pay'),
  playerFeeCents: z.number().int().nullable().describe('what each player pays, when players pay'),
  teamPlacesLeft: z.number().int().nullable().describe('null when the league takes any number of teams'),
  teamWaitlistSize: z.number().int(),
  schedulePublished: z.boolean().describe('its schedule and standings are open at /schedule/:leagueId'),
})
export type TeamLeague = z.infer<typeof TeamLeague>

/** A player on a roster. Contact, waiver and payment details go to the captain and staff only. */
export const RosterPlayer = z.object({
  registrationId: z.string(),
  userId: z.string(),
  name: z.string(),
  isCaptain: z.boolean(),
  status: z.enum(REGISTRATION_STATUSES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  waiverSigned: z.boolean().nullable(),
  priceCents: z.number().int().nullable(),
  paidCents: z.number().int().nullable(),
  balanceCents: z.number().int().nullable(),
  joinedAt: z.string(),
})
export type RosterPlayer = z.infer<typeof RosterPlayer>

/** A team as its captain, its players and staff see it. */
export const TeamView = z.object({
  id: z.string(),
  name: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  sport: z.enum(SPORTS),
  status: z.enum(TEAM_STATUSES),
  captain: z.object({ userId: z.string().nullable().describe('null while the place is held for the captain'), name: z.string(), firstName: z.string() }),
  hold: z
    .object({ captainEmail: z.string(), expiresAt: z.string() })
    .nullable()
    .describe('staff hold the team’s place for this captain until then (staff only)'),
  rosterMin: z.number().int().nullable(),
  rosterMax: z.number().int().nullable(),
  rosterDeadline: z.string().nullable().describe('YYYY-MM-DD: the last day the captain changes the roster'),
  rosterOpen: z.boolean().describe('whether players may still join and the captain change the roster'),
  teamPayment: z.enum(TEAM_PAYMENTS),
  entry: z
    .object({
      registrationId: z.string(),
      status: z.enum(REGISTRATION_STATUSES),
      receiptNumber: z.string(),
      waitlistPosition: z.number().int().nullable(),
      offerExpiresAt: z.string().nullable(),
      priceCents: z.number().int(),
      paidCents: z.number().int(),
      balanceCents: z.number().int(),
    })
    .nullable()
    .describe('the team’s place in the league and its team fee; null while held for its captain'),
  players: z.array(RosterPlayer),
  viewer: z.object({
    isCaptain: z.boolean(),
    isStaff: z.boolean(),
    registrationId: z.string().nullable().describe('the viewer’s own place on the roster'),
  }),
  inviteUrl: z.string().nullable().describe('the private invite link: the captain and staff only'),
  createdAt: z.string(),
})
export type TeamView = z.infer<typeof TeamView>

/** What a person opening an invite link sees before joining. */
export const Invitation = z.object({
  teamId: z.string(),
  teamName: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  sport: z.enum(SPORTS),
  startDate: z.string(),
  endDate: z.string(),
  captainFirstName: z.string(),
  playerCount: z.number().int(),
  rosterMax: z.number().int().nullable(),
  rosterFull: z.boolean(),
  rosterOpen: z.boolean(),
  rosterDeadline: z.string().nullable(),
  playerFeeCents: z.number().int().nullable().describe('what a player pays on joining; null when the captain pays'),
  heldFor: z.string().nullable().describe('the team waits for its captain to complete it: their email, partly hidden'),
  teamFeeCents: z.number().int().nullable().describe('what the captain pays, when captains pay'),
})
export type Invitation = z.infer<typeof Invitation>

/** A team on the account page and /createTeam: the viewer's own. */
export const MyTeam = z.object({
  id: z.string(),
  name: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  status: z.enum(TEAM_STATUSES),
  isCaptain: z.boolean(),
  playerCount: z.number().int(),
  rosterMax: z.number().int().nullable(),
  heldForYou: z
    .object({ until: z.string(), claimPath: z.string().describe('the page that completes the team, with its invite') })
    .nullable()
    .describe('staff hold the team’s place for you until then'),
  schedulePublished: z.boolean().describe('whether the league’s schedule is out'),
  nextGame: TeamGame.nullable().describe('the team’s next game in the published schedule; null before it is out and after the last game'),
})
export type MyTeam = z.infer<typeof MyTeam>

/** A team in staff lists (/teamsView, a league's page). */
export const TeamSummary = z.object({
  id: z.string(),
  name: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  sport: z.enum(SPORTS),
  status: z.enum(TEAM_STATUSES),
  captainName: z.string(),
  captainEmail: z.string(),
  playerCount: z.number().int(),
  rosterMax: z.number().int().nullable(),
  owedCents: z.number().int().describe('what the team and its players still owe'),
  waitlistPosition: z.number().int().nullable(),
  createdAt: z.string(),
})
export type TeamSummary = z.infer<typeof TeamSummary>

const teamIds = z.object({ leagueId: pathId, teamId: pathId })
const teamAnswer = z.object({ team: TeamView })
export const INCOMPLETE_INVITE = 'The invite link is incomplete: open the whole link the captain sent.'
const inviteCode = z.string({ error: INCOMPLETE_INVITE }).min(1, { error: INCOMPLETE_INVITE }).describe('the invite code of the link the captain sent')

/** A body field the caller must choose, with the words a person reads when it is missing. */
const chosen = (message: string) => z.string({ error: message }).min(1, { error: message })
const invite = z.string({ error: INCOMPLETE_INVITE }).min(1, { error: INCOMPLETE_INVITE })

export const listTeamLeagues = contract({
  method: 'GET',
  url: '/api/leagues/teams',
  access: 'open',
  summary: 'The team leagues open for new teams, of one sport or all, with fees, team places left and waitlist',
  query: z.object({
    sport: z
      .enum(SPORTS, { error: (issue) => `Unknown sport "${String(issue.input)}". Choose one of: ${SPORTS.join(', ')}.` })
      .optional(),
  }),
  responses: { 200: z.object({ leagues: z.array(TeamLeague) }) },
})

export const createTeam = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams',
  access: 'login',
  summary: 'Create a team and become its captain: a team place while places last, the team waitlist after',
  params: z.object({ leagueId: pathId }),
  body: formBody(CreateTeamForm),
  responses: { 200: teamAnswer, 201: teamAnswer },
})

export const myTeams = contract({
  method: 'GET',
  url: '/api/teams/mine',
  access: 'login',
  summary: 'The teams you captain or play on',
  responses: { 200: z.object({ teams: z.array(MyTeam) }) },
})

export const getTeam = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/teams/:teamId',
  access: 'owner',
  summary: 'A team with its roster (its captain, its players and staff)',
  params: teamIds,
  responses: { 200: teamAnswer },
})

export const getInvitation = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/teams/:teamId/invitation',
  access: 'open',
  summary: 'What an invite link offers: the league, the team, its captain’s first name and roster room',
  params: teamIds,
  query: z.object({ invite }),
  responses: { 200: z.object({ invitation: Invitation }) },
})

export const joinTeam = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/players',
  access: 'login',
  summary: 'Join a team through its invite link (send an Idempotency-Key)',
  params: teamIds,
  // Checked after the guard, so a visitor hears first that they must sign in.
  body: z.object({ invite: inviteCode }, { error: 'Send the invite as a JSON object.' }),
  responses: { 200: teamAnswer, 201: teamAnswer },
})

export const regenerateInvite = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/invite',
  access: 'owner',
  summary: 'A new invite link for the team; the old one stops working (its captain and staff)',
  params: teamIds,
  responses: { 200: teamAnswer },
})

export const sendInvites = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/invite/emails',
  access: 'owner',
  summary: `Email the invite link to up to ${INVITE_LIMITS.perRequest} addresses at once, ${INVITE_LIMITS.perTeamPerDay} a day per team (its captain and staff)`,
  params: teamIds,
  body: formBody(InviteEmailsForm),
  responses: { 200: z.object({ sent: z.array(z.string()) }) },
})

export const removePlayer = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/players/:registrationId/remove',
  access: 'owner',
  summary: 'Take a player off the roster: the captain before the roster deadline, staff at any time',
  params: teamIds.extend({ registrationId: pathId }),
  responses: { 200: teamAnswer },
})

export const changeCaptain = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/captain',
  access: 'owner',
  summary: 'Hand the captaincy to a player on the roster (its captain and staff)',
  params: teamIds,
  body: z.object({ registrationId: chosen('Choose the player who becomes captain.') }, { error: 'Send the new captain as a JSON object.' }),
  responses: { 200: teamAnswer },
})

export const teamReceipt = contract({
  method: 'GET',
  url: '/api/receipts/user/:userId/league/:leagueId/team/:teamId',
  access: 'owner',
  summary: 'The receipt of a person’s team entry or roster place (its owner and staff)',
  params: z.object({ userId: pathId, leagueId: pathId, teamId: pathId }),
  responses: { 200: z.object({ receipt: Receipt }) },
})

export const listTeams = contract({
  method: 'GET',
  url: '/api/admin/teams',
  access: 'staff',
  summary: 'Every team of every league (or of one), with status, roster count, captain and amount owed',
  query: z.object({ leagueId: z.string().optional() }),
  responses: { 200: z.object({ teams: z.array(TeamSummary) }) },
})

export const exportTeams = contract({
  method: 'GET',
  url: '/api/admin/teams.csv',
  access: 'admin',
  summary: 'The same list as a CSV file, for a spreadsheet',
  query: z.object({ leagueId: z.string().optional() }),
  responses: { 200: z.string() },
  contentType: 'text/csv',
})

export const createHeldTeam = contract({
  method: 'POST',
  url: '/api/admin/teams',
  access: 'staff',
  summary: 'Create a team from the soccer team waitlist: its place is held for the captain, who is emailed the link to complete it',
  body: formBody(StaffTeamForm),
  responses: { 201: z.object({ team: TeamSummary }) },
})

export const claimTeam = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/claim',
  access: 'login',
  summary: 'The captain a team is held for completes it: the team place and the first roster place',
  params: teamIds,
  body: z.object({ invite: inviteCode }, { error: 'Send the invite as a JSON object.' }),
  responses: { 200: teamAnswer },
})

/** A team league's rosters and the free agents to place, for /manageLeaguePlayers. */
export const LeaguePlayers = z.object({
  league: z.object({ id: z.string(), name: z.string(), sport: z.enum(SPORTS), rosterMax: z.number().int().nullable() }),
  teams: z.array(
    TeamSummary.extend({
      players: z.array(
        z.object({
          registrationId: z.string(),
          userId: z.string(),
          name: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
          status: z.enum(REGISTRATION_STATUSES),
          balanceCents: z.number().int(),
        }),
      ),
    }),
  ),
  freeAgents: z.array(
    z.object({
      registrationId: z.string(),
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      fromLeagueId: z.string(),
      fromLeagueName: z.string().describe('the league they signed up in as a free agent'),
      paidCents: z.number().int(),
      balanceCents: z.number().int(),
      signedUpAt: z.string(),
    }),
  ),
})
export type LeaguePlayers = z.infer<typeof LeaguePlayers>

export const listLeaguePlayers = contract({
  method: 'GET',
  url: '/api/admin/leagues/:leagueId/players',
  access: 'staff',
  summary: 'A team league’s teams with their rosters, and the free agents of its sport to place on them',
  params: z.object({ leagueId: pathId }),
  responses: { 200: LeaguePlayers },
})

export const movePlayer = contract({
  method: 'POST',
  url: '/api/admin/players/:registrationId/move',
  access: 'staff',
  summary: 'Place a free agent on a team, or move a player to another team of the league (roster maximum respected; payments move along)',
  params: z.object({ registrationId: pathId }),
  // Checked after the guard, so a visitor hears first that they must sign in.
  body: z.object({ teamId: chosen('Choose the team.') }, { error: 'Send the team as a JSON object.' }),
  responses: { 200: z.object({ registrationId: z.string() }) },
})

/** A player on a roster as staff (and the player) see them: contact, waiver, place, payments, moves. */
export const PlayerView = z.object({
  registrationId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  teamId: z.string(),
  teamName: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  isCaptain: z.boolean(),
  status: z.enum(REGISTRATION_STATUSES),
  receiptNumber: z.string(),
  priceCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  waiver: z.object({ version: z.number().int(), signed: z.boolean(), signedAt: z.string().nullable() }),
  payments: z.array(Payment),
  history: z.array(HistoryEntry.extend({ place: z.string().describe('the place the entry is about: a league or a team') })),
})
export type PlayerView = z.infer<typeof PlayerView>

export const getPlayer = contract({
  method: 'GET',
  url: '/api/leagues/:leagueId/teams/:teamId/players/:playerId',
  access: 'owner',
  summary: 'A player on a roster: contact, waiver, registration, payments and the history of moves (staff and the player)',
  params: z.object({ leagueId: pathId, teamId: pathId, playerId: pathId.describe('the roster registration id') }),
  responses: { 200: z.object({ player: PlayerView }) },
})

/** One row of a team import, with what it would do or did. */
export const ImportRow = z.object({
  line: z.number().int().describe('the line of the file or text'),
  name: z.string(),
  captainEmail: z.string(),
  players: z.array(z.string()),
  outcome: z.enum(['create', 'exists', 'error']).describe('create: a new team; exists: already in the league, skipped; error: see message'),
  message: z.string().nullable(),
})
export type ImportRow = z.infer<typeof ImportRow>

export const importTeams = contract({
  method: 'POST',
  url: '/api/admin/teams/import',
  access: 'staff',
  summary: 'Add teams from CSV text (team name, captain email, player emails): a dry run unless commit is true, and no write while any row is bad',
  // 100 KB of text, which JSON may write at twice its length (line breaks and quotes escaped).
  bodyLimit: 256 * 1024,
  // Checked after the guard (http/access.ts), so a visitor hears first that they must sign in.
  body: z.object(
    {
      leagueId: chosen('Choose the league.'),
      text: z
        .string({ error: 'Type the teams or choose a CSV file.' })
        .max(100_000, { error: 'The file is too large: send at most 100 KB.' })
        .refine((text) => text.trim() !== '', { error: 'Type the teams or choose a CSV file.' }),
      commit: z.boolean().optional(),
    },
    { error: 'Send the import as a JSON object.' },
  ),
  responses: { 200: z.object({ rows: z.array(ImportRow), committed: z.boolean() }) },
})

export const renameTeam = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/teams/:teamId/name',
  access: 'owner',
  summary: 'Rename a team; names stay unique in the league (its captain and staff)',
  params: teamIds,
  body: formBody(CreateTeamForm),
  responses: { 200: teamAnswer },
})
