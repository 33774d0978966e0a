import SQLite from 'better-sqlite3'
import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import type { Db } from '../../db/connect.ts'
import { activeLeaguesQuery, listActiveLeagues } from './leagues.queries.ts'

/**
 * The answer of GET /api/leagues/active, kept as the exact bytes it is sent as (and inlined in
 * the home page), and read again only when a league changes where it shows: by this server, by
 * another instance or by a script (docs/decisions/0007).
 */
export interface ActiveLeagues {
  /** `{"leagues":[…]}` as of the last league change. */
  json(): string | Promise<string>
  /** This server changed a league: forget the answer now rather than when the news arrives. */
  changed(): void
  close(): Promise<void>
}

/** How long to wait before listening again after the PostgreSQL connection was lost. */
const RELISTEN_MS = 1000

type Log = Pick<FastifyBaseLogger, 'warn'>

export async function watchActiveLeagues(db: Db, log: Log): Promise<ActiveLeagues> {
  if (db.file) return watchSqlite(db, db.file)
  if (db.newClient) return watchPostgres(db, db.newClient, log)
  throw new Error('The database offers no way to watch the leagues')
}

const serialize = (leagues: unknown[]): string => JSON.stringify({ leagues })

/**
 * SQLite: a read-only connection of our own. Its `PRAGMA data_version` changes whenever any
 * other connection commits, this server's own included, and reading it is one cheap call. Only
 * when it moved is `leaguesVersion` read (registrations commit constantly, but the triggers count
 * only changes to what the answer shows), and only when that moved are the leagues read, with
 * the version, from one snapshot.
 */
function watchSqlite(db: Db, file: string): ActiveLeagues {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true })
  const dataVersion = connection.prepare('PRAGMA data_version').pluck()
  const version = connection.prepare('SELECT version FROM leaguesVersion').pluck()
  const query = activeLeaguesQuery(db).compile()
  const leagues = connection.prepare(query.sql)
  const read = connection.transaction(() => ({ version: version.get(), json: serialize(leagues.all(...query.parameters)) }))
  let current: { version: unknown; json: string } | undefined
  let seen: unknown
  // One check serves the requests of one event-loop turn: they had arrived when the loop polled
  // for them, so a commit that any of them could know of was made before the check.
  let checkedThisTurn = false
  const nextTurn = () => {
    checkedThisTurn = false
  }
  return {
    json() {
      if (current && checkedThisTurn) return current.json
      const now = dataVersion.get()
      if (!current || (now !== seen && version.get() !== current.version)) current = read()
      seen = now
      checkedThisTurn = true
      setImmediate(nextTurn)
      return current.json
    },
    changed: nextTurn,
    close: async () => {
      connection.close()
    },
  }
}

/**
 * PostgreSQL: a statement-level trigger notifies `leagues_changed` at commit with its schema's
 * name, and every instance LISTENs on a connection of its own. While that connection is down nothing is kept (a change
 * could go unheard), and once it is back the answer is read afresh. A read that was under way
 * when a change arrived is served but not kept.
 */
async function watchPostgres(db: Db, newClient: () => pg.Client, log: Log): Promise<ActiveLeagues> {
  let listener: pg.Client | undefined
  let listening = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let generation = 0
  let kept: string | undefined
  let loading: Promise<string> | undefined

  const forget = () => {
    generation += 1
    kept = undefined
    loading = undefined
  }

  async function listen(): Promise<void> {
    const client = newClient()
    listener = client
    const lost = (error?: unknown) => {
      if (listener !== client) return
      listener = undefined
      listening = false
      forget()
      void client.end().catch(() => undefined)
      if (error) log.warn({ err: error }, 'Lost the league change notifications; listening again shortly')
      if (!closed) retry = setTimeout(() => void listen(), RELISTEN_MS)
    }
    client.on('error', lost)
    client.on('end', () => lost())
    try {
      await client.connect()
      // Notifications name the schema whose leagues changed; another site's are no news.
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema')
      client.on('notification', (message) => {
        if (message.payload === rows[0]?.schema) forget()
      })
      await client.query('LISTEN leagues_changed')
    } catch (error) {
      lost(error)
      return
    }
    if (listener !== client) return
    forget()
    listening = true
  }

  const read = async () => serialize(await listActiveLeagues(db))

  await listen()
  return {
    json() {
      if (kept !== undefined) return kept
      if (!listening) return read()
      if (!loading) {
        const started = generation
        const pending = read().then((json) => {
          if (started === generation) kept = json
          return json
        })
        const settled = () => {
          if (loading === pending) loading = undefined
        }
        pending.then(settled, settled)
        loading = pending
      }
      return loading
    },
    changed: forget,
    async close() {
      closed = true
      clearTimeout(retry)
      const client = listener
      listener = undefined
      listening = false
      await client?.end()
    },
  }
}
