import type { Db } from '../../db/connect.ts'
import { ACTIVE_STATUSES } from '../../../shared/schemas/registration.ts'
import { holdOffering } from '../registrations/capacity.ts'
import { whenPlaceEnds, type EndedPlace, type HowEnded } from '../registrations/offering-rules.ts'
import { endRegistration } from '../registrations/registration-changes.ts'
import { findRegistrationView } from '../registrations/registrations.queries.ts'
import { teamWithdrawnEmail } from './team-emails.ts'

/**
 * A team whose entry ends (withdrawn by its captain or by staff, declined, or an offer from the
 * waitlist left to expire) is gone: in the same transaction its roster closes — nobody joins it
 * through the old invite link — and every place on it ends, each player told, what they paid
 * refunded when the entry's was, so each is free to join another team or the free agents.
 */
async function releaseRoster(tx: Db, entry: EndedPlace, how: HowEnded): Promise<void> {
  if (!entry.teamId) return
  const roster = await tx.kysely.selectFrom('offerings').select('id').where('teamId', '=', entry.teamId).where('kind', '=', 'roster-place').executeTakeFirst()
  if (!roster) return
  await holdOffering(tx, roster.id)
  await tx.kysely.updateTable('offerings').set({ capacity: 0 }).where('id', '=', roster.id).execute()
  const places = await tx.kysely.selectFrom('registrations').select('id').where('offeringId', '=', roster.id).where('status', 'in', ACTIVE_STATUSES).orderBy('seq').execute()
  for (const place of places) {
    const before = await findRegistrationView(tx, place.id)
    if (!before) continue
    const refunded = how.refund ? before.paidCents : 0
    await endRegistration(tx, place.id, 'cancelled', {
      ...how,
      notice: (ended) => teamWithdrawnEmail(how.ctx.siteUrl, { id: entry.teamId!, leagueId: ended.leagueId, name: ended.team?.name ?? '', leagueName: ended.leagueName }, { name: ended.registrantName, email: ended.registrantEmail }, refunded),
    })
  }
}

/** The rules of team places, for the registration engine (wired in app.ts). */
export function registerTeamRules(): void {
  whenPlaceEnds('team-place', releaseRoster)
}
