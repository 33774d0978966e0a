import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp, type App } from '../src/server/app.ts'
import { loadConfig, type Config } from '../src/server/config.ts'
import { connect, type Db } from '../src/server/db/connect.ts'
import { migrateToLatest, migrateUpTo } from '../src/server/db/migrate.ts'
import type { HtmlSource } from '../src/server/pages.ts'

/** The origin test clients claim, as a browser on the site would. */
export const TEST_ORIGIN = 'http://facility.test'

/** Every PostgreSQL schema of one test run starts with this. */
export function testSchemaPrefix(): string {
  return `t_${process.env.TEST_RUN_ID ?? 'local'}_`
}

/**
 * TEST_DATABASE_URL runs the suite on PostgreSQL (each test file in a schema of its own,
 * dropped afterwards); without it every file gets a fresh SQLite file.
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined
}

export interface TestDb {
  db: Db
  drop(): Promise<void>
}

/**
 * A new database at the latest schema, a copy of the run's template (tests/global-setup.ts), or
 * at `upTo`, migrated from nothing, to test how later migrations carry data.
 */
export async function createTestDb({ upTo }: { upTo?: string } = {}): Promise<TestDb> {
  const template = upTo ? undefined : inject('testDbTemplate')
  const migrate = (db: Db) => (upTo ? migrateUpTo(db, upTo) : migrateToLatest(db))
  const url = testDatabaseUrl()
  if (url) {
    // Dropped together at the end of the run (tests/global-setup.ts): dropping a schema while
    // another file's migrator reads the catalogue makes that read fail.
    const schema = `${testSchemaPrefix()}${randomBytes(6).toString('hex')}`
    const copy = template && 'postgresSql' in template ? template : undefined
    if (copy) await runStatements(url, copy.postgresSql.replaceAll(copy.postgresSchema, schema))
    const db = await connect({ dataDir: '', databaseUrl: url, pgSchema: schema, poolSize: 5 })
    if (!copy) await migrate(db)
    return { db, drop: () => db.close() }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-test-'))
  const copy = template && 'sqliteFile' in template ? template : undefined
  if (copy) fs.copyFileSync(copy.sqliteFile, path.join(dataDir, path.basename(copy.sqliteFile)))
  const db = await connect({ dataDir })
  if (!copy) await migrate(db)
  return {
    db,
    async drop() {
      await db.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Runs the template's statements, which create the new schema with its tables and rows. */
async function runStatements(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statements)
  } finally {
    await client.end()
  }
}

export interface TestApp {
  baseUrl: string
  db: Db
  config: Config
  /** Every route of the server with its declared access (authorization-matrix.test.ts). */
  routes: App['routes']
  /** The callable functions with the access each requires. */
  functions: App['functions']
  /** Each kind of offering, as this server's engine follows it: what a test's own change context hands the engine. */
  kinds: App['kinds']
  /** Who does each kind of background job in this server: what a test running due jobs itself hands the runner. */
  jobHandlers: App['jobHandlers']
  /** A client with its own cookie jar, like one browser; `origin` is the page it claims to be on. */
  client(origin?: string): TestClient
  close(): Promise<void>
}

export interface StartOptions {
  html?: HtmlSource
  now?: () => Date
  /** Settings on top of the test defaults; `undefined` removes a default (PUBLIC_URL). */
  env?: Record<string, string | undefined>
  logStream?: { write(line: string): void }
  /** The interface to listen on: `localhost` answers at both localhost and 127.0.0.1. */
  listenHost?: string
  /** A built client's folder, whose assets the server serves (dist/client). */
  clientDir?: string
}

/** A real server on a loopback port over a fresh database. */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const { db, drop } = await createTestDb()
  const env = { NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, AUTH_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', BACKUP_EVERY_HOURS: '0', ...options.env }
  const config = loadConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)))
  const { app, routes, functions, kinds, jobHandlers } = await buildApp({ db, config, html: options.html, clientDir: options.clientDir, now: options.now, logStream: options.logStream })
  await app.listen({ port: 0, host: options.listenHost ?? '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('server did not listen on a port')
  const baseUrl = `http://127.0.0.1:${address.port}`
  return {
    baseUrl,
    db,
    config,
    routes,
    functions,
    kinds,
    jobHandlers,
    // Without PUBLIC_URL the site accepts the page's own address, as a browser on it would send.
    client: (origin = config.origins.sameHost ? baseUrl : TEST_ORIGIN) => new TestClient(baseUrl, origin),
    async close() {
      await app.close()
      await drop()
    },
  }
}

export interface TestResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

/** fetch with a cookie jar and the site's Origin, answering parsed JSON. */
export class TestClient {
  private cookies = new Map<string, string>()
  bearer: string | undefined

  constructor(
    readonly baseUrl: string,
    readonly origin = TEST_ORIGIN,
  ) {}

  get<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    return this.request<T>('GET', url, undefined, headers)
  }

  post<T = unknown>(url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    return this.request<T>('POST', url, body, headers)
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const res = await fetch(this.baseUrl + url, {
      method,
      headers: {
        origin: this.origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not JSON (HTML pages): keep the text.
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text }
  }
}
