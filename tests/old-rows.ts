import type { Kysely } from 'kysely'
import type { Dialect } from '../src/server/db/connect.ts'
import { boolParam, timestampParam } from '../src/server/db/values.ts'

/**
 * Rows written as an older schema kept them, for migration tests: the app's own queries write
 * today's columns, which a database migrated only part way does not have yet.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before a migration has no types any more
type OldDb = Kysely<any>

/** A league as migrations 0002–0021 kept it, with its player places `<id>-places` (0010). */
export async function oldLeague(
  old: OldDb,
  dialect: Dialect,
  id: string,
  overrides: { name?: string; sport?: string; minAge?: number; maxAge?: number } = {},
): Promise<void> {
  const at = timestampParam(dialect, new Date(Date.UTC(2026, 10, 1, 12)))
  await old
    .insertInto('leagues')
    .values({
      id,
      name: overrides.name ?? 'Refund League',
      sport: overrides.sport ?? 'soccer',
      kind: 'individual',
      description: null,
      isActive: boolParam(dialect, true),
      registrationDate: '2026-11-01',
      startDate: '2027-01-10',
      endDate: '2027-03-10',
      registrationDeadline: null,
      rosterMin: null,
      rosterMax: null,
      rosterDeadline: null,
      teamPayment: null,
      minAge: overrides.minAge ?? null,
      maxAge: overrides.maxAge ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .execute()
  await old
    .insertInto('offerings')
    .values({ id: `${id}-places`, kind: 'league-place', leagueId: id, academyId: null, teamId: null, productId: null, capacity: null, receiptPrefix: id.slice(0, 8).toUpperCase(), createdAt: at })
    .execute()
}
