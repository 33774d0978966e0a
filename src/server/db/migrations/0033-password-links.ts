import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Every password link the site makes, kept after the link itself is used or ended (issue 30): a
 * new link ends the account's others (the authentication library's `verifications` rows go), so
 * these rows are what the limit on links per account counts (docs/decisions/0016).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('passwordLinks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The staff member who made it (the desk, an admin); null for Forgot Password. */
    .addColumn('madeBy', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('passwordLinks_userId_createdAt').on('passwordLinks').columns(['userId', 'createdAt']).execute()
}
