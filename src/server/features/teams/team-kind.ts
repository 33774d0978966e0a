import type { Db } from '../../db/connect.ts'
import { inList } from '../../db/values.ts'
import type { OfferingDetails } from '../../../shared/contracts/registrations.ts'
import { ACTIVE_STATUSES } from '../../../shared/schemas/registration.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import { conflict } from '../../core/refusals.ts'
import { holdOffering } from '../../core/registrations/capacity.ts'
import type { ChangeContext, HowEnded, Kind, PlaceFacts, PlaceOfKind } from '../../core/registrations/kinds.ts'
import { personEmailLines, placeHeldLine } from '../../core/registrations/registration-emails.ts'
import { endRegistration } from '../../core/registrations/registration-changes.ts'
import { findRegistrationView } from '../../core/registrations/registrations.queries.ts'
import { checkCaptainStays, rosterOpen } from './roster.ts'
import { teamWithdrawnEmail } from './team-emails.ts'
import { tellCaptain } from './team-news.ts'
import { isCaptain, teamState } from './teams.queries.ts'
import { findRosterPlaces } from './team-places.ts'
import { href } from '../../../shared/paths.ts'

/**
 * A team's entry in a team league, as the registration engine knows it (kinds.ts): when it ends,
 * its roster closes; a payment on it may complete the team. Its emails tell the captain of their team's place.
 */
export const teamKind: Kind<'team-place'> = {
  rules: { afterEnded: releaseRoster, aroundChange: withTeamNews },
  details: async (db, places) => (await withTeams(db, places)).map((facts) => ({ kind: 'team-place', ...facts })),
  placeIn: (details) => details.team.name,
  staffPage: (leagueId) => href('leagueRegistrants', { leagueId }),
  emails: {
    holder: (_r, { team }) => `Your team ${team.name} is`,
    confirmed: (r, { team }) => [placeHeldLine(`Your team ${team.name} is`, r)],
  },
}

/**
 * A player's place on one team's roster: a captain and, after the roster deadline, every player
 * leaves only through staff; staff keep the captain on the roster; a payment may complete the
 * team. Its confirmation tells the player the team they joined.
 */
export const rosterKind: Kind<'roster-place'> = {
  rules: { mayLeave, mayEnd: (tx, place) => checkCaptainStays(tx, { ...place, teamId: teamOf(place) }), aroundChange: withTeamNews },
  details: async (db, places) => (await withTeams(db, places)).map((facts) => ({ kind: 'roster-place', ...facts })),
  placeIn: (details) => details.team.name,
  staffPage: (leagueId) => href('leagueRegistrants', { leagueId }),
  emails: {
    holder: personEmailLines.holder,
    confirmed: (r, { team }) => [`You joined ${team.name} in ${r.offering.name}. Your place on the roster is held.`],
  },
}

/**
 * What a view of a team's entry or a roster place tells (OfferingRef.details): its league, and
 * the team its row names (db/schema.ts KindColumns), every team's name in one query.
 */
async function withTeams(db: Db, places: readonly PlaceFacts[]): Promise<{ league: { id: string; sport: string }; team: { id: string; name: string } }[]> {
  const ids = [...new Set(places.flatMap((place) => (place.kindColumns.teamId ? [place.kindColumns.teamId] : [])))]
  const teams = ids.length === 0 ? [] : await db.kysely.selectFrom('teams').select(['id', 'name']).where(inList(db.dialect, 'id', ids)).execute()
  const names = new Map(teams.map((team) => [team.id, team.name]))
  return places.map((place) => {
    const teamId = place.kindColumns.teamId ?? ''
    return { league: { id: place.ownerId, sport: place.sport ?? '' }, team: { id: teamId, name: names.get(teamId) ?? '' } }
  })
}

/** The name of the team a team's entry or a roster place is for. */
const teamNameOf = (details: OfferingDetails): string => ('team' in details ? details.team.name : '')

/** The team a team's entry or a roster place is for; null for a place of another kind. */
const teamOf = (place: PlaceOfKind): string | null => ('team' in place.details ? place.details.team.id : null)

/**
 * A team whose entry ends (withdrawn by its captain or by staff, declined, or an offer from the
 * waitlist left to expire) is gone: in the same transaction its roster closes — nobody joins it
 * through the old invite link — and every place on it ends, each player told, what they paid
 * refunded when the entry's was, so each is free to join another team or the free agents.
 */
async function releaseRoster(tx: Db, entry: PlaceOfKind, how: HowEnded): Promise<void> {
  const teamId = teamOf(entry)
  if (!teamId) return
  const roster = await tx.kysely.selectFrom('offerings').select('id').where('teamId', '=', teamId).where('kind', '=', 'roster-place').executeTakeFirst()
  if (!roster) return
  await holdOffering(tx, roster.id)
  await tx.kysely.updateTable('offerings').set({ capacity: 0 }).where('id', '=', roster.id).execute()
  const places = await tx.kysely.selectFrom('registrations').select('id').where('offeringId', '=', roster.id).where('status', 'in', ACTIVE_STATUSES).orderBy('seq').execute()
  for (const place of places) {
    const before = await findRegistrationView(tx, how.ctx.kinds, place.id)
    if (!before) continue
    const refunded = how.refund ? before.paidCents : 0
    await endRegistration(tx, place.id, 'cancelled', {
      ...how,
      notice: (ended) =>
        teamWithdrawnEmail(how.ctx.siteUrl, { id: teamId, leagueId: ended.offering.ownerId, name: teamNameOf(ended.offering.details), leagueName: ended.offering.name }, { name: ended.registrantName, email: ended.registrantEmail }, refunded),
    })
  }
}

/** A change to a place on a team (a payment, say) with the news it makes: the captain hears when the team became complete. */
async function withTeamNews<T>(tx: Db, place: PlaceOfKind, ctx: ChangeContext, change: (tx: Db) => Promise<T>): Promise<T> {
  const teamId = teamOf(place)
  const team = teamId ? await tx.kysely.selectFrom('teams').select(['id', 'leagueId']).where('id', '=', teamId).executeTakeFirst() : undefined
  const before = team && (await teamState(tx, team.leagueId, team.id))
  const result = await change(tx)
  if (before) await tellCaptain(tx, before, ctx.siteUrl, ctx.now, [])
  return result
}

/**
 * Whether a player may end their own place on a team: a captain hands the captaincy over first,
 * and after the roster deadline only staff change the roster. Checked with the roster's row held,
 * as `checkCaptainStays`.
 */
async function mayLeave(tx: Db, place: PlaceOfKind, today: string): Promise<void> {
  const teamId = teamOf(place)
  if (!teamId) return
  if (await isCaptain(tx, teamId, place.userId)) throw conflict('You captain this team: hand the captaincy to another player before you leave it.')
  if (!rosterOpen(await findRosterPlaces(tx, teamId), today)) throw conflict(TEAM_MESSAGES.rosterClosed)
}
