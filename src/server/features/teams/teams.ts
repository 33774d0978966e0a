import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam, toIso } from '../../db/values.ts'
import { registrationWindow } from '../../../shared/registration-window.ts'
import { isStaff, type Role } from '../../../shared/roles.ts'
import { playersPayFee, TEAM_MESSAGES, teamNameKey } from '../../../shared/schemas/team.ts'
import type { TeamView } from '../../../shared/contracts/teams.ts'
import { conflict, HttpError, notFound } from '../../http/errors.ts'
import { enqueueEmail } from '../mail/outbox.queries.ts'
import { admit, takePlace } from '../registrations/engine.ts'
import { findRosterPlaces, findTeamPlaces, receiptPrefixOf, type Offering } from '../registrations/offerings.queries.ts'
import { endRegistration } from '../registrations/registration-changes.ts'
import type { WaitlistContext } from '../registrations/waitlist.ts'
import { newInviteNonce, type Invites } from './invites.ts'
import { playerJoinedEmail, teamCompleteEmail } from './team-emails.ts'
import { playerFeeProduct } from './team-places.ts'
import { enteredTeam, findTeamRow, placeInLeague, teamNameTaken, teamState, type TeamState } from './teams.queries.ts'

/**
 * Teams on the registration engine (docs/decisions/0015): a team takes a team place of its
 * league (or the team waitlist), its captain and players take roster places of the team. Each
 * rule is checked before the transaction for a clear message, and held by the database inside
 * it (unique team names, one place per league and person, the conditional capacity UPDATE), so
 * racing requests cannot break it; a lost race is answered with the rule's message.
 */

export interface TeamRequest {
  userId: string
  idempotencyKey: string | null
  now: Date
  /** The facility day. */
  today: string
  siteUrl: string
}

/** Creates a team with its captain on the roster; a repeat of the same request answers the same team. */
export async function createTeam(db: Db, req: TeamRequest & { leagueId: string; name: string }): Promise<{ teamId: string; created: boolean }> {
  const places = await findTeamPlaces(db, req.leagueId)
  if (!places) throw notFound(TEAM_MESSAGES.notTeamLeague)
  const admission = await admit(db, places, { userId: req.userId, childId: null, today: req.today })
  const nameKey = teamNameKey(req.name)
  const refusal = async (): Promise<{ teamId: string; created: false } | HttpError | undefined> => {
    const mine = await enteredTeam(db, req.leagueId, req.userId)
    if (mine) return mine.nameKey === nameKey ? { teamId: mine.id, created: false } : conflict(TEAM_MESSAGES.alreadyCaptain)
    if (await placeInLeague(db, req.leagueId, req.userId)) return conflict(TEAM_MESSAGES.alreadyOnTeam)
    if (await teamNameTaken(db, req.leagueId, nameKey)) return conflict(TEAM_MESSAGES.nameTaken)
    return undefined
  }
  const refused = await refusal()
  if (refused instanceof HttpError) throw refused
  if (refused) return refused

  const league = await db.kysely.selectFrom('leagues').select(['rosterMax', 'teamPayment']).where('id', '=', req.leagueId).executeTakeFirstOrThrow()
  const teamId = randomUUID()
  try {
    await inTransaction(db, async (tx) => {
      const at = timestampParam(tx.dialect, req.now)
      await tx.kysely
        .insertInto('teams')
        .values({ id: teamId, leagueId: req.leagueId, name: req.name, nameKey, captainUserId: req.userId, inviteNonce: newInviteNonce(), createdAt: at, updatedAt: at })
        .execute()
      await tx.kysely
        .insertInto('offerings')
        .values({
          id: randomUUID(),
          kind: 'roster-place',
          leagueId: req.leagueId,
          academyId: null,
          teamId,
          productId: playersPayFee(league.teamPayment) ? await playerFeeProduct(tx, req.leagueId) : null,
          capacity: league.rosterMax,
          receiptPrefix: receiptPrefixOf(teamId),
          createdAt: at,
        })
        .execute()
      await takePlace(tx, { ...admission, ...req, offering: places, teamId })
      const roster = await findRosterPlaces(tx, teamId)
      if (!roster) throw new Error(`team ${teamId} has no roster inside its own transaction`)
      await takePlace(tx, { ...admission, ...req, idempotencyKey: null, offering: roster, whenFull: TEAM_MESSAGES.rosterFull, quiet: true })
    })
  } catch (error) {
    // Lost a race: another request made this team, took the name, or put this person on a team.
    const lost = await refusal()
    if (lost instanceof HttpError) throw lost
    if (lost) return lost
    throw error
  }
  return { teamId, created: true }
}

/**
 * A person joins a team through its invite link, while the roster has room and before its
 * deadline; the captain is told, and told again when the team becomes complete.
 */
export async function joinTeam(
  db: Db,
  invites: Invites,
  req: TeamRequest & { leagueId: string; teamId: string; invite: string },
): Promise<{ created: boolean }> {
  const team = await findTeamRow(db, req.leagueId, req.teamId)
  if (!team || !invites.matches(team, req.invite)) throw notFound(TEAM_MESSAGES.badInvite)
  const roster = await findRosterPlaces(db, team.id)
  if (!roster) throw notFound(TEAM_MESSAGES.badInvite)
  const place = await placeInLeague(db, req.leagueId, req.userId)
  if (place?.teamId === team.id) return { created: false }
  if (place) throw conflict(TEAM_MESSAGES.alreadyOnTeam)
  const admission = await admit(db, roster, { userId: req.userId, childId: null, today: req.today })
  try {
    const result = await inTransaction(db, async (tx) => {
      const before = await teamState(tx, req.leagueId, team.id)
      const joined = await takePlace(tx, { ...admission, ...req, offering: roster, whenFull: TEAM_MESSAGES.rosterFull })
      if (before && joined.created) await tellCaptain(tx, before, req.siteUrl, req.now, joined.registration.registrantName)
      return joined
    })
    return { created: result.created }
  } catch (error) {
    if (!(error instanceof HttpError) && (await placeInLeague(db, req.leagueId, req.userId))) throw conflict(TEAM_MESSAGES.alreadyOnTeam)
    throw error
  }
}

/**
 * Runs `change` to a registration (a payment, say) in one transaction with the news it makes for
 * its team, if it has one: the captain hears when the team became complete.
 */
export async function withTeamNews<T>(db: Db, registrationId: string, opts: { siteUrl: string; now: Date }, change: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    const team = await tx.kysely
      .selectFrom('registrations as r')
      .innerJoin('teams as t', 't.id', 'r.teamId')
      .select(['t.id', 't.leagueId'])
      .where('r.id', '=', registrationId)
      .executeTakeFirst()
    const before = team && (await teamState(tx, team.leagueId, team.id))
    const result = await change(tx)
    if (before) await tellCaptain(tx, before, opts.siteUrl, opts.now, null)
    return result
  })
}

/** After a change to a team: the captain hears who joined, and when the team became complete. */
async function tellCaptain(tx: Db, before: TeamState, siteUrl: string, now: Date, joined: string | null): Promise<void> {
  const after = await teamState(tx, before.team.leagueId, before.team.id)
  if (!after) return
  const captain = await tx.kysely.selectFrom('users').select(['displayName as name', 'email']).where('id', '=', after.team.captainUserId).executeTakeFirstOrThrow()
  const names = { ...after.team }
  const playing = after.players.filter((p) => p.status === 'confirmed').length
  if (joined) await enqueueEmail(tx, playerJoinedEmail(siteUrl, names, captain, joined, playing), now)
  if (before.status !== 'complete' && after.status === 'complete') await enqueueEmail(tx, teamCompleteEmail(siteUrl, names, captain), now)
}

/** Whether `viewer` may see the team: its captain, a player on it, or staff. Anyone else: not found. */
export function canSee(state: TeamState, viewer: { id: string; role: Role }): boolean {
  return isStaff(viewer.role) || state.team.captainUserId === viewer.id || state.players.some((p) => p.userId === viewer.id)
}

/** Whether `viewer` may manage the team: its captain, or staff. */
export function canManage(state: TeamState, viewer: { id: string; role: Role }): boolean {
  return isStaff(viewer.role) || state.team.captainUserId === viewer.id
}

/** The roster is open to joins and captains' changes until its deadline (or registration's end). */
export function rosterOpen(roster: Offering | undefined, today: string): boolean {
  return roster !== undefined && registrationWindow(roster, today) === 'open'
}

/** A team as `viewer` sees it: contact, waiver and payment details and the invite link for its captain and staff. */
export function teamView(state: TeamState, viewer: { id: string; role: Role }, opts: { invites: Invites; siteUrl: string; rosterOpen: boolean }): TeamView {
  const manager = canManage(state, viewer)
  const captain = state.players.find((p) => p.userId === state.team.captainUserId)
  const captainName = captain?.name ?? ''
  return {
    id: state.team.id,
    name: state.team.name,
    leagueId: state.team.leagueId,
    leagueName: state.team.leagueName,
    sport: state.team.sport,
    status: state.status,
    captain: { userId: state.team.captainUserId, name: captainName, firstName: captainName.split(/\s+/)[0] ?? '' },
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

/** A new invite link: the old one stops working at once. */
export async function regenerateInvite(db: Db, teamId: string, now: Date): Promise<void> {
  await db.kysely.updateTable('teams').set({ inviteNonce: newInviteNonce(), updatedAt: timestampParam(db.dialect, now) }).where('id', '=', teamId).execute()
}

/** Takes a player off the roster (never the captain: hand the captaincy over first). */
export async function removePlayer(db: Db, state: TeamState, registrationId: string, actorId: string, ctx: WaitlistContext): Promise<void> {
  const player = state.players.find((p) => p.registrationId === registrationId)
  if (!player) {
    const past = await db.kysely.selectFrom('registrations').select('id').where('id', '=', registrationId).where('teamId', '=', state.team.id).executeTakeFirst()
    throw past ? conflict('This player has already left the team.') : notFound('There is no such player on this team.')
  }
  if (player.userId === state.team.captainUserId) throw conflict('The captain cannot be removed. Hand the captaincy to another player first.')
  const ended = await endRegistration(db, registrationId, 'cancelled', { actorId, refund: false, ctx })
  if (!ended) throw conflict('This player has already left the team.')
}

/** Hands the captaincy to a player on the roster. */
export async function changeCaptain(db: Db, state: TeamState, registrationId: string, now: Date): Promise<void> {
  const player = state.players.find((p) => p.registrationId === registrationId && p.status === 'confirmed')
  if (!player) throw notFound('Choose a player on this team’s roster.')
  await db.kysely
    .updateTable('teams')
    .set({ captainUserId: player.userId, updatedAt: timestampParam(db.dialect, now) })
    .where('id', '=', state.team.id)
    .execute()
}
