import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../tests/test-app.ts'
import type { Db } from './connect.ts'
import { batchedRead } from './read-batches.ts'
import { inTransaction } from './transaction.ts'
import { inList } from './values.ts'

let testDb: TestDb
beforeAll(async () => {
  testDb = await createTestDb()
})
afterAll(() => testDb.drop())

/** A batched read of secrets' values by name, counting the statements it sends. */
function secretReader() {
  const statements: string[][] = []
  const read = batchedRead(async (db: Db, names: readonly string[]) => {
    statements.push([...names])
    const rows = await db.kysely.selectFrom('appSecrets').select(['name', 'value']).where(inList(db.dialect, 'name', [...names])).execute()
    const found = new Map(rows.map((row) => [row.name, row.value]))
    return names.map((name) => found.get(name))
  })
  return { read, statements }
}

async function addSecrets(...names: string[]) {
  await testDb.db.kysely
    .insertInto('appSecrets')
    .values(names.map((name) => ({ name, value: `value of ${name}` })))
    .execute()
}

test('reads arriving together are one statement, and each gets its own answer', async () => {
  const [a, b, missing] = [randomUUID(), randomUUID(), randomUUID()]
  await addSecrets(a, b)
  const { read, statements } = secretReader()
  const asked = [a, b, missing, a, b, a]
  const answers = await Promise.all(asked.map((name) => read(testDb.db, name)))
  expect(answers).toEqual([`value of ${a}`, `value of ${b}`, undefined, `value of ${a}`, `value of ${b}`, `value of ${a}`])
  expect(statements).toEqual([asked])
})

test('reads arriving while a batch is out go together in the next one', async () => {
  const names = Array.from({ length: 5 }, () => randomUUID())
  await addSecrets(...names)
  const { read, statements } = secretReader()
  const first = read(testDb.db, names[0]!)
  await new Promise((resolve) => setImmediate(resolve))
  const rest = names.slice(1).map((name) => read(testDb.db, name))
  expect(await Promise.all([first, ...rest])).toEqual(names.map((name) => `value of ${name}`))
  expect(statements).toEqual([[names[0]], names.slice(1)])
})

test('a read inside a transaction runs there alone and sees its writes', async () => {
  const name = randomUUID()
  const { read, statements } = secretReader()
  const seen = await inTransaction(testDb.db, async (tx) => {
    await tx.kysely.insertInto('appSecrets').values({ name, value: 'written in the transaction' }).execute()
    return read(tx, name)
  })
  expect(seen).toBe('written in the transaction')
  expect(statements).toEqual([[name]])
})

test('a failed batch fails each of its reads, and the next batch reads afresh', async () => {
  let failNext = true
  const read = batchedRead(async (_db: Db, names: readonly string[]) => {
    if (failNext) {
      failNext = false
      throw new Error('the database went away')
    }
    return names.map((name) => name.length)
  })
  const failed = await Promise.allSettled([read(testDb.db, 'ab'), read(testDb.db, 'abc')])
  expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected'])
  expect(await Promise.all([read(testDb.db, 'ab'), read(testDb.db, 'abc')])).toEqual([2, 3])
})

test('reads waiting for their batch count in the backlog', async () => {
  const { read } = secretReader()
  const before = testDb.db.backlog()
  const reads = Array.from({ length: 4 }, () => read(testDb.db, randomUUID()))
  expect(testDb.db.backlog()).toBe(before + 4)
  await Promise.all(reads)
  expect(testDb.db.backlog()).toBe(before)
})
