import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely'
import type { Db } from '../src/server/db/connect.ts'
import type { Database } from '../src/server/db/schema.ts'

/*
 * The test processes write to the SQLite file the running server uses. Two things make that
 * safe, both needed because better-auth's sign-up reads, hashes the password, then writes
 * inside one deferred transaction: a commit by another process in between makes it fail
 * with SQLITE_BUSY_SNAPSHOT at once, whatever busy_timeout says.
 *
 * - Our own transactions begin IMMEDIATE: they take the write lock first, so they wait for
 *   it instead of failing.
 * - Every write from the test processes holds a lock file, which the one test that signs up
 *   through the server (account-lifecycle) also holds while it submits, so no test commit
 *   can land inside the server's sign-up.
 */

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database

  constructor(database: SQLite.Database) {
    super({ database })
    this.#database = database
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database })
  }
}

/** The server's database, opened with the same settings as src/server/db/connect.ts. */
export function openSharedDb(dataDir: string): Db {
  const database = new SQLite(path.join(dataDir, 'facility.sqlite'))
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(database) })
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() }
}

/** A lock older than this was left by a worker that died holding it. */
const STALE_LOCK_MS = 30_000

/** Runs `work` while no other test process writes to the shared database. */
export async function withWriteLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const lockPath = path.join(dataDir, 'e2e-write.lock')
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lockPath, 'wx'))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age = Date.now() - (fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > STALE_LOCK_MS) fs.rmSync(lockPath, { force: true })
      else await sleep(10)
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lockPath, { force: true })
  }
}
