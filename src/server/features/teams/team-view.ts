import { toIso } from '../../db/values.ts'
import { isStaff, type Role } from '../../../shared/roles.ts'
import type { TeamView } from '../../../shared/contracts/teams.ts'
import { type Invites } from './invites.ts'
import { type TeamState } from './teams.queries.ts'

/** Who may see and manage a team, and the team as each of them sees it. */

/** Whether `viewer` may see the team: its captain, a player on it, or staff. Anyone else: not found. */
export function canSee(state: TeamState, viewer: { id: string; role: Role }): boolean {
  return isStaff(viewer.role) || state.team.captainUserId === viewer.id || state.players.some((p) => p.userId === viewer.id)
}

/** Whether `viewer` may manage the team: its captain, or staff. */
export function canManage(state: TeamState, viewer: { id: string; role: Role }): boolean {
  return isStaff(viewer.role) || state.team.captainUserId === viewer.id
}

/** A team as `viewer` sees it: contact, waiver and payment details and the invite link for its captain and staff. */
export function teamView(state: TeamState, viewer: { id: string; role: Role }, opts: { invites: Invites; siteUrl: string; rosterOpen: boolean }): TeamView {
  const manager = canManage(state, viewer)
  const captain = state.players.find((p) => p.userId === state.team.captainUserId)
  const captainName = captain?.name ?? (isStaff(viewer.role) ? (state.team.captainEmail ?? '') : '')
  const held = state.team.captainUserId === null && state.team.holdExpiresAt !== null
  return {
    id: state.team.id,
    name: state.team.name,
    leagueId: state.team.leagueId,
    leagueName: state.team.leagueName,
    sport: state.team.sport,
    status: state.status,
    captain: { userId: state.team.captainUserId, name: captainName, firstName: captainName.split(/\s+/)[0] ?? '' },
    hold: held && isStaff(viewer.role) ? { captainEmail: state.team.captainEmail ?? '', expiresAt: toIso(state.team.holdExpiresAt!) } : null,
    rosterMin: state.team.rosterMin,
    rosterMax: state.team.rosterMax,
    rosterDeadline: state.team.rosterDeadline,
    rosterOpen: opts.rosterOpen,
    teamPayment: state.team.teamPayment,
    entry: state.entry,
    players: state.players.map((p) => ({
      registrationId: p.registrationId,
      userId: p.userId,
      name: p.name,
      isCaptain: p.userId === state.team.captainUserId,
      status: p.status,
      joinedAt: p.joinedAt,
      email: manager ? p.email : null,
      phone: manager ? p.phone : null,
      waiverSigned: manager ? p.waiverSigned : null,
      priceCents: manager || p.userId === viewer.id ? p.priceCents : null,
      paidCents: manager || p.userId === viewer.id ? p.paidCents : null,
      balanceCents: manager || p.userId === viewer.id ? p.balanceCents : null,
    })),
    viewer: {
      isCaptain: state.team.captainUserId === viewer.id,
      isStaff: isStaff(viewer.role),
      registrationId: state.players.find((p) => p.userId === viewer.id)?.registrationId ?? null,
    },
    inviteUrl: manager ? opts.invites.urlOf(opts.siteUrl, state.team) : null,
    createdAt: toIso(state.team.createdAt),
  }
}
