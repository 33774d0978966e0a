import { countOf } from '../format.ts'
import type { FormSpec } from '../validation/rules.ts'
import type { RegistrationStatus } from './registration.ts'

/**
 * Teams of team leagues (docs/decisions/0015): how a league is paid, the status a team shows,
 * and the forms captains fill in. A team is shown in src/shared/contracts/teams.ts.
 */

/** Who pays in a team league: the captain a team fee, each player a player fee, or both. */
export const TEAM_PAYMENTS = ['team-fee', 'player-fee', 'deposit-and-player-fee'] as const
export type TeamPayment = (typeof TEAM_PAYMENTS)[number]

export const TEAM_PAYMENT_LABELS: Record<TeamPayment, string> = {
  'team-fee': 'The captain pays a team fee',
  'player-fee': 'Each player pays a player fee',
  'deposit-and-player-fee': 'The captain pays a team deposit, and each player a player fee',
}

export const teamPaysFee = (payment: TeamPayment | null): boolean => payment === 'team-fee' || payment === 'deposit-and-player-fee'
export const playersPayFee = (payment: TeamPayment | null): boolean => payment === 'player-fee' || payment === 'deposit-and-player-fee'

/**
 * Held while staff keep a team place for a captain who has not claimed it yet (/createTeamAdmin).
 * Forming until the roster minimum is reached and the fees the league asks are paid; a team
 * whose league was full waits, or has a place offered to claim; a withdrawn team has ended.
 */
export const TEAM_STATUSES = ['held', 'forming', 'complete', 'waitlisted', 'offered', 'withdrawn'] as const
export type TeamStatus = (typeof TEAM_STATUSES)[number]

export const TEAM_STATUS_LABELS: Record<TeamStatus, string> = {
  held: 'Held for its captain',
  forming: 'Forming',
  complete: 'Complete',
  waitlisted: 'Waitlisted',
  offered: 'Place offered',
  withdrawn: 'Withdrawn',
}

/** A team's players against its roster maximum: "8 of 12 players", or "8 players" where the league sets none. */
export function playersText({ playerCount, rosterMax }: { playerCount: number; rosterMax: number | null }): string {
  return rosterMax === null ? countOf(playerCount, 'player') : `${playerCount} of ${countOf(rosterMax, 'player')}`
}

/** Staff create a team from the soccer team waitlist, holding its place for the captain. */
export const StaffTeamForm = {
  leagueId: { label: 'League', rules: 'required' },
  name: { label: 'Team name', rules: 'required|line|max:60' },
  captainEmail: { label: 'Captain’s email', rules: 'required|email' },
} as const satisfies FormSpec

export const CreateTeamForm = {
  name: { label: 'Team name', rules: 'required|line|max:60' },
} as const satisfies FormSpec

/** How many invite emails a team's captain may send: per request, and per team and facility day (issue 21). */
export const INVITE_LIMITS = { perRequest: 20, perTeamPerDay: 50 } as const

/**
 * A team name as it may stand in an email subject: letters, digits, spaces, apostrophes,
 * ampersands and hyphens only, at most 40 characters, so a name cannot carry a link or a shout.
 */
export function cleanTeamName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} '&-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim()
}

/** Addresses to email the invite link to, separated by commas, spaces or lines. */
export const InviteEmailsForm = {
  emails: { label: 'Email addresses', rules: 'required|max:2000' },
} as const satisfies FormSpec

export const TEAM_MESSAGES = {
  nameTaken: 'A team with this name already plays in this league. Choose another name.',
  alreadyCaptain: 'You already captain a team in this league.',
  alreadyOnTeam: 'You are already on a team in this league.',
  rosterFull: 'This team’s roster is full.',
  badInvite: 'This invite link is no longer valid. Ask the captain for the current link.',
  rosterClosed: 'The roster deadline has passed: only the facility’s staff can change this roster now.',
  notTeamLeague: 'This league is not open for teams.',
  noPlaceToHold: 'No team place is free in this league: the team stays on the waitlist until one is.',
  holdGone: 'This team’s place is no longer held. Contact the facility.',
  teamWithdrawn: 'This team was withdrawn from its league: its invite link no longer works. Ask the captain, or join another team.',
  captainStays: 'This player captains the team. Name a new captain first, then move or remove them.',
  notOnRoster: 'Choose a player on this team’s roster.',
  heldForCaptain: 'This team’s place is held for its captain, who has not completed the team yet. You can join once they have.',
  noNewTeams: 'The roster deadline of this league has passed: no new teams can be created.',
} as const

/**
 * A team's status from its place in the league and its roster (never stored, so it cannot
 * disagree): complete once the roster minimum plays and nothing is owed, the team fee included.
 */
export function teamStatusOf(
  entry: { status: RegistrationStatus; balanceCents: number },
  players: readonly { status: RegistrationStatus; balanceCents: number }[],
  rosterMin: number | null,
): TeamStatus {
  if (entry.status === 'waitlisted') return 'waitlisted'
  if (entry.status === 'offered') return 'offered'
  // An entry held awaiting its fee is forming: its place is the team's, the fee still owed.
  if (entry.status !== 'confirmed' && entry.status !== 'held') return 'withdrawn'
  const onRoster = players.filter((p) => p.status === 'confirmed' || p.status === 'held')
  const paid = entry.balanceCents <= 0 && onRoster.every((p) => p.balanceCents <= 0)
  return onRoster.length >= (rosterMin ?? 1) && paid ? 'complete' : 'forming'
}
