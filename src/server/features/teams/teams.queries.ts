import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam, toBool, toCount, toIso } from '../../db/values.ts'
import { balanceCents } from '../../../shared/money.ts'
import { ACCOUNT_HOLDER, ACTIVE_STATUSES, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { playersPayFee, TEAM_STATUSES, teamPaysFee, teamStatusOf, type TeamPayment, type TeamStatus } from '../../../shared/schemas/team.ts'
import type { Sport } from '../../../shared/sports.ts'
import type { LeaguePlayers, MyTeam, PlayerView, RosterPlayer, TeamLeague, TeamSummary } from '../../../shared/contracts/teams.ts'
import { amountDueOf, amountPaidOf } from '../../core/payments/orders.queries.ts'
import { listEvents, listPayments, waitlistAheadOf } from '../../core/registrations/registrations.queries.ts'
import { currentWaiverSigned, currentWaiverSignedOf } from '../../core/waivers.queries.ts'
import { teamGames } from '../../core/team-games.queries.ts'

/** A team's own row, found only under its league's id (both are in every team address). */
export async function findTeamRow(db: Db, leagueId: string, teamId: string) {
  return db.kysely
    .selectFrom('teams')
    .select(['id', 'leagueId', 'name', 'nameKey', 'captainUserId', 'captainEmail', 'holdExpiresAt', 'inviteNonce', 'pendingInvites', 'createdAt'])
    .where('id', '=', teamId)
    .where('leagueId', '=', leagueId)
    .executeTakeFirst()
}
export type TeamRow = NonNullable<Awaited<ReturnType<typeof findTeamRow>>>

/** The team leagues open to new teams (of `sport`), soonest first. */
export async function listTeamLeagues(db: Db, sport: Sport | undefined): Promise<TeamLeague[]> {
  let query = db.kysely
    .selectFrom('leagues as l')
    .innerJoin('offerings as teamPlaces', (join) => join.onRef('teamPlaces.leagueId', '=', 'l.id').on('teamPlaces.kind', '=', 'team-place'))
    .leftJoin('products as teamFee', 'teamFee.id', 'teamPlaces.productId')
    .innerJoin('offerings as players', (join) => join.onRef('players.leagueId', '=', 'l.id').on('players.kind', '=', 'league-place'))
    .leftJoin('products as playerFee', 'playerFee.id', 'players.productId')
    .leftJoin('gameNights as n', 'n.leagueId', 'l.id')
    .select([
      'l.id',
      'l.name',
      'l.sport',
      'l.description',
      'l.registrationDate',
      'l.registrationDeadline',
      'l.rosterDeadline',
      'l.startDate',
      'l.endDate',
      'l.rosterMin',
      'l.rosterMax',
      'l.teamPayment',
      'teamPlaces.capacity',
      'teamPlaces.placesTaken',
      'teamFee.listPriceCents as teamFeeCents',
      'playerFee.listPriceCents as playerFeeCents',
      'teamPlaces.waiting as teamWaitlistSize',
      'n.publishedAt',
    ])
    .where('l.isActive', '=', boolParam(db.dialect, true))
    .where('l.kind', '=', 'team')
  if (sport) query = query.where('l.sport', '=', sport)
  const rows = await query.orderBy('l.startDate').orderBy('l.name').execute()
  return rows.map(({ capacity, placesTaken, teamWaitlistSize, teamFeeCents, playerFeeCents, publishedAt, ...league }) => {
    const teamPayment: TeamPayment = league.teamPayment ?? 'player-fee'
    return {
      ...league,
      teamPayment,
      teamFeeCents: teamPaysFee(teamPayment) ? (teamFeeCents ?? 0) : null,
      playerFeeCents: playersPayFee(teamPayment) ? (playerFeeCents ?? 0) : null,
      teamPlacesLeft: capacity === null ? null : Math.max(0, capacity - placesTaken),
      teamWaitlistSize: toCount(teamWaitlistSize),
      schedulePublished: publishedAt !== null && publishedAt !== undefined,
    }
  })
}

/** The live team this person entered in a league as captain (its team place), if any. */
export async function enteredTeam(db: Db, leagueId: string, userId: string) {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('teams as t', 't.id', 'r.teamId')
    .select(['t.id', 't.nameKey'])
    .where('o.leagueId', '=', leagueId)
    .where('o.kind', '=', 'team-place')
    .where('r.userId', '=', userId)
    .where('r.status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst()
}

/** The team (or free agent place: no team) this person holds in a league, if any. */
export async function placeInLeague(db: Db, leagueId: string, userId: string): Promise<{ id: string; teamId: string | null } | undefined> {
  return db.kysely
    .selectFrom('registrations')
    .select(['id', 'teamId'])
    .where('leagueSlot', '=', leagueId)
    .where('userId', '=', userId)
    .where('participantKey', '=', ACCOUNT_HOLDER)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst()
}

export async function isCaptain(db: Db, teamId: string, userId: string): Promise<boolean> {
  const row = await db.kysely.selectFrom('teams').select('id').where('id', '=', teamId).where('captainUserId', '=', userId).executeTakeFirst()
  return row !== undefined
}

/** Whether a team of the league other than `teamId` (when given) has this name's key. */
export async function teamNameTaken(db: Db, leagueId: string, nameKey: string, teamId?: string): Promise<boolean> {
  let named = db.kysely.selectFrom('teams').select('id').where('leagueId', '=', leagueId).where('nameKey', '=', nameKey)
  if (teamId) named = named.where('id', '!=', teamId)
  return (await named.executeTakeFirst()) !== undefined
}

/** Registrations of teams (aliased `r`) with what they owe and what was paid; callers choose the teams. */
function teamRegistrations(db: Db) {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select((eb) => [
      'r.id',
      'o.kind',
      'r.userId',
      'r.status',
      'r.seq',
      'r.receiptNumber',
      'r.offerExpiresAt',
      'r.createdAt',
      'u.displayName',
      'u.email',
      'u.phone',
      amountDueOf(eb).as('priceCents'),
      amountPaidOf(eb).as('paidCents'),
      currentWaiverSignedOf(eb).as('waiverSigned'),
      waitlistAheadOf(eb).as('waitlistAhead'),
    ])
}

type TeamRegistrationRow = Awaited<ReturnType<ReturnType<typeof teamRegistrations>['execute']>>[number]

function amountsOf(row: TeamRegistrationRow) {
  const priceCents = toCount(row.priceCents)
  const paidCents = toCount(row.paidCents)
  return { priceCents, paidCents, balanceCents: balanceCents({ status: row.status, priceCents, paidCents }) }
}

/** A team no registration holds yet: its place kept for its captain, or released unclaimed. */
const heldOrReleased = (team: { holdExpiresAt: unknown }): TeamStatus => (team.holdExpiresAt === null ? 'withdrawn' : 'held')

/** A team's status and what it owes, from its registrations (oldest first). */
function summaryFrom(team: { holdExpiresAt: unknown }, rows: readonly TeamRegistrationRow[], rosterMin: number | null) {
  const entry = rows.filter((r) => r.kind === 'team-place').at(-1)
  const players = rows.filter((r) => r.kind === 'roster-place').map((r) => ({ status: r.status, ...amountsOf(r) }))
  const entryAmounts = entry ? amountsOf(entry) : { balanceCents: 0 }
  return {
    status: entry ? teamStatusOf({ status: entry.status, ...entryAmounts }, players, rosterMin) : heldOrReleased(team),
    playerCount: players.filter((p) => p.status === 'confirmed').length,
    owedCents: entryAmounts.balanceCents + players.reduce((sum, p) => sum + p.balanceCents, 0),
    waitlistPosition: entry?.status === 'waitlisted' ? toCount(entry.waitlistAhead) + 1 : null,
  }
}

/** Every team (of some leagues), with its status, roster count, captain and what it owes, in two reads. */
export async function listTeamSummaries(db: Db, filter: { leagueIds?: string[] } = {}): Promise<TeamSummary[]> {
  if (filter.leagueIds?.length === 0) return []
  let teams = db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .leftJoin('users as captain', 'captain.id', 't.captainUserId')
    .select(['t.id', 't.name', 't.leagueId', 't.createdAt', 't.captainEmail', 't.holdExpiresAt', 'l.name as leagueName', 'l.sport', 'l.rosterMin', 'l.rosterMax'])
    .select(['captain.displayName as captainName', 'captain.email as captainAccountEmail'])
  let registrations = teamRegistrations(db).innerJoin('teams as t', 't.id', 'r.teamId').select('t.id as teamId')
  if (filter.leagueIds) {
    teams = teams.where('t.leagueId', 'in', filter.leagueIds)
    registrations = registrations.where('t.leagueId', 'in', filter.leagueIds)
  }
  const [teamRows, rows] = await Promise.all([teams.orderBy('t.createdAt').orderBy('t.id').execute(), registrations.orderBy('r.createdAt').orderBy('r.seq').execute()])
  const byTeam = new Map<string, typeof rows>()
  for (const row of rows) byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), row])
  return teamRows.map((team) => ({
    id: team.id,
    name: team.name,
    leagueId: team.leagueId,
    leagueName: team.leagueName,
    sport: team.sport,
    captainName: team.captainName ?? '',
    captainEmail: team.captainAccountEmail ?? team.captainEmail ?? '',
    rosterMax: team.rosterMax,
    createdAt: toIso(team.createdAt),
    ...summaryFrom(team, byTeam.get(team.id) ?? [], team.rosterMin),
  }))
}

/** How many teams of each league are in each status (the staff's /leagues). */
export async function teamStatusCounts(db: Db, leagueIds: string[]): Promise<Map<string, Record<TeamStatus, number>>> {
  const counts = new Map<string, Record<TeamStatus, number>>()
  for (const team of await listTeamSummaries(db, { leagueIds })) {
    const league = counts.get(team.leagueId) ?? noTeams()
    league[team.status] += 1
    counts.set(team.leagueId, league)
  }
  return counts
}

export const noTeams = (): Record<TeamStatus, number> => Object.fromEntries(TEAM_STATUSES.map((s) => [s, 0])) as Record<TeamStatus, number>

export interface TeamState {
  team: TeamRow & { leagueName: string; sport: Sport; rosterMin: number | null; rosterMax: number | null; rosterDeadline: string | null; teamPayment: TeamPayment }
  status: TeamStatus
  /** The team's place in the league; null while staff hold it for the captain (or after the hold ended). */
  entry: {
    registrationId: string
    userId: string
    status: RegistrationStatus
    receiptNumber: string
    waitlistPosition: number | null
    offerExpiresAt: string | null
    priceCents: number
    paidCents: number
    balanceCents: number
  } | null
  /** Everyone who is or was on the roster, by when they joined; `active` ones play. */
  players: (Omit<RosterPlayer, 'isCaptain'> & { priceCents: number; paidCents: number; balanceCents: number })[]
}

/** A team with its league, its place in the league, its roster and its status; undefined without one. */
export async function teamState(db: Db, leagueId: string, teamId: string): Promise<TeamState | undefined> {
  const team = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select([
      't.id',
      't.leagueId',
      't.name',
      't.nameKey',
      't.captainUserId',
      't.captainEmail',
      't.holdExpiresAt',
      't.inviteNonce',
      't.pendingInvites',
      't.createdAt',
      'l.name as leagueName',
      'l.sport',
      'l.rosterMin',
      'l.rosterMax',
      'l.rosterDeadline',
      'l.teamPayment',
    ])
    .where('t.id', '=', teamId)
    .where('t.leagueId', '=', leagueId)
    .executeTakeFirst()
  if (!team) return undefined
  const rows = await teamRegistrations(db).where('r.teamId', '=', teamId).orderBy('r.createdAt').orderBy('r.seq').execute()
  // The newest entry of the team: a withdrawn team keeps its ended one.
  const entryRow = rows.filter((r) => r.kind === 'team-place').at(-1)
  const entry = entryRow && {
    registrationId: entryRow.id,
    userId: entryRow.userId,
    status: entryRow.status,
    receiptNumber: entryRow.receiptNumber,
    waitlistPosition: entryRow.status === 'waitlisted' ? toCount(entryRow.waitlistAhead) + 1 : null,
    offerExpiresAt: entryRow.offerExpiresAt === null ? null : toIso(entryRow.offerExpiresAt),
    ...amountsOf(entryRow),
  }
  const players = rows
    .filter((r) => r.kind === 'roster-place' && ACTIVE_STATUSES.includes(r.status))
    .map((r) => ({
      registrationId: r.id,
      userId: r.userId,
      name: r.displayName,
      status: r.status,
      email: r.email,
      phone: r.phone,
      waiverSigned: toBool(r.waiverSigned as boolean | number),
      joinedAt: toIso(r.createdAt),
      ...amountsOf(r),
    }))
  return {
    team: { ...team, teamPayment: team.teamPayment ?? 'player-fee' },
    status: entry ? teamStatusOf(entry, players, team.rosterMin) : heldOrReleased(team),
    entry: entry ?? null,
    players,
  }
}

/**
 * The teams a person captains or plays on, and those staff hold for them (by their email) with what
 * `held` tells of the hold (the person themselves: the path that completes the team), newest first;
 * each with its next game once its league's schedule is out, so the pages that list them are
 * rendered with it.
 */
export async function listMyTeams<Held>(
  db: Db,
  user: { id: string; email: string },
  { now, timeZone, held }: { now: Date; timeZone: string; held(team: TeamRow, until: string): Held },
): Promise<(Omit<MyTeam, 'heldForYou'> & { heldForYou: Held | null })[]> {
  const rows = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select(['t.id', 't.leagueId'])
    .where((eb) =>
      eb.or([
        eb('t.captainUserId', '=', user.id),
        eb.and([eb('t.captainUserId', 'is', null), eb('t.captainEmail', '=', user.email), eb('t.holdExpiresAt', '>', timestampParam(db.dialect, now))]),
        eb.exists(
          eb
            .selectFrom('registrations as r')
            .select('r.id')
            .whereRef('r.teamId', '=', 't.id')
            .where('r.userId', '=', user.id)
            .where('r.status', 'in', ACTIVE_STATUSES),
        ),
      ]),
    )
    .orderBy('t.createdAt', 'desc')
    .execute()
  const states = (await Promise.all(rows.map((row) => teamState(db, row.leagueId, row.id)))).filter((state) => state !== undefined)
  const schedules = await Promise.all(states.map(({ team }) => teamGames(db, team.leagueId, team.id, { now, timeZone })))
  return states.map(({ team, status, players }, i) => {
    const heldForYou = status === 'held' && team.captainUserId === null && team.holdExpiresAt !== null
    return {
      id: team.id,
      name: team.name,
      leagueId: team.leagueId,
      leagueName: team.leagueName,
      status,
      isCaptain: team.captainUserId === user.id,
      playerCount: players.filter((p) => p.status === 'confirmed').length,
      rosterMax: team.rosterMax,
      heldForYou: heldForYou ? held(team, toIso(team.holdExpiresAt!)) : null,
      schedulePublished: schedules[i]!.published,
      nextGame: schedules[i]!.next,
    }
  })
}

/**
 * A team league's teams with their rosters, and the free agents staff may place on them: those
 * of this league and of the open individual leagues of its sport, by when they signed up.
 */
export async function leaguePlayers(db: Db, leagueId: string): Promise<LeaguePlayers | undefined> {
  const league = await db.kysely.selectFrom('leagues').select(['id', 'name', 'sport', 'kind', 'rosterMax']).where('id', '=', leagueId).executeTakeFirst()
  if (!league || league.kind !== 'team') return undefined
  const [teams, rows, agents] = await Promise.all([
    listTeamSummaries(db, { leagueIds: [leagueId] }),
    teamRegistrations(db)
      .innerJoin('teams as t', 't.id', 'r.teamId')
      .select('t.id as teamId')
      .where('t.leagueId', '=', leagueId)
      .where('o.kind', '=', 'roster-place')
      .where('r.status', 'in', ACTIVE_STATUSES)
      .orderBy('r.createdAt')
      .execute(),
    db.kysely
      .selectFrom('registrations as r')
      .innerJoin('offerings as o', 'o.id', 'r.offeringId')
      .innerJoin('leagues as l', 'l.id', 'o.leagueId')
      .innerJoin('users as u', 'u.id', 'r.userId')
      .select((eb) => [
        'r.id',
        'r.userId',
        'r.createdAt',
        'u.displayName',
        'u.email',
        'u.phone',
        'l.id as fromLeagueId',
        'l.name as fromLeagueName',
        amountDueOf(eb).as('priceCents'),
        amountPaidOf(eb).as('paidCents'),
      ])
      .where('o.kind', '=', 'league-place')
      .where('r.status', '=', 'confirmed')
      .where('r.participantKey', '=', ACCOUNT_HOLDER)
      .where('l.sport', '=', league.sport)
      .where((eb) => eb.or([eb('l.id', '=', leagueId), eb.and([eb('l.kind', '=', 'individual'), eb('l.isActive', '=', boolParam(db.dialect, true))])]))
      .orderBy('r.createdAt')
      .execute(),
  ])
  const player = (r: (typeof rows)[number]) => ({
    registrationId: r.id,
    userId: r.userId,
    name: r.displayName,
    email: r.email,
    phone: r.phone,
    status: r.status,
    balanceCents: amountsOf(r).balanceCents,
  })
  return {
    league: { id: league.id, name: league.name, sport: league.sport, rosterMax: league.rosterMax },
    teams: teams.map((team) => ({ ...team, players: rows.filter((r) => r.teamId === team.id).map(player) })),
    freeAgents: agents.map((a) => {
      const priceCents = toCount(a.priceCents)
      const paidCents = toCount(a.paidCents)
      return {
        registrationId: a.id,
        userId: a.userId,
        name: a.displayName,
        email: a.email,
        phone: a.phone,
        fromLeagueId: a.fromLeagueId,
        fromLeagueName: a.fromLeagueName,
        paidCents,
        balanceCents: priceCents - paidCents,
        signedUpAt: toIso(a.createdAt),
      }
    }),
  }
}

/**
 * A roster place with its person: contact, waiver, money and every change to their places in the
 * league (free agent sign-up, placement, moves), oldest first. Undefined unless it is on this team.
 */
export async function playerOnTeam(db: Db, ids: { leagueId: string; teamId: string; registrationId: string }): Promise<PlayerView | undefined> {
  const row = await teamRegistrations(db)
    .innerJoin('teams as t', 't.id', 'r.teamId')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select(['t.name as teamName', 't.captainUserId', 'l.id as leagueIdOfTeam', 'l.name as leagueName'])
    .where('r.id', '=', ids.registrationId)
    .where('r.teamId', '=', ids.teamId)
    .where('t.leagueId', '=', ids.leagueId)
    .where('o.kind', '=', 'roster-place')
    .executeTakeFirst()
  if (!row) return undefined
  const [waiver, signature, payments, places] = await Promise.all([
    currentWaiverSigned(db, row.userId, ACCOUNT_HOLDER),
    db.kysely
      .selectFrom('waiverSignatures')
      .select('signedAt')
      .where('userId', '=', row.userId)
      .where('subjectKey', '=', ACCOUNT_HOLDER)
      .orderBy('waiverVersion', 'desc')
      .limit(1)
      .executeTakeFirst(),
    listPayments(db, row.id),
    // Every place this person held that led here: the league's own and the ones moved from.
    db.kysely
      .selectFrom('registrations as r')
      .innerJoin('offerings as o', 'o.id', 'r.offeringId')
      .innerJoin('leagues as l', 'l.id', 'o.leagueId')
      .leftJoin('teams as t', 't.id', 'r.teamId')
      .select(['r.id', 'r.createdAt', 'l.name as leagueName', 't.name as teamName'])
      .where('r.userId', '=', row.userId)
      .where('r.participantKey', '=', ACCOUNT_HOLDER)
      .where((eb) => eb.or([eb('o.leagueId', '=', ids.leagueId), eb('r.status', '=', 'moved')]))
      .execute(),
  ])
  // A move ends one place and starts the next at the same moment: the older place's entry first.
  const history = (
    await Promise.all(
      places.map(async (place) =>
        (await listEvents(db, place.id)).map((e) => ({ ...e, place: place.teamName ?? place.leagueName, placeSince: toIso(place.createdAt) })),
      ),
    )
  )
    .flat()
    .sort((a, b) => a.at.localeCompare(b.at) || a.placeSince.localeCompare(b.placeSince))
    .map(({ placeSince: _since, ...entry }) => entry)
  return {
    registrationId: row.id,
    userId: row.userId,
    name: row.displayName,
    email: row.email,
    phone: row.phone,
    teamId: ids.teamId,
    teamName: row.teamName,
    leagueId: row.leagueIdOfTeam,
    leagueName: row.leagueName,
    isCaptain: row.captainUserId === row.userId,
    status: row.status,
    receiptNumber: row.receiptNumber,
    ...amountsOf(row),
    waiver: { version: waiver.version, signed: waiver.signed, signedAt: signature ? toIso(signature.signedAt) : null },
    payments,
    history,
  }
}
