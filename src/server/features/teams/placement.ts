import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import { conflict, notFound } from '../../core/refusals.ts'
import { enqueueEmail } from '../../core/outbox.queries.ts'
import { moveLinePayments } from '../../core/payments/orders.queries.ts'
import { holdOffering, releasePlace } from '../../core/registrations/capacity.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import { changeStatus, logEvent } from '../../core/registrations/registrations.queries.ts'
import { offerFreePlaces } from '../../core/registrations/waitlist.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { placedEmail, playerPlacedEmail } from './team-emails.ts'
import { teamState } from './teams.queries.ts'
import { tellCaptain } from './team-news.ts'
import { checkCaptainStays } from './roster.ts'
import { findRosterPlaces } from './team-places.ts'

/**
 * Staff place a free agent on a team, or move a player to another team of the league (docs/
 * decisions/0015). One transaction: the old place ends as `moved` (freeing it for its waitlist),
 * the new roster place is taken within the roster maximum, and what was paid moves with the
 * person to the new place's line, so balances and receipts stay right. The player and the
 * captain are told.
 */
export async function movePlayer(
  db: Db,
  req: { registrationId: string; toTeamId: string; actorId: string; today: string; ctx: ChangeContext },
): Promise<{ registrationId: string }> {
  const from = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('leagues as l', 'l.id', 'o.leagueId')
    .select(['r.id', 'r.userId', 'r.status', 'r.participantKey', 'r.waiverVersion', 'r.teamId', 'o.id as offeringId', 'o.kind', 'o.leagueId', 'l.sport'])
    .where('r.id', '=', req.registrationId)
    .executeTakeFirst()
  if (!from || from.status !== 'confirmed' || from.participantKey !== ACCOUNT_HOLDER || (from.kind !== 'league-place' && from.kind !== 'roster-place')) {
    throw notFound('There is no such player with a confirmed place.')
  }
  if (from.teamId === req.toTeamId) throw conflict('The player is already on this team.')
  const roster = await findRosterPlaces(db, req.toTeamId)
  const target = roster && (await teamState(db, roster.ownerId, req.toTeamId))
  if (!roster || !target) throw notFound('There is no such team in an open league.')
  // A player moves within their league; a free agent goes to a team of the same sport.
  if (from.kind === 'roster-place' ? from.leagueId !== roster.ownerId : from.sport !== target.team.sport) {
    throw conflict('A player can only be moved to a team of the same league, and a free agent to a team of the same sport.')
  }
  if (target.team.captainUserId === null) throw conflict('This team is held for its captain: place players once it is complete.')

  return inTransaction(db, async (tx) => {
    await holdOffering(tx, from.offeringId)
    await checkCaptainStays(tx, { registrationId: req.registrationId, kind: from.kind, userId: from.userId, teamId: from.teamId })
    const before = await teamState(tx, roster.ownerId, req.toTeamId)
    if (!(await changeStatus(tx, from.id, ['confirmed'], 'moved', req.ctx.now))) throw conflict('This player’s place changed meanwhile. Reload and try again.')
    await releasePlace(tx, from.offeringId)
    const placed = await takePlace(tx, {
      offering: roster,
      userId: from.userId,
      childId: null,
      waiverVersion: from.waiverVersion,
      idempotencyKey: null,
      now: req.ctx.now,
      today: req.today,
      siteUrl: req.ctx.siteUrl,
      kinds: req.ctx.kinds,
      whenFull: TEAM_MESSAGES.rosterFull,
      quiet: true,
      event: { action: 'placed', actorId: req.actorId, details: { fromRegistration: from.id } },
    })
    const to = placed.registration
    await moveLinePayments(tx, from.id, to.id)
    await logEvent(tx, { registrationId: from.id, action: 'moved', actorId: req.actorId, details: { toTeam: target.team.name, toRegistration: to.id }, now: req.ctx.now })
    // The place left behind goes to whoever waits for it (a free agent league, or nobody on a roster).
    await offerFreePlaces(tx, from.offeringId, req.ctx)
    const captain = await tx.kysely.selectFrom('users').select(['displayName as name', 'email']).where('id', '=', target.team.captainUserId!).executeTakeFirstOrThrow()
    await enqueueEmail(tx, placedEmail(req.ctx.siteUrl, { ...target.team }, captain.name, to), req.ctx.now)
    if (before) {
      await enqueueEmail(tx, playerPlacedEmail(req.ctx.siteUrl, { ...target.team }, captain, to.registrantName), req.ctx.now)
      await tellCaptain(tx, before, req.ctx.siteUrl, req.ctx.now, [])
    }
    return { registrationId: to.id }
  })
}
