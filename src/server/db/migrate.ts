import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely'
import type { Db, Dialect } from './connect.ts'
import * as m0001 from './migrations/0001-accounts.ts'
import * as m0002 from './migrations/0002-leagues-and-academies.ts'
import * as m0003 from './migrations/0003-registrations.ts'
import * as m0004 from './migrations/0004-league-changes.ts'
import * as m0005 from './migrations/0005-confirmed-existing-accounts.ts'
import * as m0006 from './migrations/0006-backups.ts'
import * as m0007 from './migrations/0007-outbox-secrets.ts'
import * as m0008 from './migrations/0008-registration-deadline.ts'
import * as m0009 from './migrations/0009-sign-in-buckets.ts'
import * as m0010 from './migrations/0010-offerings-and-orders.ts'
import * as m0011 from './migrations/0011-league-changes-name-their-schema.ts'
import * as m0012 from './migrations/0012-teams.ts'
import * as m0013 from './migrations/0013-offering-waitlist-count.ts'
import * as m0014 from './migrations/0014-lean-registration-indexes.ts'
import * as m0015 from './migrations/0015-team-entries-follow-captains.ts'
import * as m0016 from './migrations/0016-team-invites-sent.ts'
import * as m0017 from './migrations/0017-team-name-keys-folded.ts'
import * as m0018 from './migrations/0018-waivers-signed-at-the-desk.ts'
import * as m0019 from './migrations/0019-phones-in-one-form.ts'
import * as m0020 from './migrations/0020-refunds-of-payments.ts'
import * as m0021 from './migrations/0021-places-held-for-payment.ts'
import * as m0022 from './migrations/0022-offering-rules-on-their-owners.ts'
import * as m0023 from './migrations/0023-after-commit-jobs.ts'
import * as m0024 from './migrations/0024-academy-schedules.ts'
import * as m0025 from './migrations/0025-academy-sign-ups.ts'
import * as m0026 from './migrations/0026-price-list.ts'
import * as m0027 from './migrations/0027-discount-codes.ts'
import * as m0028 from './migrations/0028-online-payments.ts'
import * as m0029 from './migrations/0029-line-adjustments.ts'
import * as m0030 from './migrations/0030-family-discount.ts'
import * as m0031 from './migrations/0031-payment-plans.ts'
import * as m0032 from './migrations/0032-extras.ts'
import * as m0033 from './migrations/0033-password-links.ts'
import * as m0034 from './migrations/0034-team-name-skeletons.ts'
import * as m0035 from './migrations/0035-prices-before-sign-up.ts'
import * as m0036 from './migrations/0036-payment-providers.ts'
import * as m0037 from './migrations/0037-offering-facts.ts'
import * as m0038 from './migrations/0038-camps.ts'
import * as m0039 from './migrations/0039-drop-ins.ts'
import * as m0040 from './migrations/0040-audit-history.ts'
import * as m0041 from './migrations/0041-messages.ts'
import * as m0042 from './migrations/0042-program-minimums.ts'
import * as m0043 from './migrations/0043-webhook-failures.ts'
import * as m0044 from './migrations/0044-unsubscribe-tokens.ts'
import * as m0045 from './migrations/0045-refund-price-lowerings.ts'
import * as m0046 from './migrations/0046-game-schedules.ts'
import * as m0047 from './migrations/0047-calendar-feeds.ts'
import * as m0048 from './migrations/0048-game-score-versions.ts'
import * as m0049 from './migrations/0049-unplaced-games.ts'
import * as m0050 from './migrations/0050-program-playing-areas.ts'

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
  '0008-registration-deadline': m0008,
  '0009-sign-in-buckets': m0009,
  '0010-offerings-and-orders': m0010,
  '0011-league-changes-name-their-schema': m0011,
  '0012-teams': m0012,
  '0013-offering-waitlist-count': m0013,
  '0014-lean-registration-indexes': m0014,
  '0015-team-entries-follow-captains': m0015,
  '0016-team-invites-sent': m0016,
  '0017-team-name-keys-folded': m0017,
  '0018-waivers-signed-at-the-desk': m0018,
  '0019-phones-in-one-form': m0019,
  '0020-refunds-of-payments': m0020,
  '0021-places-held-for-payment': m0021,
  '0022-offering-rules-on-their-owners': m0022,
  '0023-after-commit-jobs': m0023,
  '0024-academy-schedules': m0024,
  '0025-academy-sign-ups': m0025,
  '0026-price-list': m0026,
  '0027-discount-codes': m0027,
  '0028-online-payments': m0028,
  '0029-line-adjustments': m0029,
  '0030-family-discount': m0030,
  '0031-payment-plans': m0031,
  '0032-extras': m0032,
  '0033-password-links': m0033,
  '0034-team-name-skeletons': m0034,
  '0035-prices-before-sign-up': m0035,
  '0036-payment-providers': m0036,
  '0037-offering-facts': m0037,
  '0038-camps': m0038,
  '0039-drop-ins': m0039,
  '0040-audit-history': m0040,
  '0041-messages': m0041,
  '0042-program-minimums': m0042,
  '0043-webhook-failures': m0043,
  '0044-unsubscribe-tokens': m0044,
  '0045-refund-price-lowerings': m0045,
  '0046-game-schedules': m0046,
  '0047-calendar-feeds': m0047,
  '0048-game-score-versions': m0048,
  '0049-unplaced-games': m0049,
  '0050-program-playing-areas': m0050,
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
  await runMigrator(db, (migrator) => migrator.migrateToLatest())
}

/** Brings a new database to an older schema, to test how the next migrations carry its data. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`There is no migration ${name}`)
  await runMigrator(db, (migrator) => migrator.migrateTo(name))
}

async function runMigrator(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
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
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await run(migrator)
    if (!error) return
    const failed = results?.find((r) => r.status === 'Error')
    // Before taking its lock, Kysely reads the catalogue of every schema; a migration another
    // instance (or test file) is running at that moment can drop a column under that read. No
    // migration of ours ran, so reading again is safe.
    if (!failed && attempt < 3) continue
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
