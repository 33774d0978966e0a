import type { Db } from '../../db/connect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { registrationWindow } from '../../../shared/registration-window.ts'
import { isStaff, type Role } from '../../../shared/roles.ts'
import { INVITE_LIMITS, TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import { teamNameKey } from './team-name-key.ts'
import { ACTIVE_STATUSES } from '../../../shared/schemas/registration.ts'
import { conflict, notFound, tooMany } from '../../core/refusals.ts'
import { enqueueEmail, enqueueEmails } from '../../core/outbox.queries.ts'
import { holdOffering } from '../../core/registrations/capacity.ts'
import type { Offering } from '../../core/registrations/offerings.queries.ts'
import { endRegistration } from '../../core/registrations/registration-changes.ts'
import { logEvent } from '../../core/registrations/registrations.queries.ts'
import type { ChangeContext, PlaceOfKind } from '../../core/registrations/kinds.ts'
import { newInviteNonce } from './invites.ts'
import { inviteEmail, rosterReminderEmail } from './team-emails.ts'
import { isCaptain, teamNameTaken, teamState, type TeamState } from './teams.queries.ts'
import { findRosterPlaces } from './team-places.ts'

/** A team's roster once entered: invites, removing a player, the captaincy, its name, reminders before the deadline. */

/** The roster is open to joins and captains' changes until its deadline (or registration's end). */
export function rosterOpen(roster: Offering | undefined, today: string): boolean {
  return roster !== undefined && registrationWindow(roster, today) === 'open'
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
export async function removePlayer(db: Db, state: TeamState, registrationId: string, actorId: string, ctx: ChangeContext): Promise<void> {
  const player = state.players.find((p) => p.registrationId === registrationId)
  if (!player) {
    const past = await db.kysely.selectFrom('registrations').select('id').where('id', '=', registrationId).where('teamId', '=', state.team.id).executeTakeFirst()
    throw past ? conflict('This player has already left the team.') : notFound('There is no such player on this team.')
  }
  const check = (tx: Db) => checkCaptainStays(tx, { registrationId, kind: 'roster-place', userId: player.userId, teamId: state.team.id })
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
export async function liveEntry(db: Db, teamId: string): Promise<{ id: string; offeringId: string } | undefined> {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select(['r.id', 'r.offeringId'])
    .where('r.teamId', '=', teamId)
    .where('o.kind', '=', 'team-place')
    .where('r.status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst()
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
  // Not the team itself: the same rename sent twice may have given it this name since it was read.
  if (await teamNameTaken(db, state.team.leagueId, nameKey, state.team.id)) throw conflict(TEAM_MESSAGES.nameTaken)
  try {
    await db.kysely.updateTable('teams').set({ name, nameKey, updatedAt: timestampParam(db.dialect, now) }).where('id', '=', state.team.id).execute()
  } catch (error) {
    // A rename at the same moment took the name first: the unique key decides. Asking the database
    // again would fail on PostgreSQL, whose transaction the violation has ended (staff rename in one).
    throw isUniqueViolation(error) ? conflict(TEAM_MESSAGES.nameTaken) : error
  }
}

/**
 * Staff may end or move any place on a team but its captain's: the team always has its captain
 * on its roster, so staff name a new captain first. Checked with the roster's row held (a
 * handover holds it too), so a handover cannot slip in between. Throws the reason, or returns.
 */
export async function checkCaptainStays(tx: Db, place: Pick<PlaceOfKind, 'registrationId' | 'kind' | 'userId'> & { teamId: string | null }): Promise<void> {
  if (place.kind === 'roster-place' && place.teamId && (await isCaptain(tx, place.teamId, place.userId))) {
    throw conflict(TEAM_MESSAGES.captainStays)
  }
}
