import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * The unsubscribe link of a staff message carries an opaque random token, one per address, kept
 * here, rather than the address itself with a signature (docs/decisions/0031): a link ends up in
 * access logs and mail scanners' reports, and the address should not. Links written before this
 * migration stop working; the next message carries the address's new one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('unsubscribeTokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    /** Lower-cased, as messageRecipients and unsubscribes keep it: one token per address. */
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
}
