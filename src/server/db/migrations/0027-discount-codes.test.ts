import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { timestampParam } from '../values.ts'
import { migrateToLatest } from '../migrate.ts'

/**
 * Migration 0027 adds discount codes: an order line from before owes what it owed, with nothing
 * taken off by a code; a code is one of a percentage or an amount, and unique.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0026-price-list' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
})
afterAll(() => testDb.drop())

test('lines from before owe what they owed, with no code and nothing taken off; codes are one kind and unique', async () => {
  const { db } = testDb
  const at = timestampParam(db.dialect, new Date(Date.UTC(2026, 10, 1, 12)))
  await old.insertInto('users').values({ id: 'u-old', displayName: 'Old Payer', email: 'old@example.com', emailVerified: db.dialect === 'postgres' ? true : 1, image: null, createdAt: at, updatedAt: at, phone: null, role: 'customer' }).execute()
  await old.insertInto('orders').values({ id: 'o-old', payerUserId: 'u-old', createdAt: at }).execute()
  await old
    .insertInto('orderLines')
    .values({ id: 'l-old', orderId: 'o-old', registrationId: null, productId: null, description: 'Jersey', listPriceCents: 2500, amountDueCents: 2000, createdAt: at })
    .execute()

  await migrateToLatest(db)

  const line = await db.kysely.selectFrom('orderLines').select(['amountDueCents', 'listPriceCents', 'discountCodeId', 'discountCents']).where('id', '=', 'l-old').executeTakeFirstOrThrow()
  expect(line).toEqual({ amountDueCents: 2000, listPriceCents: 2500, discountCodeId: null, discountCents: 0 })

  const code = (id: string, text: string, kind: { percentOff?: number; amountOffCents?: number }) =>
    db.kysely
      .insertInto('discountCodes')
      .values({ id, code: text, description: null, percentOff: kind.percentOff ?? null, amountOffCents: kind.amountOffCents ?? null, validFrom: null, validUntil: null, maxUses: null, maxUsesPerPerson: null, createdBy: 'u-old', createdAt: at, updatedAt: at })
      .execute()
  await code('c-percent', 'SPRING10', { percentOff: 10 })
  const saved = await db.kysely.selectFrom('discountCodes').select(['uses', 'isActive']).where('id', '=', 'c-percent').executeTakeFirstOrThrow()
  expect({ uses: saved.uses, isActive: Boolean(saved.isActive) }).toEqual({ uses: 0, isActive: true })
  await expect(code('c-same', 'SPRING10', { amountOffCents: 500 })).rejects.toThrow()
  await expect(code('c-both', 'BOTH', { percentOff: 10, amountOffCents: 500 })).rejects.toThrow()
  await expect(code('c-none', 'NONE', {})).rejects.toThrow()
  await expect(code('c-over', 'OVER', { percentOff: 101 })).rejects.toThrow()
})
