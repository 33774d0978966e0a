import type { Kysely } from 'kysely'

/**
 * How many invite emails each team's captain sent on each facility day, counted in the
 * transaction that writes the emails to the outbox, so a cap holds however many requests arrive
 * at once (issue 21).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teamInvitesSent')
    .addColumn('teamId', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('teamInvitesSent_pk', ['teamId', 'day'])
    .execute()
}
