import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import type { Db } from '../../db/connect.ts'
import type { BackupsTable } from '../../db/schema.ts'
import { finishBackupRecord, startBackupRecord } from './backups.queries.ts'

const run = promisify(execFile)

/** A backup that could not be made, in words for the person who asked. */
export class BackupError extends Error {}

export interface BackupResult {
  file: string
  sizeBytes: number
  database: 'SQLite' | 'PostgreSQL'
  /** How the copy was made, for the command's answer and the log. */
  method: string
}

export interface BackupOptions {
  /** Where the copy goes; its folder is created. An existing file is never overwritten. */
  dest: string
  trigger: BackupsTable['trigger']
  now: () => Date
  /** PostgreSQL only: the connection string given to pg_dump. */
  databaseUrl?: string | undefined
  /**
   * SQLite only: the running server may write to the file meanwhile (the command line). The
   * copy is then read from one snapshot (`VACUUM INTO`); the online backup would start over
   * at every write of another process. Inside the server, the online backup copies a few
   * pages at a time between requests instead (docs/decisions/0010).
   */
  writtenElsewhere?: boolean
}

/** `20261123T031500Z`: a moment as file names carry it, sorting by time, one per second. */
export function timeStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
}

/** `facility-20261123T031500Z.sqlite` (or `.dump` for PostgreSQL). */
export function backupFileName(dialect: Db['dialect'], at: Date): string {
  return `facility-${timeStamp(at)}.${dialect === 'sqlite' ? 'sqlite' : 'dump'}`
}

/**
 * Writes a consistent copy of the database to `dest` while the site keeps serving, checks it
 * (SQLite's integrity_check, or pg_restore reading the dump back), and records the outcome in
 * the backups table (the Dashboard shows it). At most one backup runs at a time.
 */
export async function makeBackup(db: Db, options: BackupOptions): Promise<BackupResult> {
  const dest = path.resolve(options.dest)
  if (fs.existsSync(dest)) throw new BackupError(`${dest} already exists: choose another file.`)
  const id = await startBackupRecord(db, { trigger: options.trigger, file: dest, now: options.now() })
  if (!id) throw new BackupError('Another backup is running right now. Try again when it has finished.')
  const partial = `${dest}.partial`
  try {
    // Every family's data is in a backup: readable by the server's own user only.
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 })
    removeCopy(partial)
    const method = db.dialect === 'sqlite' ? await copySqlite(db, partial, options.writtenElsewhere === true) : await dumpPostgres(db, partial, options.databaseUrl)
    fs.chmodSync(partial, 0o600)
    fs.renameSync(partial, dest)
    const sizeBytes = fs.statSync(dest).size
    await finishBackupRecord(db, id, { sizeBytes }, options.now())
    return { file: dest, sizeBytes, database: db.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', method }
  } catch (error) {
    removeCopy(partial)
    const message = error instanceof Error ? error.message : String(error)
    await finishBackupRecord(db, id, { error: message.slice(0, 500) }, options.now())
    throw error instanceof BackupError ? error : new BackupError(`The backup failed: ${message}`)
  }
}

async function copySqlite(db: Db, partial: string, writtenElsewhere: boolean): Promise<string> {
  let method: string
  if (!writtenElsewhere && db.onlineBackup) {
    await db.onlineBackup(partial)
    method = 'SQLite online backup'
  } else {
    if (!db.file) throw new BackupError('This database has no file to copy.')
    const source = new SQLite(db.file, { readonly: true, fileMustExist: true })
    try {
      source.prepare('VACUUM INTO ?').run(partial)
    } finally {
      source.close()
    }
    method = 'SQLite VACUUM INTO (one snapshot)'
  }
  // The copy keeps the source's WAL mode; a backup is one self-contained file instead.
  const copy = new SQLite(partial)
  try {
    copy.pragma('journal_mode = DELETE')
  } finally {
    copy.close()
  }
  const problems = checkSqliteFile(partial)
  if (problems.length > 0) throw new BackupError(`The copy did not pass integrity_check: ${problems.join('; ')}`)
  const handle = fs.openSync(partial, 'r')
  try {
    fs.fsyncSync(handle)
  } finally {
    fs.closeSync(handle)
  }
  return method
}

/** Removes an unfinished copy and its journal files, whatever state the failure left them in. */
function removeCopy(partial: string): void {
  for (const file of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) {
    try {
      fs.rmSync(file, { force: true })
    } catch {
      // Its folder could not be made: there is nothing to remove.
    }
  }
}

/** What SQLite's own checks find wrong with a database file; empty when it is sound. */
export function checkSqliteFile(file: string): string[] {
  const check = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const integrity = check.pragma('integrity_check') as { integrity_check: string }[]
    const problems = integrity.map((r) => r.integrity_check).filter((r) => r !== 'ok')
    const foreignKeys = check.pragma('foreign_key_check') as { table: string }[]
    for (const row of foreignKeys) problems.push(`foreign key broken in ${row.table}`)
    return problems
  } finally {
    check.close()
  }
}

async function dumpPostgres(db: Db, partial: string, databaseUrl: string | undefined): Promise<string> {
  if (!databaseUrl) throw new BackupError('No DATABASE_URL to dump.')
  await pgTool('pg_dump', ['--format=custom', `--file=${partial}`, ...(db.schema ? [`--schema=${db.schema}`] : []), `--dbname=${databaseUrl}`])
  // Reading the table of contents back proves the dump is complete and readable.
  await pgTool('pg_restore', ['--list', partial])
  return `pg_dump --format=custom${db.schema ? ` --schema=${db.schema}` : ''}`
}

/** Runs one of PostgreSQL's own tools; a missing tool is said plainly. */
export async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { maxBuffer: 64 * 1024 * 1024 })
    return stdout
  } catch (error) {
    const e = error as { code?: unknown; stderr?: string }
    if (e.code === 'ENOENT') throw new BackupError(`${tool} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client).`)
    throw new BackupError(`${tool} failed: ${(e.stderr ?? String(error)).trim()}`)
  }
}

/** Deletes the oldest scheduled backups in `dir` beyond the newest `keep`; returns what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return []
  const copies = fs
    .readdirSync(dir)
    .filter((name) => /^facility-\d{8}T\d{6}Z\.sqlite$/.test(name))
    .sort()
  const removed = copies.slice(0, Math.max(0, copies.length - keep)).map((name) => path.join(dir, name))
  for (const file of removed) fs.rmSync(file, { force: true })
  return removed
}
