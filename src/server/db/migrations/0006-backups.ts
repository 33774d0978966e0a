import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Every backup made, by the server's schedule or by `npm run backup`, with its outcome: the
 * Dashboard shows the last one. At most one is running at a time, on any instance (the partial
 * unique index), so two never write at once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('backups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('sizeBytes', t.bigint)
    .addColumn('error', 'text')
    .addColumn('startedAt', t.timestamp, (c) => c.notNull())
    .addColumn('finishedAt', t.timestamp)
    .execute()
  await db.schema.createIndex('backups_startedAt_idx').on('backups').column('startedAt').execute()
  await sql`create unique index backups_one_running on backups (status) where status = 'running'`.execute(db)
}
