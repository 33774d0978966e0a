import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import type { Db, Dialect } from './connect.ts'
import * as m0001 from './migrations/0001-accounts.ts'
import * as m0002 from './migrations/0002-leagues-and-academies.ts'
import * as m0003 from './migrations/0003-registrations.ts'
import * as m0004 from './migrations/0004-league-changes.ts'
import * as m0005 from './migrations/0005-confirmed-existing-accounts.ts'
import * as m0006 from './migrations/0006-backups.ts'
import * as m0007 from './migrations/0007-outbox-secrets.ts'

type DialectMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }

/** Listed, not discovered from disk, so the bundled server carries them. Append only. */
const migrations: Record<string, DialectMigration> = {
  '0001-accounts': m0001,
  '0002-leagues-and-academies': m0002,
  '0003-registrations': m0003,
  '0004-league-changes': m0004,
  '0005-confirmed-existing-accounts': m0005,
  '0006-backups': m0006,
  '0007-outbox-secrets': m0007,
}

/** The table where the migrations applied to a database are recorded. */
export const MIGRATION_TABLE = 'schemaMigrations'

/** The names of every migration this code knows, oldest first. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations)

/** The migrations applied to a database, oldest first; empty for a new one. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db.kysely)
    return rows.map((r) => r.name)
  } catch {
    return []
  }
}

/** Brings the database to the latest schema; safe to run from several instances at once. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provided: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, db.dialect) }]),
  )
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => provided },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: 'schemaMigrationLock',
    // Kysely looks for its tables in every schema; pin them to ours so schemas never mix.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
