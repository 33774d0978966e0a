import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/**
 * New accounts now confirm their email address before they can sign in (docs/decisions/0008).
 * Accounts made before that could not have confirmed, so they are taken as confirmed rather
 * than locked out until they open a link they were never sent.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const confirmed = dialect === 'postgres' ? sql`true` : sql`1`
  await sql`UPDATE ${sql.table('users')} SET ${sql.ref('emailVerified')} = ${confirmed}`.execute(db)
}
