import { randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { type Write } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import { teamNameKey } from './team-name-key.ts'
import { conflict, notFound, Refusal } from '../../core/refusals.ts'
import { firstPlaces, takePlace, type PlaceRequest } from '../../core/registrations/engine.ts'
import { admit } from '../../core/registrations/admission.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { newInviteNonce, type Invites } from './invites.ts'
import { findRosterPlaces, findTeamPlaces, rosterInsert, rosterOf } from './team-places.ts'
import { enteredTeam, findTeamRow, placeInLeague, teamNameTaken } from './teams.queries.ts'
import { liveEntry } from './roster.ts'
import { rosterOpen } from './roster.ts'
import { captainHears } from './team-news.ts'
import type { Actor } from '../../core/audit.ts'

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
  kinds: Kinds
  facilityName: string
}

/** Creates a team with its captain on the roster; a repeat of the same request answers the same team. */
export async function createTeam(db: Db, req: TeamRequest & { leagueId: string; name: string }): Promise<{ teamId: string; created: boolean }> {
  const places = await findTeamPlaces(db, req.leagueId)
  if (!places) throw notFound(TEAM_MESSAGES.notTeamLeague)
  const admission = await admit(db, places, { userId: req.userId, childId: null, today: req.today })
  const nameKey = teamNameKey(req.name)
  const repeat = async () => {
    const mine = await enteredTeam(db, req.leagueId, req.userId)
    if (mine) return mine.nameKey === nameKey ? { teamId: mine.id, created: false as const } : conflict(TEAM_MESSAGES.alreadyCaptain)
    return undefined
  }
  const refusal = async (): Promise<{ teamId: string; created: false } | Refusal | undefined> => {
    const mine = await repeat()
    if (mine) return mine
    const broken = (await placeInLeague(db, req.leagueId, req.userId))
      ? TEAM_MESSAGES.alreadyOnTeam
      : (await teamNameTaken(db, req.leagueId, nameKey))
        ? TEAM_MESSAGES.nameTaken
        : undefined
    // A repeat of this request that committed after the first read broke these rules with its team.
    return broken && ((await repeat()) ?? conflict(broken))
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
  const entry = await takePlace(db, { ...admission, ...req, offering: places, kindColumns: { teamId }, prelude: { part: { team, captain }, rows: newTeamsRows } }).then(
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
export function newTeamRow(db: Db, team: { id: string; leagueId: string; name: string; now: Date }) {
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
  req: TeamRequest & { leagueId: string; teamId: string; invite: string; staff?: Actor },
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
