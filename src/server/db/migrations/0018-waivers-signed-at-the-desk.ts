import type { Kysely } from 'kysely'

/** A waiver signed on the staff screen at the front desk names the staff member it was signed in front of (issue 21). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waiverSignatures').addColumn('witnessedBy', 'text', (c) => c.references('users.id')).execute()
}
