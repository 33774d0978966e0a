import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../tests/test-app.ts'
import { inTransaction } from './transaction.ts'

let testDb: TestDb
beforeAll(async () => {
  testDb = await createTestDb()
})
afterAll(() => testDb.drop())

const insertSecret = (name: string) => (tx: TestDb['db']) =>
  tx.kysely.insertInto('appSecrets').values({ name, value: 'v' }).execute().then(() => name)

const names = async (prefix: string) =>
  (await testDb.db.kysely.selectFrom('appSecrets').select('name').where('name', 'like', `${prefix}%`).execute()).map((r) => r.name).sort()

test('transactions arriving together all commit, each with its own answer', async () => {
  const prefix = randomUUID()
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => inTransaction(testDb.db, insertSecret(`${prefix}-${i}`))))
  expect(results).toHaveLength(50)
  expect(await names(prefix)).toHaveLength(50)
})

test('a failing transaction is undone alone; the others sharing its commit stay', async () => {
  const prefix = randomUUID()
  const outcomes = await Promise.allSettled([
    inTransaction(testDb.db, insertSecret(`${prefix}-a`)),
    inTransaction(testDb.db, async (tx) => {
      await insertSecret(`${prefix}-b`)(tx)
      throw new Error('changed my mind')
    }),
    inTransaction(testDb.db, insertSecret(`${prefix}-a`)),
    inTransaction(testDb.db, insertSecret(`${prefix}-c`)),
  ])
  const [firstA, b, secondA, c] = outcomes.map((o) => o.status)
  expect([firstA, secondA].sort()).toEqual(['fulfilled', 'rejected'])
  expect([b, c]).toEqual(['rejected', 'fulfilled'])
  expect(await names(prefix)).toEqual([`${prefix}-a`, `${prefix}-c`])
})
