import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * The deliveries of a payment provider's events the site refused (a signature not valid) or failed
 * to apply (an error while handling), one row per event, its latest failure (issue 32,
 * docs/decisions/0030): when, which provider, the event's id and type as the delivery gave them,
 * and the reason in a line. No payload: an event carries names and addresses. Rows past the week
 * Needs attention lists them for are deleted by the nightly reconciliation.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('webhookFailures')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('eventId', 'text', (c) => c.notNull())
    .addColumn('eventType', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('deliveries', 'integer', (c) => c.notNull())
    .addColumn('failedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('webhookFailures_pk', ['provider', 'eventId'])
    .execute()
  await db.schema.createIndex('webhookFailures_failedAt_idx').on('webhookFailures').column('failedAt').execute()
}
