import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely'
import pg from 'pg'
import { createCommitBatcher, type CommitBatcher } from './commit-batcher.ts'
import type { Database } from './schema.ts'
import type { DbStats } from './stats.ts'

export type Dialect = 'sqlite' | 'postgres'

/**
 * The application name of the site's PostgreSQL connections, per schema, so `npm run restore`
 * can tell that a server still uses the database (features/backups/restore.ts).
 */
export function pgApplicationName(schema?: string): string {
  return schema ? `facility-registration:${schema}` : 'facility-registration'
}

export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** PostgreSQL only: the schema this connection works in, when not the default. */
  schema?: string
  /** SQLite only: group commit for inTransaction (db/commit-batcher.ts). */
  batcher?: CommitBatcher
  /** SQLite only: the database file, for a connection of its own (features/leagues/active-leagues.ts). */
  file?: string
  /**
   * SQLite only: copies the database to `dest` with SQLite's online backup, a few pages at a
   * time between other work; this connection's own writes meanwhile are carried into the copy.
   */
  onlineBackup?(dest: string): Promise<void>
  /** PostgreSQL only: a connection outside the pool, for LISTEN (features/leagues/active-leagues.ts). */
  newClient?(): pg.Client
  /** Counted when asked for (db/stats.ts). */
  stats?: DbStats
  /** Work waiting for the database: queued transactions (SQLite) or pool waiters (PostgreSQL). */
  backlog(): number
  /** Adds work waiting in front of the database (place requests waiting for their group) to `backlog`. */
  countInBacklog(waiting: () => number): void
  close(): Promise<void>
}

export interface ConnectOptions {
  /** Directory of the embedded SQLite file; used when no databaseUrl is given. */
  dataDir: string
  databaseUrl?: string | undefined
  /** PostgreSQL only: a schema to work in (tests give each file its own). */
  pgSchema?: string
  /** PostgreSQL pool size per app instance. */
  poolSize?: number
  /** Count statements and holds into this (db/stats.ts). */
  stats?: DbStats
}

/** SQLite (embedded default) or PostgreSQL from DATABASE_URL: docs/decisions/0001. */
export async function connect(options: ConnectOptions): Promise<Db> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options)
  return connectSqlite(options.dataDir, options.stats)
}

function backlogOf(database: () => number): Pick<Db, 'backlog' | 'countInBacklog'> {
  const queues: (() => number)[] = [database]
  return {
    backlog: () => queues.reduce((sum, waiting) => sum + waiting(), 0),
    countInBacklog: (waiting) => void queues.push(waiting),
  }
}

/** Kysely logs every statement, transaction control included: counted when stats are asked for. */
function counting(stats: DbStats | undefined) {
  return stats ? { stats, log: () => void stats.statements++ } : {}
}

function connectSqlite(dataDir: string, stats: DbStats | undefined): Db {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'facility.sqlite')
  const database = new SQLite(file)
  // WAL lets readers run beside the writer; FULL makes every commit durable across
  // power loss, not just across a process crash (../shared/STACK-NOTES.md).
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = FULL')
  database.pragma('foreign_keys = ON')
  // The CLI scripts may write while the server runs: wait for the lock rather than fail.
  database.pragma('busy_timeout = 5000')
  const { log, ...counted } = counting(stats)
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }), ...(log ? { log } : {}) })
  const batcher = createCommitBatcher(kysely)
  return {
    kysely,
    dialect: 'sqlite',
    ...counted,
    batcher,
    file,
    onlineBackup: async (dest) => {
      await database.backup(dest)
    },
    ...backlogOf(batcher.pending),
    close: () => kysely.destroy(),
  }
}

/**
 * Transactions take the write lock when they begin (`BEGIN IMMEDIATE`). A deferred BEGIN
 * that reads and then writes fails at once with SQLITE_BUSY when another process (the CLI,
 * the demo seed) wrote in between, instead of waiting out busy_timeout (STACK-NOTES.md).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
}

/**
 * Kysely prepares every query afresh; preparing costs more than running most of ours. The
 * site sends a small set of distinct statements, so keeping them prepared saves most of the
 * database's CPU time per request. Bounded, for queries with variable-length IN lists.
 */
function withStatementCache(database: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>()
  return {
    prepare(sql: string) {
      let statement = cache.get(sql)
      if (!statement) {
        if (cache.size >= 500) cache.clear()
        statement = database.prepare(sql)
        cache.set(sql, statement)
      }
      return statement
    },
    close: () => database.close(),
  }
}

async function connectPostgres(databaseUrl: string, options: ConnectOptions): Promise<Db> {
  const schema = options.pgSchema
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`)
  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      // A name checked above, from the tests' own settings: a statement cannot bind a name.
      // eslint-disable-next-line no-restricted-syntax
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${admin.escapeIdentifier(schema)}`)
    } finally {
      await admin.end()
    }
  }
  // Named, so `npm run restore` can tell that a server is still connected. Statements are sent
  // unnamed, so each is planned for its values and the tables as they are now (a plan kept from
  // when a league's registrations were few would scan them all during a rush), while the
  // foreign-key checks inside PostgreSQL keep their cached plans (docs/decisions/0006).
  const settings = {
    connectionString: databaseUrl,
    application_name: pgApplicationName(schema),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  }
  const pool = new pg.Pool({ ...settings, max: options.poolSize ?? 10 })
  const { log, ...counted } = counting(options.stats)
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) })
  return {
    kysely,
    dialect: 'postgres',
    ...counted,
    ...(schema ? { schema } : {}),
    ...backlogOf(() => pool.waitingCount),
    newClient: () => new pg.Client(settings),
    close: () => kysely.destroy(),
  }
}
