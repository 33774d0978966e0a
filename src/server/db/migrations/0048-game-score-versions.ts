import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/**
 * A game's result's version (issue 33, features/schedule/scores.queries.ts): counts the changes of
 * its score or forfeit. A scorer's change names the version they saw, and is refused when another
 * changed the result since, never overwriting it unseen. A count, not the game's updatedAt, so two
 * changes within one millisecond still differ.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('games')
    .addColumn('scoreVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
