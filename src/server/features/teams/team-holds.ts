import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import { teamNameKey } from './team-name-key.ts'
import { conflict, notFound, Refusal } from '../../core/refusals.ts'
import { enqueueEmail } from '../../core/outbox.queries.ts'
import { releasePlace, takeFreePlace } from '../../core/registrations/capacity.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import { admitParticipant } from '../../core/registrations/admission.ts'
import { offerFreePlaces } from '../../core/registrations/waitlist.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { type Invites } from './invites.ts'
import { heldTeamEmail, holdReleasedEmail, inviteEmail } from './team-emails.ts'
import { findRosterPlaces, findTeamPlaces, rosterInsert, rosterOf } from './team-places.ts'
import { enteredTeam, findTeamRow, placeInLeague, teamNameTaken } from './teams.queries.ts'
import { type TeamRequest, newTeamRow } from './team-entry.ts'

/** Team places staff hold for a captain: made, claimed by the captain, released when the hold expires. */

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
  req: {
    leagueId: string
    name: string
    captainEmail: string
    playerEmails?: string[]
    now: Date
    holdMs: number
    siteUrl: string
    /** What else the team's transaction writes: its audit entry (core/audit.ts), given the team and its league's name. */
    record?: (tx: Db, team: { id: string; leagueName: string }) => Promise<void>
  },
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
      await req.record?.(tx, { id: teamId, leagueName: places.name })
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
export async function claimHeldTeam(db: Db, invites: Invites, req: ClaimRequest): Promise<void> {
  try {
    await claim(db, invites, req)
  } catch (error) {
    // Two clicks on the link at once: the other one completed the team for this person.
    if (error instanceof Refusal && (await findTeamRow(db, req.leagueId, req.teamId))?.captainUserId === req.userId) return
    throw error
  }
}

type ClaimRequest = TeamRequest & { leagueId: string; teamId: string; invite: string; email: string }

async function claim(db: Db, invites: Invites, req: ClaimRequest): Promise<void> {
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
    await takePlace(tx, { ...admission, ...req, offering: places, kindColumns: { teamId: team.id }, whenFull: TEAM_MESSAGES.holdGone })
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
export async function releaseExpiredHolds(db: Db, ctx: ChangeContext): Promise<number> {
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
