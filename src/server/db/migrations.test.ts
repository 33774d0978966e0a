import { getMigrations } from 'better-auth/db/migration'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createAuth } from '../auth/auth.ts'
import { loadConfig } from '../config.ts'
import { createTestDb, type TestDb } from '../../../tests/test-app.ts'
import { migrateToLatest } from './migrate.ts'

let testDb: TestDb
beforeAll(async () => {
  testDb = await createTestDb()
})
afterAll(() => testDb.drop())

test('our migrations give the authentication library every table and column it expects', async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const auth = createAuth({ db: testDb.db, config, secret: 'x'.repeat(32) })
  const plan = await getMigrations(auth.options, { throwOnUnsafe: false })
  expect(plan.toBeCreated.map((t) => t.table)).toEqual([])
  expect(plan.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`)).toEqual([])
})

test('migrating again changes nothing', async () => {
  const applied = () => sql<{ name: string }>`select name from ${sql.table('schemaMigrations')} order by name`.execute(testDb.db.kysely)
  const before = (await applied()).rows
  await migrateToLatest(testDb.db)
  expect((await applied()).rows).toEqual(before)
  expect(before.length).toBeGreaterThan(0)
})
