import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam, toCount } from '../../db/values.ts'
import type { ActiveLeague, LeagueKind, Sport } from '../../../shared/sports.ts'

/** Spec §7: the leagues with isActive true, for the home page. */
export function activeLeaguesQuery(db: Db) {
  return db.kysely
    .selectFrom('leagues')
    .select(['id', 'name', 'sport', 'kind', 'description', 'registrationDate', 'startDate', 'endDate'])
    .where('isActive', '=', boolParam(db.dialect, true))
    .orderBy('startDate')
    .orderBy('name')
}

export async function listActiveLeagues(db: Db): Promise<ActiveLeague[]> {
  return activeLeaguesQuery(db).execute()
}

export interface NewLeague {
  name: string
  sport: Sport
  kind: LeagueKind
  description?: string | null
  isActive: boolean
  registrationDate: string
  startDate: string
  endDate: string
  priceCents?: number
  capacity?: number | null
  teamCapacity?: number | null
  rosterMin?: number | null
  rosterMax?: number | null
  minAge?: number | null
  maxAge?: number | null
}

export async function insertLeague(db: Db, league: NewLeague): Promise<string> {
  const id = randomUUID()
  const now = timestampParam(db.dialect, new Date())
  await db.kysely
    .insertInto('leagues')
    .values({
      id,
      name: league.name,
      sport: league.sport,
      kind: league.kind,
      description: league.description ?? null,
      isActive: boolParam(db.dialect, league.isActive),
      registrationDate: league.registrationDate,
      startDate: league.startDate,
      endDate: league.endDate,
      priceCents: league.priceCents ?? 0,
      capacity: league.capacity ?? null,
      teamCapacity: league.teamCapacity ?? null,
      rosterMin: league.rosterMin ?? null,
      rosterMax: league.rosterMax ?? null,
      minAge: league.minAge ?? null,
      maxAge: league.maxAge ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  return id
}

export async function countActiveLeagues(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('leagues')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('isActive', '=', boolParam(db.dialect, true))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export interface SignUpLeague extends ActiveLeague {
  priceCents: number
  capacity: number | null
  placesTaken: number
  minAge: number | null
  maxAge: number | null
}

const SIGN_UP_COLUMNS = [
  'id',
  'name',
  'sport',
  'kind',
  'description',
  'registrationDate',
  'startDate',
  'endDate',
  'priceCents',
  'capacity',
  'placesTaken',
  'minAge',
  'maxAge',
] as const

/** An active league with what a sign-up needs; undefined when missing or not active. */
export async function findLeagueForSignUp(db: Db, leagueId: string): Promise<SignUpLeague | undefined> {
  return db.kysely
    .selectFrom('leagues')
    .select(SIGN_UP_COLUMNS)
    .where('id', '=', leagueId)
    .where('isActive', '=', boolParam(db.dialect, true))
    .executeTakeFirst()
}

/** The active individual leagues of a sport (or of every sport), for the sign-up pages. */
export async function listSignUpLeagues(db: Db, sport: Sport | undefined): Promise<SignUpLeague[]> {
  let query = db.kysely
    .selectFrom('leagues')
    .select(SIGN_UP_COLUMNS)
    .where('isActive', '=', boolParam(db.dialect, true))
    .where('kind', '=', 'individual')
  if (sport) query = query.where('sport', '=', sport)
  return query.orderBy('startDate').orderBy('name').execute()
}

export async function waitlistSizes(db: Db, leagueIds: string[]): Promise<Map<string, number>> {
  if (leagueIds.length === 0) return new Map()
  const rows = await db.kysely
    .selectFrom('registrations')
    .select((eb) => ['leagueId', eb.fn.countAll<string | number>().as('n')])
    .where('status', '=', 'waitlisted')
    .where('leagueId', 'in', leagueIds)
    .groupBy('leagueId')
    .execute()
  return new Map(rows.map((r) => [r.leagueId, toCount(r.n)]))
}
