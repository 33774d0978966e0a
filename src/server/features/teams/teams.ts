import { randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { inTransaction, type Write } from '../../db/transaction.ts'
import { boolParam, timestampParam, toIso } from '../../db/values.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { registrationWindow } from '../../../shared/registration-window.ts'
import { isStaff, type Role } from '../../../shared/roles.ts'
import { INVITE_LIMITS, TEAM_MESSAGES, teamNameKey } from '../../../shared/schemas/team.ts'
import { ACTIVE_STATUSES } from '../../../shared/schemas/registration.ts'
import type { TeamView } from '../../../shared/contracts/teams.ts'
import { conflict, notFound, Refusal, tooMany } from '../../core/refusals.ts'
import { enqueueEmail, enqueueEmails } from '../mail/outbox.queries.ts'
import { holdOffering, releasePlace, takeFreePlace } from '../registrations/capacity.ts'
import { admit, admitParticipant, firstPlaces, takePlace, type PlaceNews, type PlaceRequest } from '../registrations/engine.ts'
import { findRosterPlaces, findTeamPlaces, type Offering } from '../registrations/offerings.queries.ts'
import { endRegistration } from '../registrations/registration-changes.ts'
import { logEvent } from '../registrations/registrations.queries.ts'
import { offerFreePlaces, type WaitlistContext } from '../registrations/waitlist.ts'
import { newInviteNonce, type Invites } from './invites.ts'
import { heldTeamEmail, holdReleasedEmail, inviteEmail, playerJoinedEmail, rosterReminderEmail, teamCompleteEmail } from './team-emails.ts'
import { rosterInsert, rosterOf } from './team-places.ts'
import { enteredTeam, findTeamRow, isCaptain, placeInLeague, teamNameTaken, teamState, type TeamState } from './teams.queries.ts'

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
  facilityName: string
}

/** Creates a team with its captain on the roster; a repeat of the same request answers the same team. */
export async function createTeam(db: Db, req: TeamRequest & { leagueId: string; name: string }): Promise<{ teamId: string; created: boolean }> {
  const places = await findTeamPlaces(db, req.leagueId)
  if (!places) throw notFound(TEAM_MESSAGES.notTeamLeague)
  const admission = await admit(db, places, { userId: req.userId, childId: null, today: req.today })
  const nameKey = teamNameKey(req.name)
  const refusal = async (): Promise<{ teamId: string; created: false } | Refusal | undefined> => {
    const mine = await enteredTeam(db, req.leagueId, req.userId)
    if (mine) return mine.nameKey === nameKey ? { teamId: mine.id, created: false } : conflict(TEAM_MESSAGES.alreadyCaptain)
    if (await placeInLeague(db, req.leagueId, req.userId)) return conflict(TEAM_MESSAGES.alreadyOnTeam)
    if (await teamNameTaken(db, req.leagueId, nameKey)) return conflict(TEAM_MESSAGES.nameTaken)
    return undefined
  }
  const refused = await refusal()
  if (refused instanceof Refusal) throw refused
  if (refused) return refused

  const teamId = randomUUID()
  const roster = await rosterOf(db, places, teamId)
  if (!rosterOpen(roster, req.today)) throw conflict(TEAM_MESSAGES.noNewTeams)
  const team = { ...newTeamRow(db, { id: teamId, leagueId: req.leagueId, name: req.name, now: req.now }), captainUserId: req.userId, captainEmail: null, holdExpiresAt: null }
  const captain = { ...admission, ...req, idempotencyKey: null, offering: roster, whenFull: TEAM_MESSAGES.rosterFull, quiet: true }
  // The team, its roster and the captain's place on it are written with the team's entry, so
  // captains entering teams together share one transaction (the engine's group).
  const entry = await takePlace(db, { ...admission, ...req, offering: places, teamId, prelude: { part: { team, captain }, rows: newTeamsRows } }).then(
    (taken) => taken.created,
    (error: unknown) => error,
  )
  if (entry === true) return { teamId, created: true }
  // A repeat, or a lost race: another request made this team, took the name, or put this person on a team.
  const lost = await refusal()
  if (lost instanceof Refusal) throw lost
  if (lost) return lost
  throw entry === false ? new Error(`the team place of ${req.userId} in ${req.leagueId} was answered without a team`) : entry
}

/** A new team's row without its captain: its name (and the key that keeps names unique), a fresh invite nonce. */
function newTeamRow(db: Db, team: { id: string; leagueId: string; name: string; now: Date }) {
  const at = timestampParam(db.dialect, team.now)
  return { id: team.id, leagueId: team.leagueId, name: team.name, nameKey: teamNameKey(team.name), inviteNonce: newInviteNonce(), createdAt: at, updatedAt: at }
}

/** New teams with their rosters and each captain's first place on it, for the teams entered together. */
function newTeamsRows(tx: Db, teams: readonly { team: Insertable<Database['teams']> & { createdAt: Date | string }; captain: PlaceRequest }[]): Write[] {
  const captains = firstPlaces(tx, teams.map((t) => t.captain))
  const rosters = teams.map(({ team, captain }, i) => ({ roster: captain.offering, at: team.createdAt, counters: captains.counters[i] }))
  return [tx.kysely.insertInto('teams').values(teams.map((t) => t.team)), rosterInsert(tx, rosters), ...captains.rows]
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
  if (team.captainUserId === null && team.holdExpiresAt !== null) throw conflict(TEAM_MESSAGES.heldForCaptain)
  if (!(await liveEntry(db, team.id))) throw notFound(TEAM_MESSAGES.teamWithdrawn)
  const roster = await findRosterPlaces(db, team.id)
  if (!roster) throw notFound(TEAM_MESSAGES.badInvite)
  const place = await placeInLeague(db, req.leagueId, req.userId)
  if (place?.teamId === team.id) return { created: false }
  if (place) throw conflict(TEAM_MESSAGES.alreadyOnTeam)
  const admission = await admit(db, roster, { userId: req.userId, childId: null, today: req.today })
  try {
    const joined = await takePlace(db, { ...admission, ...req, offering: roster, whenFull: TEAM_MESSAGES.rosterFull, news: captainHears(team, req) })
    return { created: joined.created }
  } catch (error) {
    if (!(error instanceof Refusal) && (await placeInLeague(db, req.leagueId, req.userId))) throw conflict(TEAM_MESSAGES.alreadyOnTeam)
    throw error
  }
}

/** The news of players joining a team together: the captain hears of each, and when the team became complete. */
function captainHears(team: { id: string; leagueId: string }, opts: { siteUrl: string; now: Date }): PlaceNews {
  return async (tx) => {
    const before = await teamState(tx, team.leagueId, team.id)
    return async (joined) => {
      if (before) await tellCaptain(tx, before, opts.siteUrl, opts.now, joined.map((r) => r.registrantName))
    }
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
    if (before) await tellCaptain(tx, before, opts.siteUrl, opts.now, [])
    return result
  })
}

/**
 * After a change to a team: the captain hears who joined (in order, each with the roster's size
 * once they were on it), and when the team became complete.
 */
export async function tellCaptain(tx: Db, before: TeamState, siteUrl: string, now: Date, joined: readonly string[]): Promise<void> {
  const after = await teamState(tx, before.team.leagueId, before.team.id)
  if (!after) return
  const captain = await tx.kysely.selectFrom('users').select(['displayName as name', 'email']).where('id', '=', after.team.captainUserId).executeTakeFirstOrThrow()
  const names = { ...after.team }
  const playing = after.players.filter((p) => p.status === 'confirmed').length
  const news = joined.map((player, i) => playerJoinedEmail(siteUrl, names, captain, player, playing - (joined.length - 1 - i)))
  if (before.status !== 'complete' && after.status === 'complete') news.push(teamCompleteEmail(siteUrl, names, captain))
  await enqueueEmails(tx, news, now)
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

/**
 * Emails the team's invite link to `addresses`, counted against the team's daily cap in the
 * transaction that writes the emails to the outbox, so requests arriving together cannot pass it
 * between them. Over the cap, nothing is sent and the captain is told what is left today.
 */
export async function emailInvites(
  db: Db,
  team: { id: string; leagueId: string; name: string; leagueName: string },
  addresses: readonly string[],
  opts: { facilityName: string; captainName: string; inviteUrl: string; now: Date; today: string },
): Promise<void> {
  const cap = INVITE_LIMITS.perTeamPerDay
  await inTransaction(db, async (tx) => {
    await tx.kysely.insertInto('teamInvitesSent').values({ teamId: team.id, day: opts.today, sent: 0 }).onConflict((oc) => oc.columns(['teamId', 'day']).doNothing()).execute()
    const counted = await tx.kysely
      .updateTable('teamInvitesSent')
      .set((eb) => ({ sent: eb('sent', '+', addresses.length) }))
      .where('teamId', '=', team.id)
      .where('day', '=', opts.today)
      .where('sent', '<=', cap - addresses.length)
      .executeTakeFirst()
    if (counted.numUpdatedRows === 0n) {
      const { sent } = await tx.kysely.selectFrom('teamInvitesSent').select('sent').where('teamId', '=', team.id).where('day', '=', opts.today).executeTakeFirstOrThrow()
      const left = Math.max(0, cap - sent)
      throw tooMany(
        `A team can email at most ${cap} invites a day, and ${left === 1 ? '1 is' : `${left} are`} left today. Share the invite link instead, or send the rest tomorrow.`,
      )
    }
    await enqueueEmails(tx, addresses.map((to) => inviteEmail(team, opts.facilityName, opts.captainName, opts.inviteUrl, to)), opts.now)
  })
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
  const check = (tx: Db) => checkCaptainStays(tx, { kind: 'roster-place', userId: player.userId, team: state.team })
  await check(db)
  const ended = await endRegistration(db, registrationId, 'cancelled', { actorId, refund: false, ctx, check })
  if (!ended) throw conflict('This player has already left the team.')
}

/**
 * Hands the captaincy to a player on the roster, and with it the team's entry: its registration,
 * its fee, withdrawing it and claiming a place offered from the waitlist. The team's place and its
 * roster are held first, the order every change to them takes, so a withdrawal, the player leaving
 * or staff moving them either waits for the new captain or has happened already.
 */
export async function changeCaptain(db: Db, state: TeamState, registrationId: string, actor: { id: string; role: Role }, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const entry = await liveEntry(tx, state.team.id)
    if (entry) await holdOffering(tx, entry.offeringId)
    const roster = await findRosterPlaces(tx, state.team.id)
    if (roster) await holdOffering(tx, roster.id)
    const player = await tx.kysely
      .selectFrom('registrations')
      .select('userId')
      .where('id', '=', registrationId)
      .where('offeringId', '=', roster?.id ?? '')
      .where('status', '=', 'confirmed')
      .executeTakeFirst()
    if (!player) throw notFound(TEAM_MESSAGES.notOnRoster)
    const stillEntered = entry && (await liveEntry(tx, state.team.id))
    if (!stillEntered) throw conflict(TEAM_MESSAGES.teamWithdrawn)
    const from = await tx.kysely.selectFrom('teams').select('captainUserId').where('id', '=', state.team.id).executeTakeFirstOrThrow()
    if (!isStaff(actor.role) && from.captainUserId !== actor.id) throw notFound('There is no such team.')
    const at = timestampParam(tx.dialect, now)
    await tx.kysely.updateTable('teams').set({ captainUserId: player.userId, updatedAt: at }).where('id', '=', state.team.id).execute()
    // The key of the first captain's request stays theirs: a retry of it must not find this entry.
    await tx.kysely.updateTable('registrations').set({ userId: player.userId, idempotencyKey: null, updatedAt: at }).where('id', '=', stillEntered.id).execute()
    await tx.kysely
      .updateTable('orders')
      .set({ payerUserId: player.userId })
      .where('id', 'in', tx.kysely.selectFrom('orderLines').select('orderId').where('registrationId', '=', stillEntered.id))
      .execute()
    await logEvent(tx, { registrationId: stillEntered.id, action: 'captain-changed', actorId: actor.id, details: { from: from.captainUserId, to: player.userId }, now })
  })
}

/** The team's live place in its league (confirmed, offered or waitlisted), if it has one. */
async function liveEntry(db: Db, teamId: string): Promise<{ id: string; offeringId: string } | undefined> {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select(['r.id', 'r.offeringId'])
    .where('r.teamId', '=', teamId)
    .where('o.kind', '=', 'team-place')
    .where('r.status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst()
}

/** An address shown to whoever holds the link, partly hidden: `jo***@example.com`. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}***@${domain}`
}

/**
 * Staff create a team from the soccer team waitlist (product §1): a team place is held for the
 * captain, who is emailed the link to complete the team (waiver, fee); without a free place the
 * team keeps waiting. Answers the team's id.
 */
export async function createHeldTeam(
  db: Db,
  invites: Invites,
  req: { leagueId: string; name: string; captainEmail: string; playerEmails?: string[]; now: Date; holdMs: number; siteUrl: string },
): Promise<string> {
  const places = await findTeamPlaces(db, req.leagueId)
  if (!places) throw notFound(TEAM_MESSAGES.notTeamLeague)
  const nameKey = teamNameKey(req.name)
  if (await teamNameTaken(db, req.leagueId, nameKey)) throw conflict(TEAM_MESSAGES.nameTaken)
  const teamId = randomUUID()
  const roster = await rosterOf(db, places, teamId)
  const expires = new Date(req.now.getTime() + req.holdMs)
  try {
    await inTransaction(db, async (tx) => {
      if (!(await takeFreePlace(tx, places.id))) throw conflict(TEAM_MESSAGES.noPlaceToHold)
      const team = {
        ...newTeamRow(tx, { id: teamId, leagueId: req.leagueId, name: req.name, now: req.now }),
        captainUserId: null,
        captainEmail: req.captainEmail,
        holdExpiresAt: timestampParam(tx.dialect, expires),
        pendingInvites: req.playerEmails?.length ? JSON.stringify(req.playerEmails) : null,
      }
      await tx.kysely.insertInto('teams').values(team).execute()
      await rosterInsert(tx, [{ roster, at: team.createdAt }]).execute()
      await enqueueEmail(tx, heldTeamEmail({ ...team, leagueName: places.name }, invites.urlOf(req.siteUrl, team), expires), req.now)
    })
  } catch (error) {
    if (!(error instanceof Refusal) && (await teamNameTaken(db, req.leagueId, nameKey))) throw conflict(TEAM_MESSAGES.nameTaken)
    throw error
  }
  return teamId
}

/**
 * The captain a team is held for completes it from the emailed link: signed in with that
 * address and the waiver signed, they take the held place (the team fee now owed) and the first
 * roster place, in one transaction.
 */
export async function claimHeldTeam(
  db: Db,
  invites: Invites,
  req: TeamRequest & { leagueId: string; teamId: string; invite: string; email: string },
): Promise<void> {
  const team = await findTeamRow(db, req.leagueId, req.teamId)
  if (!team || !invites.matches(team, req.invite)) throw notFound(TEAM_MESSAGES.badInvite)
  if (team.captainUserId === req.userId) return
  const held = team.captainUserId === null && team.holdExpiresAt !== null && new Date(team.holdExpiresAt).getTime() > req.now.getTime()
  if (!held) throw conflict(TEAM_MESSAGES.holdGone)
  if (team.captainEmail?.toLowerCase() !== req.email.toLowerCase()) {
    throw conflict(`This team is held for ${maskedEmail(team.captainEmail ?? '')}. Sign in with that address to complete it.`)
  }
  const places = await findTeamPlaces(db, req.leagueId)
  if (!places) throw notFound(TEAM_MESSAGES.notTeamLeague)
  if (await enteredTeam(db, req.leagueId, req.userId)) throw conflict(TEAM_MESSAGES.alreadyCaptain)
  if (await placeInLeague(db, req.leagueId, req.userId)) throw conflict(TEAM_MESSAGES.alreadyOnTeam)
  // Staff decided the window; what stays is who may play (the waiver).
  const admission = await admitParticipant(db, places, { userId: req.userId, childId: null })
  await inTransaction(db, async (tx) => {
    const claimed = await tx.kysely
      .updateTable('teams')
      .set({ captainUserId: req.userId, holdExpiresAt: null, updatedAt: timestampParam(tx.dialect, req.now) })
      .where('id', '=', team.id)
      .where('captainUserId', 'is', null)
      .where('holdExpiresAt', '>', timestampParam(tx.dialect, req.now))
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) throw conflict(TEAM_MESSAGES.holdGone)
    // The held place becomes the captain's: given back and taken again inside this transaction,
    // with the offering row held, so nobody else can take it in between.
    await releasePlace(tx, places.id)
    await takePlace(tx, { ...admission, ...req, offering: places, teamId: team.id, whenFull: TEAM_MESSAGES.holdGone })
    const roster = await findRosterPlaces(tx, team.id)
    if (!roster) throw new Error(`team ${team.id} has no roster`)
    await takePlace(tx, { ...admission, ...req, idempotencyKey: null, offering: roster, whenFull: TEAM_MESSAGES.rosterFull, quiet: true })
    // Players listed when the team was imported now get the invite, from their captain.
    const captainName = (await tx.kysely.selectFrom('users').select('displayName').where('id', '=', req.userId).executeTakeFirstOrThrow()).displayName
    const url = invites.urlOf(req.siteUrl, team)
    for (const to of JSON.parse(team.pendingInvites ?? '[]') as string[]) {
      await enqueueEmail(tx, inviteEmail({ ...team, leagueName: places.name }, req.facilityName, captainName, url, to), req.now)
    }
    await tx.kysely.updateTable('teams').set({ pendingInvites: null }).where('id', '=', team.id).execute()
  })
}

/**
 * Holds that were not claimed in time end: the place goes to the next waiting team (if any) and
 * every admin is told. Safe from every instance at once: each release is a conditional update.
 */
export async function releaseExpiredHolds(db: Db, ctx: WaitlistContext): Promise<number> {
  const due = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select(['t.id', 't.leagueId', 't.name', 't.captainEmail', 'l.name as leagueName'])
    .where('t.captainUserId', 'is', null)
    .where('t.holdExpiresAt', '<=', timestampParam(db.dialect, ctx.now))
    .limit(100)
    .execute()
  let released = 0
  for (const team of due) {
    const done = await inTransaction(db, async (tx) => {
      const ended = await tx.kysely
        .updateTable('teams')
        .set({ holdExpiresAt: null, updatedAt: timestampParam(tx.dialect, ctx.now) })
        .where('id', '=', team.id)
        .where('captainUserId', 'is', null)
        .where('holdExpiresAt', 'is not', null)
        .executeTakeFirst()
      if (ended.numUpdatedRows === 0n) return false
      const places = await tx.kysely.selectFrom('offerings').select('id').where('leagueId', '=', team.leagueId).where('kind', '=', 'team-place').executeTakeFirstOrThrow()
      await releasePlace(tx, places.id)
      await offerFreePlaces(tx, places.id, ctx)
      const admins = await tx.kysely.selectFrom('users').select('email').where('role', '=', 'admin').execute()
      for (const admin of admins) await enqueueEmail(tx, holdReleasedEmail(ctx.siteUrl, team, admin.email), ctx.now)
      return true
    })
    if (done) released++
  }
  return released
}

/** Reminders before the roster deadline: 7 days and 2 days, once each, to captains of forming teams. */
const REMINDER_DAYS = [7, 2] as const

/**
 * Emails the captain of every forming team whose league's roster deadline is 7 or 2 days away
 * (or closer, for a reminder not yet sent). Each reminder is marked sent by a conditional update
 * of the team's bit, so two instances never send one twice.
 */
export async function sendRosterReminders(db: Db, ctx: { now: Date; today: string; siteUrl: string }): Promise<number> {
  const inAWeek = addDays(ctx.today, REMINDER_DAYS[0])
  const teams = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select(['t.id', 't.leagueId', 't.remindersSent', 'l.rosterDeadline'])
    .where('t.captainUserId', 'is not', null)
    .where('l.isActive', '=', boolParam(db.dialect, true))
    .where('l.rosterDeadline', '>=', ctx.today)
    .where('l.rosterDeadline', '<=', inAWeek)
    .execute()
  let sent = 0
  for (const row of teams) {
    const daysLeft = daysBetween(ctx.today, row.rosterDeadline!)
    // The most urgent reminder due; an earlier one not sent by then is skipped, never sent late.
    const due = REMINDER_DAYS.map((days, bit) => ({ days, bit: 1 << bit })).filter(({ days }) => daysLeft <= days)
    const mask = due.reduce((all, { bit }) => all | bit, 0)
    if ((row.remindersSent & mask) === mask) continue
    const state = await teamState(db, row.leagueId, row.id)
    if (!state || state.status !== 'forming') continue
    const marked = await inTransaction(db, async (tx) => {
      const result = await tx.kysely
        .updateTable('teams')
        .set({ remindersSent: row.remindersSent | mask })
        .where('id', '=', row.id)
        .where('remindersSent', '=', row.remindersSent)
        .executeTakeFirst()
      if (result.numUpdatedRows === 0n) return false
      const captain = await tx.kysely.selectFrom('users').select(['displayName as name', 'email']).where('id', '=', state.team.captainUserId!).executeTakeFirstOrThrow()
      await enqueueEmail(tx, rosterReminderEmail(ctx.siteUrl, state, captain, daysLeft), ctx.now)
      return true
    })
    if (marked) sent++
  }
  return sent
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** A new name for a team, unique in its league like the first. */
export async function renameTeam(db: Db, state: TeamState, name: string, now: Date): Promise<void> {
  const nameKey = teamNameKey(name)
  if (nameKey === state.team.nameKey) {
    await db.kysely.updateTable('teams').set({ name, updatedAt: timestampParam(db.dialect, now) }).where('id', '=', state.team.id).execute()
    return
  }
  if (await teamNameTaken(db, state.team.leagueId, nameKey)) throw conflict(TEAM_MESSAGES.nameTaken)
  try {
    await db.kysely.updateTable('teams').set({ name, nameKey, updatedAt: timestampParam(db.dialect, now) }).where('id', '=', state.team.id).execute()
  } catch (error) {
    if (await teamNameTaken(db, state.team.leagueId, nameKey)) throw conflict(TEAM_MESSAGES.nameTaken)
    throw error
  }
}

/**
 * Staff may end or move any place on a team but its captain's: the team always has its captain
 * on its roster, so staff name a new captain first. Checked with the roster's row held (a
 * handover holds it too), so a handover cannot slip in between. Throws the reason, or returns.
 */
export async function checkCaptainStays(db: Db, registration: { kind: string; userId: string; team: { id: string } | null }): Promise<void> {
  if (registration.kind === 'roster-place' && registration.team && (await isCaptain(db, registration.team.id, registration.userId))) {
    throw conflict(TEAM_MESSAGES.captainStays)
  }
}

/**
 * Whether a person may end their own place on a team: a captain hands the captaincy over first,
 * and after the roster deadline only staff change the roster. Checked with the roster's row held,
 * as `checkCaptainStays`. Throws the reason, or returns.
 */
export async function checkLeaving(db: Db, registration: { kind: string; team: { id: string } | null }, userId: string, today: string): Promise<void> {
  if (registration.kind !== 'roster-place' || !registration.team) return
  if (await isCaptain(db, registration.team.id, userId)) throw conflict('You captain this team: hand the captaincy to another player before you leave it.')
  if (!rosterOpen(await findRosterPlaces(db, registration.team.id), today)) throw conflict(TEAM_MESSAGES.rosterClosed)
}
