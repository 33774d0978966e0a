import { type Kysely, type Migration, Migrator } from 'kysely'
import type { Db, Dialect } from './connect.ts'
import * as m0001 from './migrations/0001-accounts.ts'
import * as m0002 from './migrations/0002-leagues-and-academies.ts'
import * as m0003 from './migrations/0003-registrations.ts'
import * as m0004 from './migrations/0004-league-changes.ts'
import * as m0005 from './migrations/0005-confirmed-existing-accounts.ts'

type DialectMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }

/** Listed, not discovered from disk, so the bundled server carries them. Append only. */
const migrations: Record<string, DialectMigration> = {
  '0001-accounts': m0001,
  '0002-leagues-and-academies': m0002,
  '0003-registrations': m0003,
  '0004-league-changes': m0004,
  '0005-confirmed-existing-accounts': m0005,
}

/** Brings the database to the latest schema; safe to run from several instances at once. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provided: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, db.dialect) }]),
  )
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => provided },
    migrationTableName: 'schemaMigrations',
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
