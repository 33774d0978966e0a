import type { Kysely } from 'kysely'

/**
 * A league's last day to register, when staff set one; without it registration closes the day
 * before the league starts (issue 9, item 7; src/shared/registration-window.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('registrationDeadline', 'text').execute()
}
