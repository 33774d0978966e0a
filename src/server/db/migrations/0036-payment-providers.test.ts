import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { migrateToLatest } from '../migrate.ts'
import { boolParam, timestampParam } from '../values.ts'

/**
 * Migration 0036 on a site that took payment on Stripe: its checkouts are Stripe's, the events it
 * applied are still known (so a late delivery is still skipped), and a refund job not yet run
 * still runs.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0035-prices-before-sign-up' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
})
afterAll(() => testDb.drop())

test("Stripe's checkouts, events and refund jobs are kept as Stripe's", async () => {
  const { db } = testDb
  const at = timestampParam(db.dialect, new Date(Date.UTC(2026, 10, 2, 12)))
  await old.insertInto('users').values({ id: 'ann', displayName: 'Ann', email: 'ann@example.com', emailVerified: boolParam(db.dialect, true), createdAt: at, updatedAt: at }).execute()
  await old.insertInto('orders').values({ id: 'ann-order', payerUserId: 'ann', createdAt: at }).execute()
  await old
    .insertInto('checkouts')
    .values({ id: 'ann-checkout', orderId: 'ann-order', payerUserId: 'ann', amountCents: 4500, status: 'open', externalId: 'cs_test_ann', url: null, expiresAt: at, paymentId: null, createdAt: at, updatedAt: at })
    .execute()
  await old.insertInto('stripeEvents').values({ id: 'evt_ann', type: 'checkout.session.completed', createdAt: at, receivedAt: at }).execute()
  await old.insertInto('jobs').values({ id: 'refund-job', kind: 'stripe-refund', payload: '{"refundId":"r1"}', status: 'pending', attempts: 0, runAt: at, lastError: null, createdAt: at, updatedAt: at }).execute()

  await migrateToLatest(db)

  expect(await db.kysely.selectFrom('checkouts').select(['id', 'provider']).execute()).toEqual([{ id: 'ann-checkout', provider: 'stripe' }])
  expect(await db.kysely.selectFrom('paymentEvents').select(['provider', 'id', 'type']).execute()).toEqual([{ provider: 'stripe', id: 'evt_ann', type: 'checkout.session.completed' }])
  expect(await db.kysely.selectFrom('jobs').select(['id', 'kind']).execute()).toEqual([{ id: 'refund-job', kind: 'provider-refund' }])
})
