import { sql, type Kysely } from 'kysely'

/**
 * Failed sign-ins are counted per bucket — a browser that signed in before, an address trying an
 * account, the account as a whole — instead of per email alone, so nobody can lock an owner out
 * (issue 9, item 11; docs/decisions/0011). The counts are minutes-long state: they start afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ${sql.table('signInFailures')}`.execute(db)
  await db.schema.alterTable('signInFailures').renameColumn('email', 'bucket').execute()
}
