import type { Db } from '../../db/connect.ts'
import { batchedRead } from '../../db/read-batches.ts'
import { boolParam, inList } from '../../db/values.ts'
import type { LeagueKind } from '../../../shared/sports.ts'
import { OFFERING_COLUMNS, ownRules, PRICE_COLUMNS, type Offering } from '../../core/registrations/offerings.queries.ts'

/**
 * The places of a league as the registration engine reads them (offerings.queries.ts): a player's
 * place here, a team's entry and a roster place in features/teams/team-places.ts. They live on the
 * lowest floor that signs people up for a league (this feature's register route), so the teams,
 * the leagues and the desk above it read them too.
 */

/** Offerings of active leagues (aliased `o`, `l`, `p`) with what the engine reads of them. */
export function leagueOfferings(db: Db) {
  return db.kysely
    .selectFrom('offerings as o')
    .innerJoin('leagues as l', 'l.id', 'o.leagueId')
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select([...OFFERING_COLUMNS, ...PRICE_COLUMNS])
    .select(['l.id as ownerId', 'o.teamId', 'l.name', 'l.registrationDate', 'l.registrationDeadline', 'l.rosterDeadline', 'l.startDate', 'l.endDate as lastDay', 'l.minAge', 'l.maxAge', 'l.forChildren', 'l.waiverRequired', 'l.payAtSignUp'])
    .where('l.isActive', '=', boolParam(db.dialect, true))
}

type LeagueOfferingRow = Awaited<ReturnType<ReturnType<typeof leagueOfferings>['executeTakeFirstOrThrow']>>

/**
 * A league's offering in the engine's shape. A roster's places carry their team and the league's
 * slot onto each place (one live place per league and participant, docs/decisions/0015), and
 * change until the roster deadline; without one, while the league takes registrations.
 */
export function toLeagueOffering({ rosterDeadline, teamId, ...row }: LeagueOfferingRow): Offering {
  if (row.kind !== 'roster-place' || teamId === null) return ownRules(row, null)
  return ownRules({ ...row, registrationDeadline: rosterDeadline ?? row.registrationDeadline, kindColumns: { teamId, leagueSlot: row.ownerId } }, null)
}

/** The player places of an active league (of `kind`, when given); undefined when there is none. */
export async function findLeagueOffering(db: Db, leagueId: string, { kind }: { kind?: LeagueKind } = {}): Promise<Offering | undefined> {
  const found = await leagueOfferingOf(db, leagueId)
  return found && (!kind || found.leagueKind === kind) ? found.offering : undefined
}

/** The player places of active leagues: the requests arriving together in one query. */
const leagueOfferingOf = batchedRead(async (db: Db, leagueIds: readonly string[]) => {
  const rows = await leagueOfferings(db)
    .select('l.kind as leagueKind')
    .where(inList(db.dialect, 'o.leagueId', [...new Set(leagueIds)]))
    .where('o.kind', '=', 'league-place')
    .execute()
  const found = new Map(rows.map(({ leagueKind, ...row }) => [row.ownerId, { leagueKind, offering: toLeagueOffering(row) }]))
  return leagueIds.map((id) => found.get(id))
})

/** The counters of a league's player places: for staff views, checks and benches. */
export async function leaguePlaces(db: Db, leagueId: string): Promise<{ id: string; capacity: number | null; placesTaken: number; waiting: number; seq: number }> {
  return db.kysely
    .selectFrom('offerings')
    .select(['id', 'capacity', 'placesTaken', 'waiting', 'seq'])
    .where('leagueId', '=', leagueId)
    .where('kind', '=', 'league-place')
    .executeTakeFirstOrThrow()
}
