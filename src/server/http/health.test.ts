import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startServerProcess } from '../../../tests/server-process.ts'
import { createTestDb, startTestApp, type TestApp } from '../../../tests/test-app.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { MIGRATION_TABLE } from '../db/migrate.ts'

describe('/healthz and /readyz', () => {
  const lines: string[] = []
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await startTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => lines.push(line) } })
  })
  afterAll(() => ctx.close())

  test('a serving site answers both, open to anyone, never cached, and not in the log even where every request is (debug)', async () => {
    const health = await ctx.client().get('/healthz')
    const ready = await ctx.client().get('/readyz')
    expect([health.status, health.body]).toEqual([200, { status: 'ok' }])
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }])
    expect(ready.headers.get('cache-control')).toBe('no-store')
    await ctx.client().get('/api/session')
    expect(lines.some((l) => l.includes('/api/session'))).toBe(true)
    expect(lines.filter((l) => l.includes('/healthz') || l.includes('/readyz'))).toEqual([])
  })

  test('a database missing a migration is not ready', async () => {
    const { db, drop } = await createTestDb()
    try {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BACKUP_EVERY_HOURS: '0' })
      const { app } = await buildApp({ db, config })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/readyz`
      expect((await fetch(url)).status).toBe(200)
      await sql`delete from ${sql.table(MIGRATION_TABLE)} where name = (select max(name) from ${sql.table(MIGRATION_TABLE)})`.execute(db.kysely)
      const res = await fetch(url)
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ status: 'migrations pending' })
      await app.close()
    } finally {
      await drop()
    }
  })

  test('a site still starting is not ready', async () => {
    const { db, drop } = await createTestDb()
    try {
      const { app } = await buildApp({ db, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BACKUP_EVERY_HOURS: '0' }) })
      const res = await app.inject('/readyz')
      expect([res.statusCode, res.json()]).toEqual([503, { status: 'starting' }])
      await app.close()
    } finally {
      await drop()
    }
  })
})

describe('SIGTERM', () => {
  test('a request under way is answered before the server exits, and the exit is clean', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-sigterm-'))
    const server = await startServerProcess({ DATA_DIR: dataDir })
    const { port } = server
    try {
      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' })
      const socket = net.connect(port, '127.0.0.1')
      await new Promise((resolve) => socket.once('connect', resolve))
      const answer = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())))
      socket.write(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      server.process.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(server.process.exitCode).toBeNull()
      socket.write(body.slice(10))
      expect(await answer).toMatch(/^HTTP\/1\.1 401 /)
      socket.destroy()
      expect(await server.exited).toBe(0)
      expect(server.output()).toContain('SIGTERM: finishing the requests under way, then stopping')
      expect(server.output()).toContain('Stopped')
    } finally {
      server.process.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})

describe('starting on a port already in use', () => {
  test('the second server says which port is taken and how to choose another, and exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-port-'))
    const first = await startServerProcess({ DATA_DIR: dataDir })
    try {
      const second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, NODE_ENV: 'production', PORT: String(first.port), HOST: '127.0.0.1', LOG_FORMAT: 'json', BACKUP_EVERY_HOURS: '0', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve))
      expect(code).toBe(1)
      expect(output).toContain(`Port ${first.port} is already in use`)
      expect(output).toContain(`PORT=${first.port + 1} npm start`)
      expect(output).not.toContain('EADDRINUSE')
      // The first server is untouched.
      expect((await fetch(`${first.baseUrl}/readyz`)).status).toBe(200)
    } finally {
      first.process.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})
