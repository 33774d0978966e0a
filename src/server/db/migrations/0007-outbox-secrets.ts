import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Emails carrying a one-time link (account confirmation, password reset) are marked, so staff
 * and the log see that they exist but never their link (issue 9, item 4). Emails already queued
 * with a token in their text are marked too.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  const no = dialect === 'postgres' ? sql`false` : sql`0`
  const yes = dialect === 'postgres' ? sql`true` : sql`1`
  await db.schema.alterTable('outbox').addColumn('carriesSecret', t.bool, (c) => c.notNull().defaultTo(no)).execute()
  await sql`update outbox set ${sql.ref('carriesSecret')} = ${yes} where text like ${'%token=%'}`.execute(db)
}
