import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * The private calendar feeds of teams and academies (issue 33): one opaque random token per
 * owner, the whole secret of its link, as a calendar app keeps it and fetches it without signing
 * in. Regenerating replaces the token, so the old link stops working at once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('calendarFeeds')
    /** `team` or `academy`. */
    .addColumn('ownerKind', 'text', (c) => c.notNull())
    .addColumn('ownerId', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('calendarFeeds_pk', ['ownerKind', 'ownerId'])
    .execute()
}
