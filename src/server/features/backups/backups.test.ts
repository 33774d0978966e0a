import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, type TestUser } from '../../../../tests/factories.ts'
import { createTestDb, startTestApp, testDatabaseUrl, type TestApp, type TestDb } from '../../../../tests/test-app.ts'
import type { DashboardSummary } from '../../../shared/contracts/dashboard.ts'
import { buildApp } from '../../app.ts'
import { sql } from 'kysely'
import { connect } from '../../db/connect.ts'
import { backupStatus, createBackupSchedule } from './backup-schedule.ts'
import { BackupError, checkSqliteFile, makeBackup } from './backups.ts'
import { restorePostgres, restoreSqlite } from './restore.ts'
import { leaguePlaces } from '../registrations/league-places.ts'

const onPostgres = testDatabaseUrl() !== undefined
const HOUR = 3_600_000
const silent = { info() {}, error() {} }

let ctx: TestApp
let workDir: string
beforeAll(async () => {
  ctx = await startTestApp()
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-backups-'))
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(workDir, { recursive: true, force: true })
})

const backupsFor = (dir: string, everyHours = 24, keep = 14) => ({ dir, everyHours, keep })

/**
 * Registers `people` at once and, when half of them have been acknowledged, runs `backup`.
 * Resolves to the registrations acknowledged before the backup began, and all acknowledged.
 */
async function backupDuringLoad(people: TestUser[], leagueId: string, backup: () => Promise<unknown>) {
  const acknowledged: string[] = []
  let before: string[] = []
  let backingUp: Promise<unknown> | undefined
  const half = Math.floor(people.length / 2)
  await Promise.all(
    people.map(async (person) => {
      const res = await person.client.post<{ registration: { id: string } }>(`/api/leagues/${leagueId}/registrations`, {})
      expect(res.status, res.text).toBe(201)
      acknowledged.push(res.body.registration.id)
      if (acknowledged.length === half && !backingUp) {
        before = [...acknowledged]
        backingUp = backup()
      }
    }),
  )
  await backingUp
  return { before, all: acknowledged }
}

describe('on either database', () => {
  test('two backups never run at once', async () => {
    const results = await Promise.allSettled(
      [1, 2].map((n) => makeBackup(ctx.db, { dest: path.join(workDir, `at-once-${n}`), trigger: 'command', now: () => new Date(), databaseUrl: testDatabaseUrl() })),
    )
    const refused = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect((refused[0] as PromiseRejectedResult).reason).toEqual(new BackupError('Another backup is running right now. Try again when it has finished.'))
  })

  test('the Dashboard shows the last backup to admins', async () => {
    const admin = await createUser(ctx, 'admin')
    await makeBackup(ctx.db, { dest: path.join(workDir, 'for-dashboard'), trigger: 'command', now: () => new Date(), databaseUrl: testDatabaseUrl() })
    const res = await admin.client.get<DashboardSummary>('/api/dashboard')
    expect(res.body.backups).toMatchObject({ schedule: onPostgres ? 'external' : 'off', last: { sizeBytes: expect.any(Number) } })
  })
})

// Each database has its own way of copying itself: the embedded one here, PostgreSQL's below.
if (!onPostgres) describe('backups of the embedded database', () => {
  let people: TestUser[]
  beforeAll(async () => {
    people = await Promise.all(Array.from({ length: 40 }, () => createRegistrant(ctx)))
  })

  test.each([
    ['by the running server (online backup)', false],
    ['by npm run backup beside it (one snapshot)', true],
  ])('a backup %s during a registration load restores into a new DATA_DIR with every registration acknowledged before it began', async (_how, writtenElsewhere) => {
    const leagueId = await createLeague(ctx, { capacity: 1000 })
    const dest = path.join(workDir, `during-load-${writtenElsewhere}.sqlite`)
    const { before, all } = await backupDuringLoad(people, leagueId, () =>
      makeBackup(ctx.db, { dest, trigger: 'command', now: () => new Date(), writtenElsewhere }),
    )
    expect(before.length).toBe(20)
    expect(all.length).toBe(40)
    expect(fs.statSync(dest).mode & 0o777).toBe(0o600)

    const dataDir = path.join(workDir, `restored-${writtenElsewhere}`)
    restoreSqlite({ dataDir, from: dest, at: new Date() })
    expect(checkSqliteFile(path.join(dataDir, 'facility.sqlite'))).toEqual([])
    const restored = await connect({ dataDir })
    try {
      const { app } = await buildApp({ db: restored, config: ctx.config })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address() as { port: number }
      expect((await fetch(`http://127.0.0.1:${address.port}/readyz`)).status).toBe(200)
      await app.close()
      const places = await leaguePlaces(restored, leagueId)
      const rows = await restored.kysely.selectFrom('registrations').select('id').where('offeringId', '=', places.id).execute()
      const present = new Set(rows.map((r) => r.id))
      for (const id of before) expect(present.has(id), id).toBe(true)
      expect(places.placesTaken).toBe(rows.length)
    } finally {
      await restored.close()
    }
  })

  test('scheduled backups: one when due, none before the interval, the oldest pruned beyond BACKUP_KEEP', async () => {
    const fresh: TestDb = await createTestDb()
    const db = fresh.db
    const dir = path.join(workDir, 'scheduled')
    let at = new Date('2026-03-01T10:00:00Z')
    const schedule = createBackupSchedule({ db, backups: backupsFor(dir, 24, 2), log: silent, now: () => at })
    try {
      expect(await schedule.runIfDue()).toBe(path.join(dir, 'facility-20260301T100000Z.sqlite'))
      at = new Date(at.getTime() + 23 * HOUR)
      expect(await schedule.runIfDue()).toBeUndefined()
      for (const hours of [1, 24, 24]) {
        at = new Date(at.getTime() + hours * HOUR)
        expect(await schedule.runIfDue()).toBeDefined()
      }
      expect(fs.readdirSync(dir).sort()).toEqual(['facility-20260303T100000Z.sqlite', 'facility-20260304T100000Z.sqlite'])
      expect(await backupStatus(db, backupsFor(dir, 24, 2), at)).toEqual({
        schedule: 'scheduled',
        everyHours: 24,
        dir,
        last: { finishedAt: at.toISOString(), sizeBytes: expect.any(Number), file: path.join(dir, 'facility-20260304T100000Z.sqlite') },
      })
      at = new Date(at.getTime() + 49 * HOUR)
      expect((await backupStatus(db, backupsFor(dir, 24, 2), at)).warning).toBe('The last backup is more than 48 hours old.')
    } finally {
      await schedule.stop()
      await fresh.drop()
    }
  })

  test('a failed backup is shown on the Dashboard and tried again within the hour', async () => {
    const fresh: TestDb = await createTestDb()
    const db = fresh.db
    const blocked = path.join(workDir, 'not-a-folder')
    fs.writeFileSync(blocked, 'a file where the folder should be')
    let at = new Date('2026-03-01T10:00:00Z')
    const schedule = createBackupSchedule({ db, backups: backupsFor(blocked), log: silent, now: () => at })
    try {
      expect(await schedule.runIfDue()).toBeUndefined()
      const status = await backupStatus(db, backupsFor(blocked), at)
      expect(status.warning).toMatch(/^The last backup failed: .*(ENOTDIR|EEXIST)/)
      expect(fs.readdirSync(workDir).filter((f) => f.endsWith('.partial'))).toEqual([])
      at = new Date(at.getTime() + 30 * 60_000)
      const attempts = async () => (await db.kysely.selectFrom('backups').select('id').execute()).length
      await schedule.runIfDue()
      expect(await attempts()).toBe(1)
      at = new Date(at.getTime() + 31 * 60_000)
      await schedule.runIfDue()
      expect(await attempts()).toBe(2)
    } finally {
      await fresh.drop()
    }
  })

  describe('restore refuses what would hurt', () => {
    test('a file that is not a database', () => {
      const junk = path.join(workDir, 'junk.sqlite')
      fs.writeFileSync(junk, 'this is not a database')
      expect(() => restoreSqlite({ dataDir: path.join(workDir, 'never'), from: junk, at: new Date() })).toThrow(/is not a database backup/)
      expect(fs.existsSync(path.join(workDir, 'never', 'facility.sqlite'))).toBe(false)
    })

    test('a backup made by a newer version of the site', async () => {
      const newer = path.join(workDir, 'newer.sqlite')
      await makeBackup(ctx.db, { dest: newer, trigger: 'command', now: () => new Date() })
      const file = new SQLite(newer)
      file.prepare('insert into "schemaMigrations" (name, timestamp) values (?, ?)').run('9999-from-the-future', new Date().toISOString())
      file.close()
      expect(() => restoreSqlite({ dataDir: path.join(workDir, 'never'), from: newer, at: new Date() })).toThrow(
        /made by a newer version of the site \(migrations 9999-from-the-future\)/,
      )
    })

    test('a database the server is still using; the replaced one is kept aside otherwise', async () => {
      const copy = path.join(workDir, 'for-live.sqlite')
      await makeBackup(ctx.db, { dest: copy, trigger: 'command', now: () => new Date() })
      const liveDir = path.dirname(ctx.db.file!)
      expect(() => restoreSqlite({ dataDir: liveDir, from: copy, at: new Date() })).toThrow(/The database is in use: stop the server/)

      const stoppedDir = path.join(workDir, 'stopped')
      const stopped = await connect({ dataDir: stoppedDir })
      await stopped.close()
      const { keptAside } = restoreSqlite({ dataDir: stoppedDir, from: copy, at: new Date('2026-03-01T10:00:00Z') })
      expect(keptAside).toBe(path.join(stoppedDir, 'replaced-20260301T100000Z'))
      expect(fs.readdirSync(keptAside!)).toContain('facility.sqlite')
    })
  })
})

if (onPostgres) describe('backups of PostgreSQL (pg_dump and pg_restore)', () => {
  test('npm run backup dumps the database during a load; restore brings back what was there, keeping the content it replaces', async () => {
    const site = await startTestApp()
    const url = testDatabaseUrl()!
    const schema = site.db.schema!
    const leagueId = await createLeague(site, { capacity: 1000 })
    const people = await Promise.all(Array.from({ length: 10 }, () => createRegistrant(site)))
    const dest = path.join(workDir, 'pg.dump')
    const { before } = await backupDuringLoad(people, leagueId, () =>
      makeBackup(site.db, { dest, trigger: 'command', now: () => new Date(), databaseUrl: url }),
    )
    expect(before.length).toBe(5)
    await expect(restorePostgres({ databaseUrl: url, schema, from: dest, keepDir: workDir, at: new Date() })).rejects.toThrow(/The database is in use/)

    await sql`truncate registrations cascade`.execute(site.db.kysely)
    await site.close()
    const { keptAside } = await restorePostgres({ databaseUrl: url, schema, from: dest, keepDir: workDir, at: new Date() })
    expect(fs.statSync(keptAside!).size).toBeGreaterThan(0)
    const reopened = await connect({ dataDir: '', databaseUrl: url, pgSchema: schema, poolSize: 2 })
    try {
      const places = await leaguePlaces(reopened, leagueId)
      const rows = await reopened.kysely.selectFrom('registrations').select('id').where('offeringId', '=', places.id).execute()
      const present = new Set(rows.map((r) => r.id))
      for (const id of before) expect(present.has(id), id).toBe(true)
    } finally {
      await reopened.close()
    }
  })
})
