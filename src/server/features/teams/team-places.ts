import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import type { Write } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { playersPayFee, teamPaysFee, type TeamPayment } from '../../../shared/schemas/team.ts'
import type { LeagueKind } from '../../../shared/sports.ts'
import type { Counters } from '../../core/registrations/capacity.ts'
import { productPriced } from '../../core/payments/products.queries.ts'
import { receiptPrefixOf, type Offering } from '../../core/registrations/offerings.queries.ts'
import { findLeagueOffering, leagueOfferings, toLeagueOffering } from '../registrations/league-places.ts'

/** What staff set on a league that decides its team places and what rosters cost. */
export interface TeamLeague {
  id: string
  name: string
  kind: LeagueKind
  teamCapacity: number | null
  /** The fewest teams confirmed for it to run; null or left out: none. */
  teamMinimum?: number | null
  teamPayment: TeamPayment | null
  teamFeeCents: number | null
  /** A product of the price list chosen for the captain's fee (checked by the caller); null: the fee typed. */
  teamFeeProductId?: string | null
}

/**
 * Makes a team league's places match its settings, in the caller's transaction: the team places
 * (capacity: how many teams; product: the team fee when captains pay) and every roster of the
 * league (product: the league's player fee when players pay). Answers the team places' capacity
 * before, so the caller offers new places to waiting teams; undefined for a league without teams.
 */
export async function syncTeamPlaces(tx: Db, league: TeamLeague, now: Date): Promise<{ offeringId: string; capacityBefore: number | null } | undefined> {
  let current = tx.kysely.selectFrom('offerings').select(['id', 'capacity', 'productId']).where('leagueId', '=', league.id).where('kind', '=', 'team-place')
  if (tx.dialect === 'postgres') current = current.forUpdate()
  const before = await current.executeTakeFirst()
  if (!before && league.kind !== 'team') return undefined

  const at = timestampParam(tx.dialect, now)
  const teamFeeProduct = !teamPaysFee(league.teamPayment)
    ? null
    : (league.teamFeeProductId ?? (await productPriced(tx, { name: `${league.name} team fee`, purpose: 'team-fee', priceCents: league.teamFeeCents ?? 0, current: before?.productId ?? null, now })))

  let offeringId = before?.id
  if (offeringId) {
    await tx.kysely.updateTable('offerings').set({ capacity: league.teamCapacity, minimum: league.teamMinimum ?? null, productId: teamFeeProduct }).where('id', '=', offeringId).execute()
  } else {
    offeringId = randomUUID()
    await tx.kysely
      .insertInto('offerings')
      .values({
        id: offeringId,
        kind: 'team-place',
        leagueId: league.id,
        academyId: null,
        teamId: null,
        productId: teamFeeProduct,
        capacity: league.teamCapacity,
        minimum: league.teamMinimum ?? null,
        receiptPrefix: `T${receiptPrefixOf(league.id).slice(0, 7)}`,
        createdAt: at,
      })
      .execute()
  }

  await tx.kysely
    .updateTable('offerings')
    .set({ productId: playersPayFee(league.teamPayment) ? await playerFeeProduct(tx, league.id) : null })
    .where('leagueId', '=', league.id)
    .where('kind', '=', 'roster-place')
    .execute()
  return { offeringId, capacityBefore: before ? before.capacity : null }
}

/** The team places of an active team league; undefined when there is none. */
export async function findTeamPlaces(db: Db, leagueId: string): Promise<Offering | undefined> {
  const row = await leagueOfferings(db).where('o.leagueId', '=', leagueId).where('o.kind', '=', 'team-place').where('l.kind', '=', 'team').executeTakeFirst()
  return row && toLeagueOffering(row)
}

/** The roster places of a team of an active league; undefined when there is none. */
export async function findRosterPlaces(db: Db, teamId: string): Promise<Offering | undefined> {
  const row = await leagueOfferings(db).where('o.teamId', '=', teamId).where('o.kind', '=', 'roster-place').executeTakeFirst()
  return row && toLeagueOffering(row)
}

/** The league's player fee: the product of its player places. */
export async function playerFeeProduct(db: Db, leagueId: string): Promise<string | null> {
  const row = await db.kysely.selectFrom('offerings').select('productId').where('leagueId', '=', leagueId).where('kind', '=', 'league-place').executeTakeFirst()
  return row?.productId ?? null
}

/**
 * The roster of a new team of the league whose team places are `places`: as many places as the
 * league's roster maximum, open until its roster deadline, at the player fee when players pay.
 */
export async function rosterOf(db: Db, places: Offering, teamId: string): Promise<Offering> {
  const leagueId = places.ownerId
  const [league, playerPlaces] = await Promise.all([
    db.kysely.selectFrom('leagues').select(['rosterMax', 'rosterDeadline', 'teamPayment']).where('id', '=', leagueId).executeTakeFirstOrThrow(),
    findLeagueOffering(db, leagueId),
  ])
  const fee = playersPayFee(league.teamPayment) ? playerPlaces : undefined
  return {
    ...places,
    id: randomUUID(),
    kind: 'roster-place',
    kindColumns: { teamId, leagueSlot: leagueId },
    capacity: league.rosterMax,
    placesTaken: 0,
    receiptPrefix: receiptPrefixOf(teamId),
    registrationDeadline: league.rosterDeadline ?? places.registrationDeadline,
    productId: fee?.productId ?? null,
    listPriceCents: fee?.listPriceCents ?? 0,
    earlyBird: fee?.earlyBird ?? null,
    familyDiscountPercent: fee?.familyDiscountPercent ?? null,
    plan: fee?.plan ?? null,
  }
}

/** The insert of new rosters (`rosterOf`), each with its counters when given (a first place written with it). */
export function rosterInsert(tx: Db, rosters: readonly { roster: Offering; at: Date | string; counters?: Counters }[]): Write {
  return tx.kysely.insertInto('offerings').values(
    rosters.map(({ roster, at, counters }) => ({
      id: roster.id,
      kind: 'roster-place' as const,
      leagueId: roster.ownerId,
      academyId: null,
      teamId: roster.kindColumns.teamId,
      productId: roster.productId,
      capacity: roster.capacity,
      receiptPrefix: roster.receiptPrefix,
      createdAt: at,
      ...counters,
    })),
  )
}
