import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { oldLeague } from '../../../../tests/old-rows.ts'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { listProductsForAdmin } from '../../features/products/products.queries.ts'
import { boolParam, timestampParam } from '../values.ts'
import { migrateToLatest } from '../migrate.ts'

/**
 * Migration 0026 puts every product made before the price list on it: for what its offerings use
 * it for, offered, with its making as the first row of its history.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0025-academy-sign-ups' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
})
afterAll(() => testDb.drop())

test('products from before are on the price list for what they price, each with its making in its history', async () => {
  const { db } = testDb
  const at = timestampParam(db.dialect, new Date(Date.UTC(2026, 10, 1, 12)))
  for (const [id, name, cents] of [
    ['p-league', 'Winter Soccer', 4500],
    ['p-academy', 'Skills Academy', 18000],
  ] as const) {
    await old.insertInto('products').values({ id, name, listPriceCents: cents, earlyBirdPriceCents: null, earlyBirdUntil: null, createdAt: at, updatedAt: at }).execute()
  }
  await oldLeague(old, db.dialect, 'old-league', { name: 'Winter Soccer' })
  await old.updateTable('offerings').set({ productId: 'p-league' }).where('id', '=', 'old-league-places').execute()
  await old
    .insertInto('academies')
    .values({ id: 'old-academy', name: 'Skills Academy', description: null, isActive: boolParam(db.dialect, true), registrationDate: '2026-11-01', startDate: '2027-01-10', endDate: '2027-03-10', createdAt: at, updatedAt: at })
    .execute()
  await old
    .insertInto('offerings')
    .values({ id: 'old-academy-places', kind: 'academy-place', leagueId: null, academyId: 'old-academy', teamId: null, productId: 'p-academy', capacity: null, receiptPrefix: 'OLDACADE', createdAt: at })
    .execute()

  await migrateToLatest(db)

  const products = await listProductsForAdmin(db)
  expect(products.map((p) => [p.id, p.purpose, p.isActive, p.usedBy.map((u) => u.kind), p.history.map((h) => [h.listPriceCents, h.byName])])).toEqual([
    ['p-academy', 'academy-fee', true, ['academy-place'], [[18000, null]]],
    ['p-league', 'player-fee', true, ['league-place'], [[4500, null]]],
  ])
})
