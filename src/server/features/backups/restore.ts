import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { pgApplicationName } from '../../db/connect.ts'
import { KNOWN_MIGRATIONS, MIGRATION_TABLE } from '../../db/migrate.ts'
import { BackupError, checkSqliteFile, pgTool, timeStamp } from './backups.ts'

export interface RestoreResult {
  /** Where the database that was replaced now is. */
  keptAside: string | undefined
  migrations: number
}

/**
 * Replaces the embedded database with a backup, the server stopped: the file must pass
 * integrity_check and foreign_key_check and carry no migration this code does not know. The
 * replaced database (with its -wal and -shm files) is moved to a folder beside it, never deleted.
 */
export function restoreSqlite({ dataDir, from, at }: { dataDir: string; from: string; at: Date }): RestoreResult {
  const source = path.resolve(from)
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`)
  let problems: string[]
  let applied: string[]
  try {
    problems = checkSqliteFile(source)
    applied = sqliteMigrations(source)
  } catch (error) {
    throw new BackupError(`${source} is not a database backup: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (problems.length > 0) throw new BackupError(`${source} did not pass SQLite's checks: ${problems.join('; ')}`)
  checkMigrationLevel(source, applied)

  const live = path.join(dataDir, 'facility.sqlite')
  if (fs.existsSync(live)) assertNotInUse(live)
  const companions = ['', '-wal', '-shm'].map((suffix) => live + suffix).filter((file) => fs.existsSync(file))
  let keptAside: string | undefined
  if (companions.length > 0) {
    keptAside = path.join(dataDir, `replaced-${timeStamp(at)}`)
    fs.mkdirSync(keptAside, { recursive: true })
    for (const file of companions) fs.renameSync(file, path.join(keptAside, path.basename(file)))
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const incoming = `${live}.restoring`
  fs.copyFileSync(source, incoming)
  const handle = fs.openSync(incoming, 'r')
  try {
    fs.fsyncSync(handle)
  } finally {
    fs.closeSync(handle)
  }
  fs.renameSync(incoming, live)
  return { keptAside, migrations: applied.length }
}

function sqliteMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    // The migrations table's name is a constant of the code: a statement cannot bind a name.
    // eslint-disable-next-line no-restricted-syntax
    return (db.prepare(`select name from "${MIGRATION_TABLE}" order by name`).all() as { name: string }[]).map((r) => r.name)
  } finally {
    db.close()
  }
}

/** A backup made by newer code would be missing what that code expects: refused. */
function checkMigrationLevel(source: string, applied: string[]): void {
  if (applied.length === 0) throw new BackupError(`${source} has no migrations recorded: it is not a backup of this site.`)
  const unknown = applied.filter((name) => !KNOWN_MIGRATIONS.includes(name))
  if (unknown.length > 0) {
    throw new BackupError(`${source} was made by a newer version of the site (migrations ${unknown.join(', ')}): update the code first.`)
  }
}

/** The running server holds the file open; taking it exclusively fails at once if so. */
function assertNotInUse(live: string): void {
  const probe = new SQLite(live, { timeout: 0, fileMustExist: true })
  try {
    probe.pragma('locking_mode = EXCLUSIVE')
    probe.exec('BEGIN EXCLUSIVE')
    probe.exec('COMMIT')
  } catch {
    throw new BackupError('The database is in use: stop the server (and any other command using it) before restoring.')
  } finally {
    probe.close()
  }
}

/**
 * Replaces the PostgreSQL database's content with a pg_dump backup (pg_restore --clean, in one
 * transaction), after checking the dump's migration level, that no server is connected, and
 * keeping a dump of the current content in `keepDir`.
 */
export async function restorePostgres(opts: { databaseUrl: string; schema?: string; from: string; keepDir: string; at: Date }): Promise<RestoreResult> {
  const source = path.resolve(opts.from)
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`)
  await pgTool('pg_restore', ['--list', source]).catch(() => {
    throw new BackupError(`${source} is not a pg_dump backup (custom format).`)
  })
  const copied = await pgTool('pg_restore', ['--data-only', `--table=${MIGRATION_TABLE}`, '--file=-', source])
  const applied = migrationsInDump(copied)
  checkMigrationLevel(source, applied)

  const client = new pg.Client({ connectionString: opts.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [pgApplicationName(opts.schema)],
    )
    if (Number(rows[0]?.n ?? 0) > 0) throw new BackupError('The database is in use: stop every server instance before restoring.')
  } finally {
    await client.end()
  }
  const schemaArgs = opts.schema ? [`--schema=${opts.schema}`] : []
  const keptAside = path.join(opts.keepDir, `replaced-${timeStamp(opts.at)}.dump`)
  fs.mkdirSync(opts.keepDir, { recursive: true })
  await pgTool('pg_dump', ['--format=custom', `--file=${keptAside}`, ...schemaArgs, `--dbname=${opts.databaseUrl}`])
  await pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', ...schemaArgs, `--dbname=${opts.databaseUrl}`, source])
  return { keptAside, migrations: applied.length }
}

/** The migration names in pg_restore's plain-text COPY of the migrations table. */
function migrationsInDump(text: string): string[] {
  const copy = /^COPY [^\n]*\bschemaMigrations\b[^\n]*FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(text)
  if (!copy) return []
  return copy[1]!
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t')[0]!)
}
