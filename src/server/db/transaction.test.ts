import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leagueInput } from '../../../tests/factories.ts'
import { createTestDb, type TestDb } from '../../../tests/test-app.ts'
import { insertLeague } from '../features/leagues/leagues.queries.ts'
import type { Db } from './connect.ts'
import { inTransaction, writeTogether } from './transaction.ts'
import { boolParam, timestampParam } from './values.ts'

let store: TestDb
beforeAll(async () => {
  store = await createTestDb()
})
afterAll(() => store.drop())

/** An operation that opens its own transaction, as registerParticipant or takeDeskPayment do. */
const createLeague = (db: Db, name: string) => inTransaction(db, (tx) => insertLeague(tx, leagueInput({ name })))

async function leagueNamed(name: string): Promise<boolean> {
  return (await store.db.kysely.selectFrom('leagues').select('id').where('name', '=', name).executeTakeFirst()) !== undefined
}

describe('transactions compose', () => {
  test("operations that open their own transaction join a caller's, and commit with it", async () => {
    await inTransaction(store.db, async (tx) => {
      await createLeague(tx, 'Composed A')
      await createLeague(tx, 'Composed B')
    })
    expect([await leagueNamed('Composed A'), await leagueNamed('Composed B')]).toEqual([true, true])
  })

  test("and roll back with it: the caller's failure undoes both", async () => {
    const failing = inTransaction(store.db, async (tx) => {
      await createLeague(tx, 'Undone A')
      await createLeague(tx, 'Undone B')
      throw new Error('the caller fails after both')
    })
    await expect(failing).rejects.toThrow('the caller fails after both')
    expect([await leagueNamed('Undone A'), await leagueNamed('Undone B')]).toEqual([false, false])
  })
})

describe('writes sent together', () => {
  const person = (tx: Db, id: string) => {
    const at = timestampParam(tx.dialect, new Date())
    return tx.kysely
      .insertInto('users')
      .values({ id, displayName: 'Together', email: `${id}@example.org`, emailVerified: boolParam(tx.dialect, true), image: null, createdAt: at, updatedAt: at, phone: null, role: null })
  }
  const orderOf = (tx: Db, payerUserId: string) => tx.kysely.insertInto('orders').values({ id: randomUUID(), payerUserId, createdAt: timestampParam(tx.dialect, new Date()) })
  const ordersOf = async (userId: string) => (await store.db.kysely.selectFrom('orders').select('id').where('payerUserId', '=', userId).execute()).length

  test('a row may name one written beside it', async () => {
    const id = randomUUID()
    await inTransaction(store.db, (tx) => writeTogether(tx, [person(tx, id), orderOf(tx, id), orderOf(tx, id)]))
    expect(await ordersOf(id)).toBe(2)
  })

  test('when one write fails, none of them is kept', async () => {
    const id = randomUUID()
    const written = inTransaction(store.db, (tx) => writeTogether(tx, [person(tx, id), orderOf(tx, id), orderOf(tx, randomUUID())]))
    await expect(written).rejects.toThrow()
    expect(await ordersOf(id)).toBe(0)
    expect(await store.db.kysely.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
  })
})
