import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam, toBool } from '../../db/values.ts'
import { createOffering } from '../../core/registrations/offerings.queries.ts'
import { syncTeamPlaces } from '../teams/team-places.ts'
import { teamPaysFee, type TeamPayment } from '../../../shared/schemas/team.ts'
import type { LeagueSummary } from '../../../shared/contracts/leagues.ts'
import type { PriceRules } from '../../../shared/contracts/products.ts'
import { earlyBirdOf, programPlanOf } from '../../core/payments/products.queries.ts'
import { isForChildren, type ActiveLeague, type LeagueKind, type Sport } from '../../../shared/sports.ts'

/** Product §7: the leagues with isActive true, for the home page, with a player's price and early-bird price (migration 0035 announces their changes). */
export function activeLeaguesQuery(db: Db) {
  return db.kysely
    .selectFrom('leagues as l')
    .leftJoin('offerings as o', (join) => join.onRef('o.leagueId', '=', 'l.id').on('o.kind', '=', 'league-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select(['l.id', 'l.name', 'l.sport', 'l.kind', 'l.description', 'l.registrationDate', 'l.startDate', 'l.endDate', 'l.registrationDeadline', 'p.earlyBirdPriceCents', 'p.earlyBirdUntil'])
    .select((eb) => eb.fn.coalesce('p.listPriceCents', eb.lit(0)).as('priceCents'))
    .where('l.isActive', '=', boolParam(db.dialect, true))
    .orderBy('l.startDate')
    .orderBy('l.name')
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
  registrationDeadline?: string | null
  priceCents?: number
  /** The product of the price list its player places take their price from; null: the typed price. */
  priceProductId?: string | null
  capacity?: number | null
  /** The fewest confirmed places it needs to run: players, or in a team league teams; null: none. */
  minimum?: number | null
  /** A place is held while its customer pays online (issue 24); left out: paid later. */
  payAtSignUp?: boolean
  teamCapacity?: number | null
  rosterMin?: number | null
  rosterMax?: number | null
  rosterDeadline?: string | null
  teamPayment?: TeamPayment | null
  teamFeeCents?: number | null
  /** The price list's product for the captain's fee; without it, the fee typed (as a product of its own). */
  teamFeeProductId?: string | null
  minAge?: number | null
  maxAge?: number | null
}

/** A league with its player places and their price (docs/decisions/0012), in one transaction. */
export async function insertLeague(db: Db, league: NewLeague): Promise<string> {
  const id = randomUUID()
  const at = new Date()
  const now = timestampParam(db.dialect, at)
  await inTransaction(db, async (tx) => {
    await tx.kysely
      .insertInto('leagues')
      .values({
        id,
        name: league.name,
        sport: league.sport,
        kind: league.kind,
        description: league.description ?? null,
        isActive: boolParam(tx.dialect, league.isActive),
        registrationDate: league.registrationDate,
        startDate: league.startDate,
        endDate: league.endDate,
        registrationDeadline: league.registrationDeadline ?? null,
        rosterMin: league.rosterMin ?? null,
        rosterMax: league.rosterMax ?? null,
        rosterDeadline: league.rosterDeadline ?? null,
        teamPayment: league.kind === 'team' ? (league.teamPayment ?? 'player-fee') : null,
        minAge: league.minAge ?? null,
        maxAge: league.maxAge ?? null,
        forChildren: boolParam(tx.dialect, isForChildren(league)),
        payAtSignUp: boolParam(tx.dialect, league.payAtSignUp ?? false),
        createdAt: now,
        updatedAt: now,
      })
      .execute()
    await createOffering(tx, { kind: 'league-place', owner: { column: 'leagueId', id }, name: league.name, capacity: league.capacity ?? null, minimum: league.kind === 'team' ? null : (league.minimum ?? null), priceCents: league.priceCents ?? 0, productId: league.priceProductId ?? null }, at)
    await syncTeamPlaces(
      tx,
      {
        id,
        name: league.name,
        kind: league.kind,
        teamCapacity: league.teamCapacity ?? null,
        teamMinimum: league.minimum ?? null,
        teamPayment: league.kind === 'team' ? (league.teamPayment ?? 'player-fee') : null,
        teamFeeCents: league.teamFeeCents ?? null,
        teamFeeProductId: league.teamFeeProductId ?? null,
      },
      at,
    )
  })
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
  registrationDeadline: string | null
  priceCents: number
  capacity: number | null
  placesTaken: number
  minAge: number | null
  maxAge: number | null
  waitlistSize: number
  pricing: PriceRules
}

/**
 * Leagues (aliased `l`) with their player places and price: what staff and the sign-up pages
 * read of a league's offering (docs/decisions/0012). Callers add the league's own columns.
 */
export function leaguesWithPlaces(db: Db) {
  return db.kysely
    .selectFrom('leagues as l')
    .innerJoin('offerings as o', (join) => join.onRef('o.leagueId', '=', 'l.id').on('o.kind', '=', 'league-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select((eb) => [eb.fn.coalesce('p.listPriceCents', eb.lit(0)).as('priceCents'), 'o.capacity', 'o.placesTaken'])
}

/** The active individual leagues of a sport (or of every sport), for the sign-up pages. */
export async function listSignUpLeagues(db: Db, sport: Sport | undefined): Promise<SignUpLeague[]> {
  let query = leaguesWithPlaces(db)
    .select(['l.id', 'l.name', 'l.sport', 'l.kind', 'l.description', 'l.registrationDate', 'l.startDate', 'l.endDate', 'l.registrationDeadline', 'l.minAge', 'l.maxAge', 'o.waiting as waitlistSize'])
    .select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil', 'p.familyDiscountPercent', 'p.planDepositCents', 'p.planDueDates', 'p.lateSignUpPrice'])
    .where('l.isActive', '=', boolParam(db.dialect, true))
    .where('l.kind', '=', 'individual')
  if (sport) query = query.where('l.sport', '=', sport)
  const rows = await query.orderBy('l.startDate').orderBy('l.name').execute()
  return rows.map(({ familyDiscountPercent, planDepositCents, planDueDates, lateSignUpPrice, ...league }) => ({
    ...league,
    pricing: { listPriceCents: league.priceCents, earlyBird: earlyBirdOf(league), familyDiscountPercent, plan: programPlanOf({ planDepositCents, planDueDates }, league.endDate), lateSignUpPrice: lateSignUpPrice ?? 'full' },
  }))
}

/** One league with its price as the league page shows it, whether or not it is open. */
export async function findLeagueSummary(db: Db, leagueId: string): Promise<LeagueSummary | undefined> {
  const row = await db.kysely
    .selectFrom('leagues as l')
    .innerJoin('offerings as o', (join) => join.onRef('o.leagueId', '=', 'l.id').on('o.kind', '=', 'league-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .leftJoin('offerings as teamPlaces', (join) => join.onRef('teamPlaces.leagueId', '=', 'l.id').on('teamPlaces.kind', '=', 'team-place'))
    .leftJoin('products as teamFee', 'teamFee.id', 'teamPlaces.productId')
    .leftJoin('gameNights as n', 'n.leagueId', 'l.id')
    .select(['l.id', 'l.name', 'l.sport', 'l.kind', 'l.isActive', 'l.startDate', 'l.endDate', 'l.teamPayment', 'p.listPriceCents as priceCents', 'teamFee.listPriceCents as teamFeeCents', 'n.publishedAt'])
    .where('l.id', '=', leagueId)
    .executeTakeFirst()
  if (!row) return undefined
  const { publishedAt, ...league } = row
  return {
    ...league,
    schedulePublished: publishedAt !== null && publishedAt !== undefined,
    isActive: toBool(league.isActive),
    priceCents: league.priceCents ?? 0,
    teamFeeCents: teamPaysFee(league.teamPayment) ? (league.teamFeeCents ?? 0) : null,
  }
}
