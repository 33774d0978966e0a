import type { Db } from '../../db/connect.ts'
import { isForChildren } from '../../../shared/sports.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam, toBool, toCount, toIso } from '../../db/values.ts'
import type { AdminLeague, SaveLeagueResult } from '../../../shared/contracts/leagues.ts'
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { updateOffering } from '../../core/registrations/offerings.queries.ts'
import { earlyBirdOf } from '../../core/payments/products.queries.ts'
import { offerFreePlaces } from '../../core/registrations/waitlist.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { syncTeamPlaces } from '../teams/team-places.ts'
import { noTeams, teamStatusCounts } from '../teams/teams.queries.ts'
import type { TeamStatus } from '../../../shared/schemas/team.ts'
import { insertLeague, leaguesWithPlaces, type NewLeague } from './leagues.queries.ts'

/** Everything staff set on a league; nothing is left to a default. */
export type LeagueSettings = Required<NewLeague>

type StatusCounts = Record<RegistrationStatus, number>

const noRegistrations = (): StatusCounts => Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, 0])) as StatusCounts

/** Registrations per league and status; one league or all of them. */
async function countRegistrations(db: Db, leagueId?: string): Promise<Map<string, StatusCounts>> {
  let query = db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select((eb) => ['o.leagueId', 'r.status', eb.fn.countAll<string | number>().as('n')])
    .where('o.kind', '=', 'league-place')
    .groupBy(['o.leagueId', 'r.status'])
    .$narrowType<{ leagueId: string }>()
  if (leagueId) query = query.where('o.leagueId', '=', leagueId)
  const counts = new Map<string, StatusCounts>()
  for (const row of await query.execute()) {
    const league = counts.get(row.leagueId) ?? noRegistrations()
    league[row.status] = toCount(row.n)
    counts.set(row.leagueId, league)
  }
  return counts
}

/** Leagues with everything staff set on them, their player places and price included. */
function selectLeagues(db: Db) {
  return leaguesWithPlaces(db)
    .leftJoin('offerings as teamPlaces', (join) => join.onRef('teamPlaces.leagueId', '=', 'l.id').on('teamPlaces.kind', '=', 'team-place'))
    .leftJoin('products as teamFee', 'teamFee.id', 'teamPlaces.productId')
    .select([
    'teamPlaces.capacity as teamCapacity',
    'teamPlaces.minimum as teamMinimum',
    'o.minimum as playerMinimum',
    'teamPlaces.placesTaken as teamsTaken',
    'teamFee.listPriceCents as teamFeeCents',
    'p.earlyBirdPriceCents',
    'p.earlyBirdUntil',
    'l.id',
    'l.name',
    'l.sport',
    'l.kind',
    'l.description',
    'l.isActive',
    'l.registrationDate',
    'l.startDate',
    'l.endDate',
    'l.registrationDeadline',
    'l.teamPayment',
    'l.rosterDeadline',
    'l.rosterMin',
    'l.rosterMax',
    'l.minAge',
    'l.maxAge',
    'l.payAtSignUp',
    'l.createdAt',
    'l.updatedAt',
  ])
}

type LeagueRow = Awaited<ReturnType<ReturnType<typeof selectLeagues>['executeTakeFirstOrThrow']>>

function toAdminLeague({ earlyBirdPriceCents, earlyBirdUntil, teamMinimum, playerMinimum, ...row }: LeagueRow, counts: StatusCounts = noRegistrations(), teams?: Record<TeamStatus, number>): AdminLeague {
  return {
    ...row,
    earlyBird: earlyBirdOf({ earlyBirdPriceCents, earlyBirdUntil }),
    // A team league's minimum is of teams, kept on its team places; another's on its player places.
    minimum: row.kind === 'team' ? (teamMinimum ?? null) : playerMinimum,
    teams: row.kind === 'team' ? (teams ?? noTeams()) : null,
    teamsTaken: row.teamsTaken ?? 0,
    isActive: toBool(row.isActive),
    payAtSignUp: toBool(row.payAtSignUp),
    waitlistSize: counts.waitlisted,
    registrations: counts,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  }
}

/** Every league, open ones first, then the latest start first. */
export async function listLeaguesForAdmin(db: Db): Promise<AdminLeague[]> {
  const [rows, counts] = await Promise.all([
    selectLeagues(db).orderBy('l.isActive', 'desc').orderBy('l.startDate', 'desc').orderBy('l.name').orderBy('l.id').execute(),
    countRegistrations(db),
  ])
  const teams = await teamStatusCounts(db, rows.filter((r) => r.kind === 'team').map((r) => r.id))
  return rows.map((row) => toAdminLeague(row, counts.get(row.id), teams.get(row.id)))
}

export async function findLeagueForAdmin(db: Db, leagueId: string): Promise<AdminLeague | undefined> {
  const row = await selectLeagues(db).where('l.id', '=', leagueId).executeTakeFirst()
  if (!row) return undefined
  const teams = row.kind === 'team' ? (await teamStatusCounts(db, [leagueId])).get(leagueId) : undefined
  return toAdminLeague(row, (await countRegistrations(db, leagueId)).get(leagueId), teams)
}

export async function createLeague(db: Db, settings: LeagueSettings): Promise<AdminLeague> {
  const id = await insertLeague(db, settings)
  const league = await findLeagueForAdmin(db, id)
  if (!league) throw new Error(`league ${id} vanished after insert`)
  return league
}

/** Holds a league's places (PostgreSQL; SQLite runs one transaction at a time), as `updateLeague` does first: what the caller reads next is what its change replaces. */
export async function holdLeague(tx: Db, leagueId: string): Promise<void> {
  if (tx.dialect === 'postgres') await tx.kysely.selectFrom('offerings').select('id').where('leagueId', '=', leagueId).where('kind', '=', 'league-place').forUpdate().execute()
}

/**
 * Saves a league's settings. Lowering the capacity below the places taken removes nobody;
 * raising it (or removing the limit) offers the new places to the waitlist in the same
 * transaction, so a registration arriving meanwhile cannot take them first. Answers the saved
 * league, or undefined when there is no such league.
 */
export async function updateLeague(
  db: Db,
  leagueId: string,
  settings: LeagueSettings,
  ctx: ChangeContext,
): Promise<SaveLeagueResult | undefined> {
  return inTransaction(db, async (tx) => {
    const places = await updateOffering(
      tx,
      { kind: 'league-place', owner: { column: 'leagueId', id: leagueId }, name: settings.name, capacity: settings.capacity, minimum: settings.kind === 'team' ? null : settings.minimum, priceCents: settings.priceCents, productId: settings.priceProductId },
      ctx.now,
    )
    if (!places) return undefined
    await tx.kysely
      .updateTable('leagues')
      .set({
        name: settings.name,
        sport: settings.sport,
        forChildren: boolParam(tx.dialect, isForChildren(settings)),
        kind: settings.kind,
        description: settings.description,
        isActive: boolParam(tx.dialect, settings.isActive),
        payAtSignUp: boolParam(tx.dialect, settings.payAtSignUp),
        registrationDate: settings.registrationDate,
        startDate: settings.startDate,
        endDate: settings.endDate,
        registrationDeadline: settings.registrationDeadline,
        rosterMin: settings.rosterMin,
        rosterMax: settings.rosterMax,
        rosterDeadline: settings.rosterDeadline,
        teamPayment: settings.teamPayment,
        minAge: settings.minAge,
        maxAge: settings.maxAge,
        updatedAt: timestampParam(tx.dialect, ctx.now),
      })
      .where('id', '=', leagueId)
      .execute()
    const teamPlaces = await syncTeamPlaces(tx, { id: leagueId, ...settings, teamMinimum: settings.minimum }, ctx.now)
    const raised = (before: number | null, after: number | null) => before !== null && (after === null || after > before)
    let offered = raised(places.capacityBefore, settings.capacity) ? await offerFreePlaces(tx, places.offeringId, ctx) : 0
    if (teamPlaces && raised(teamPlaces.capacityBefore, settings.teamCapacity)) offered += await offerFreePlaces(tx, teamPlaces.offeringId, ctx)
    const league = await findLeagueForAdmin(tx, leagueId)
    return league && { league, offered }
  })
}
