import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Work that talks to the network after a transaction — a payment provider's refund, say — is
 * written as a job in the transaction that decided it, and done after the commit by whichever
 * instance claims it, retried with growing waits and set aside as `dead` for an admin to see and
 * retry when it keeps failing (issue 22). The outbox does the same for mail.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'done', 'dead')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('runAt', t.timestamp, (c) => c.notNull())
    .addColumn('lastError', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await sql`create index jobs_due on jobs ("runAt") where status = 'pending'`.execute(db)
  await sql`create index jobs_dead on jobs ("updatedAt") where status = 'dead'`.execute(db)
  await sql`create index jobs_done on jobs ("updatedAt") where status = 'done'`.execute(db)
}
