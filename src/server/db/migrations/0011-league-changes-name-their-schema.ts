import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/**
 * PostgreSQL's notifications reach every connection of the database that listens on the channel,
 * whatever its schema: two sites sharing a database (or the test files, each in a schema of its
 * own) would forget each other's home-page answers. The notification now names the schema whose
 * leagues changed, and each server heeds only its own (docs/decisions/0007).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return
  await sql`
    create or replace function leagues_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('leagues_changed', TG_TABLE_SCHEMA);
      return null;
    end $$`.execute(db)
}
