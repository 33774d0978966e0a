import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/**
 * The fewest places a league, academy or camp needs to run (issue 32, docs/decisions/0030): kept
 * on its places beside their capacity (an individual league's, an academy's or a camp's places; a
 * team league's team places), null for none. The Dashboard's Needs attention names a program
 * starting within a week with fewer places confirmed.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('offerings').addColumn('minimum', 'integer').execute()
}
