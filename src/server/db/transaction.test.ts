import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leagueInput } from '../../../tests/factories.ts'
import { createTestDb, type TestDb } from '../../../tests/test-app.ts'
import { insertLeague } from '../features/leagues/leagues.queries.ts'
import type { Db } from './connect.ts'
import { inTransaction } from './transaction.ts'

let store: TestDb
beforeAll(async () => {
  store = await createTestDb()
})
afterAll(() => store.drop())

/** An operation that opens its own transaction, as registerParticipant or recordPayment do. */
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
