import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'

/** The columns of the home page's answer; a change to any other (placesTaken) is no news. */
const SHOWN_COLUMNS = ['name', 'sport', 'kind', 'description', 'isActive', 'registrationDate', 'startDate', 'endDate']

/**
 * Tells every server that the active leagues changed, whoever changed them (an admin, another
 * instance, a script): docs/decisions/0007. SQLite counts the changes in `leaguesVersion`, which
 * each server reads when the file has changed; PostgreSQL notifies `leagues_changed` at commit.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const shown = sql.join(SHOWN_COLUMNS.map((c) => sql.ref(c)))
  if (dialect === 'sqlite') {
    await db.schema.createTable('leaguesVersion').addColumn('version', 'integer', (c) => c.notNull()).execute()
    await sql`insert into ${sql.table('leaguesVersion')} (${sql.ref('version')}) values (0)`.execute(db)
    const bump = sql`update ${sql.table('leaguesVersion')} set ${sql.ref('version')} = ${sql.ref('version')} + 1`
    await sql`create trigger leagues_inserted after insert on leagues begin ${bump}; end`.execute(db)
    await sql`create trigger leagues_deleted after delete on leagues begin ${bump}; end`.execute(db)
    await sql`create trigger leagues_updated after update of ${shown} on leagues begin ${bump}; end`.execute(db)
    return
  }
  await sql`
    create function leagues_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('leagues_changed', '');
      return null;
    end $$`.execute(db)
  await sql`
    create trigger leagues_changed after insert or delete or update of ${shown} on leagues
    for each statement execute function leagues_changed()`.execute(db)
}
