import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newUserInput } from '../../../tests/factories.ts'
import { startServerProcess, type ServerProcess } from '../../../tests/server-process.ts'
import { TestClient, testDatabaseUrl } from '../../../tests/test-app.ts'
import { NO_MAIL_SERVER_FOR_RESET } from '../../shared/schemas/account.ts'

/**
 * Forgot Password must not tell, by how long it takes, whether an address has an account
 * (issue 9, item 8): it answers before looking the address up, and the lookup and the email
 * follow the answer. Shown without a stopwatch: while the database refuses every write, the
 * answer for an account still arrives at once, and its email is queued once writes resume.
 * The server runs in a process of its own, as a lock held by this one would stall it too.
 */

interface Store {
  env: Record<string, string>
  /** Holds every write the server would make until the returned function is called. */
  blockWrites(): Promise<() => Promise<void>>
  resetEmailsTo(address: string): Promise<number>
  drop(): Promise<void>
}

async function sqliteStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-forgot-'))
  const open = () => new SQLite(path.join(dataDir, 'facility.sqlite'))
  return {
    env: { DATA_DIR: dataDir },
    async blockWrites() {
      const db = open()
      db.exec('BEGIN IMMEDIATE')
      return async () => {
        db.exec('ROLLBACK')
        db.close()
      }
    },
    async resetEmailsTo(address) {
      const db = open()
      try {
        const row = db.prepare(`select count(*) as n from outbox where recipient = ? and subject like 'Reset your%'`).get(address) as { n: number }
        return row.n
      } finally {
        db.close()
      }
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function postgresStore(url: string): Promise<Store> {
  const name = `facility_forgot_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const connect = async () => {
    const client = new pg.Client({ connectionString: target.toString() })
    await client.connect()
    return client
  }
  return {
    env: { DATABASE_URL: target.toString() },
    async blockWrites() {
      const client = await connect()
      await client.query('BEGIN')
      await client.query('LOCK TABLE verifications, outbox IN EXCLUSIVE MODE')
      return async () => {
        await client.query('ROLLBACK')
        await client.end()
      }
    },
    async resetEmailsTo(address) {
      const client = await connect()
      try {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from outbox where recipient = $1 and subject like 'Reset your%'`, [address])
        return Number(rows[0]?.n)
      } finally {
        await client.end()
      }
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

let store: Store
let server: ServerProcess
beforeAll(async () => {
  const url = testDatabaseUrl()
  store = url ? await postgresStore(url) : await sqliteStore()
  server = await startServerProcess(store.env)
}, 60_000)
afterAll(async () => {
  server?.process.kill('SIGKILL')
  await server?.exited
  await store?.drop()
})

describe('Forgot Password', () => {
  test('answers an address with an account at once, even while nothing can be written; the email follows', async () => {
    const person = newUserInput()
    const client = new TestClient(server.baseUrl, server.baseUrl)
    expect((await client.post('/api/auth/sign-up/email', person)).status).toBe(200)

    const release = await store.blockWrites()
    const answer = await Promise.race([
      client.post('/api/auth/request-password-reset', { email: person.email }),
      new Promise<'no answer within 2 s'>((resolve) => setTimeout(resolve, 2_000, 'no answer within 2 s')),
    ]).finally(release)
    expect(answer).toMatchObject({ status: 200, body: { message: NO_MAIL_SERVER_FOR_RESET } })

    for (let i = 0; i < 100 && (await store.resetEmailsTo(person.email)) === 0; i++) await new Promise((r) => setTimeout(r, 50))
    expect(await store.resetEmailsTo(person.email)).toBe(1)
  }, 30_000)
})
