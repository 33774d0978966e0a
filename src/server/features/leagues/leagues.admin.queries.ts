import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam, toBool, toCount, toIso } from '../../db/values.ts'
import type { AdminLeague, SaveLeagueResult } from '../../../shared/schemas/league.ts'
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { offerFreePlaces, type WaitlistContext } from '../registrations/waitlist.ts'
import { insertLeague, type NewLeague } from './leagues.queries.ts'

/** Everything staff set on a league; nothing is left to a default. */
export type LeagueSettings = Required<NewLeague>

const ADMIN_COLUMNS = [
  'id',
  'name',
  'sport',
  'kind',
  'description',
  'isActive',
  'registrationDate',
  'startDate',
  'endDate',
  'priceCents',
  'capacity',
  'placesTaken',
  'teamCapacity',
  'rosterMin',
  'rosterMax',
  'minAge',
  'maxAge',
  'createdAt',
  'updatedAt',
] as const

type StatusCounts = Record<RegistrationStatus, number>

const noRegistrations = (): StatusCounts => Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, 0])) as StatusCounts

/** Registrations per league and status; one league or all of them. */
async function countRegistrations(db: Db, leagueId?: string): Promise<Map<string, StatusCounts>> {
  let query = db.kysely
    .selectFrom('registrations')
    .select((eb) => ['leagueId', 'status', eb.fn.countAll<string | number>().as('n')])
    .groupBy(['leagueId', 'status'])
  if (leagueId) query = query.where('leagueId', '=', leagueId)
  const counts = new Map<string, StatusCounts>()
  for (const row of await query.execute()) {
    const league = counts.get(row.leagueId) ?? noRegistrations()
    league[row.status] = toCount(row.n)
    counts.set(row.leagueId, league)
  }
  return counts
}

function selectLeagues(db: Db) {
  return db.kysely.selectFrom('leagues').select(ADMIN_COLUMNS)
}

type LeagueRow = Awaited<ReturnType<ReturnType<typeof selectLeagues>['executeTakeFirstOrThrow']>>

function toAdminLeague(row: LeagueRow, counts: StatusCounts = noRegistrations()): AdminLeague {
  return {
    ...row,
    isActive: toBool(row.isActive),
    waitlistSize: counts.waitlisted,
    registrations: counts,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  }
}

/** Every league, open ones first, then the latest start first. */
export async function listLeaguesForAdmin(db: Db): Promise<AdminLeague[]> {
  const [rows, counts] = await Promise.all([
    selectLeagues(db).orderBy('isActive', 'desc').orderBy('startDate', 'desc').orderBy('name').orderBy('id').execute(),
    countRegistrations(db),
  ])
  return rows.map((row) => toAdminLeague(row, counts.get(row.id)))
}

export async function findLeagueForAdmin(db: Db, leagueId: string): Promise<AdminLeague | undefined> {
  const row = await selectLeagues(db).where('id', '=', leagueId).executeTakeFirst()
  if (!row) return undefined
  return toAdminLeague(row, (await countRegistrations(db, leagueId)).get(leagueId))
}

export async function createLeague(db: Db, settings: LeagueSettings): Promise<AdminLeague> {
  const id = await insertLeague(db, settings)
  const league = await findLeagueForAdmin(db, id)
  if (!league) throw new Error(`league ${id} vanished after insert`)
  return league
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
  ctx: WaitlistContext,
): Promise<SaveLeagueResult | undefined> {
  return inTransaction(db, async (tx) => {
    const current = tx.kysely.selectFrom('leagues').select('capacity').where('id', '=', leagueId)
    // PostgreSQL: hold the row so the capacity compared below is the one being replaced.
    // SQLite runs one transaction at a time and has no FOR UPDATE.
    const before = await (tx.dialect === 'postgres' ? current.forUpdate() : current).executeTakeFirst()
    if (!before) return undefined
    await tx.kysely
      .updateTable('leagues')
      .set({
        name: settings.name,
        sport: settings.sport,
        kind: settings.kind,
        description: settings.description,
        isActive: boolParam(tx.dialect, settings.isActive),
        registrationDate: settings.registrationDate,
        startDate: settings.startDate,
        endDate: settings.endDate,
        priceCents: settings.priceCents,
        capacity: settings.capacity,
        teamCapacity: settings.teamCapacity,
        rosterMin: settings.rosterMin,
        rosterMax: settings.rosterMax,
        minAge: settings.minAge,
        maxAge: settings.maxAge,
        updatedAt: timestampParam(tx.dialect, ctx.now),
      })
      .where('id', '=', leagueId)
      .execute()
    const raised =
      before.capacity !== null && (settings.capacity === null || settings.capacity > before.capacity)
    const offered = raised ? await offerFreePlaces(tx, leagueId, ctx) : 0
    const league = await findLeagueForAdmin(tx, leagueId)
    return league && { league, offered }
  })
}
