import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * The audit history of staff actions (issue 32, docs/decisions/0027): one row per action, written
 * in the action's own transaction (core/audit.ts). It names its staff member by id and by the name
 * they had then, with no foreign key, so no later change to an account alters or removes a row.
 * Append only: a trigger refuses every UPDATE and DELETE, so not even a query of the site's own
 * can rewrite what was recorded.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('auditEntries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('staffId', 'text', (c) => c.notNull())
    .addColumn('staffName', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entityKind', 'text', (c) => c.notNull())
    .addColumn('entityId', 'text', (c) => c.notNull())
    /** What the record was called then, for a reader: a league's name, a person in a league. */
    .addColumn('entityLabel', 'text', (c) => c.notNull())
    /** JSON text: the fields the action changed as they were, and as they became (null: nothing before, as for a new league). */
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    /** The address the request came from (as TRUST_PROXY lets the server read it). */
    .addColumn('address', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('auditEntries_at_idx').on('auditEntries').columns(['at', 'id']).execute()
  await db.schema.createIndex('auditEntries_staffId_at_idx').on('auditEntries').columns(['staffId', 'at']).execute()
  await db.schema.createIndex('auditEntries_action_at_idx').on('auditEntries').columns(['action', 'at']).execute()
  await db.schema.createIndex('auditEntries_entity_idx').on('auditEntries').columns(['entityKind', 'entityId', 'at']).execute()

  const refused = 'The audit history is append only.'
  if (dialect === 'sqlite') {
    await sql`create trigger auditEntries_no_update before update on ${sql.table('auditEntries')} begin select raise(abort, ${sql.lit(refused)}); end`.execute(db)
    await sql`create trigger auditEntries_no_delete before delete on ${sql.table('auditEntries')} begin select raise(abort, ${sql.lit(refused)}); end`.execute(db)
    return
  }
  await sql`
    create function audit_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception ${sql.lit(refused)};
    end $$`.execute(db)
  await sql`
    create trigger audit_entries_append_only before update or delete on ${sql.table('auditEntries')}
    for each statement execute function audit_entries_append_only()`.execute(db)
}
