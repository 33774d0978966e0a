import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { oldLeague } from '../../../../tests/old-rows.ts'
import { findRegistrationView, listPayments } from '../../core/registrations/registrations.queries.ts'
import { offeringKinds } from '../../app.ts'
import { migrateToLatest } from '../migrate.ts'
import { boolParam, timestampParam } from '../values.ts'

/**
 * Migration 0020 on money saved the way 0019 kept it: a refund as a negative payment. Each
 * becomes refunds of the payments its line received, and every balance reads the same.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12))

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0019-phones-in-one-form' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
})
afterAll(() => testDb.drop())

test('a negative payment becomes refunds of the payments it returned, by their own methods; balances read the same', async () => {
  const { db } = testDb
  const at = (n: number) => timestampParam(db.dialect, day(n))
  await old
    .insertInto('users')
    .values({ id: 'ann', displayName: 'Ann', email: 'ann@example.com', emailVerified: boolParam(db.dialect, true), createdAt: at(1), updatedAt: at(1) })
    .execute()
  await oldLeague(old, db.dialect, 'refund-league')
  const offering = { id: 'refund-league-places', name: 'Refund League' }
  // As the engine wrote a place then: its registration, order and line.
  await old
    .insertInto('registrations')
    .values({ id: 'ann-place', offeringId: offering.id, userId: 'ann', participantKey: 'self', childId: null, status: 'cancelled', seq: 1, receiptNumber: 'R-00001', idempotencyKey: null, offerExpiresAt: null, waiverVersion: null, teamId: null, leagueSlot: null, createdAt: at(2), updatedAt: at(2) })
    .execute()
  await old.insertInto('orders').values({ id: 'ann-order', payerUserId: 'ann', createdAt: at(2) }).execute()
  await old.insertInto('orderLines').values({ id: 'ann-line', orderId: 'ann-order', registrationId: 'ann-place', productId: null, description: offering.name, listPriceCents: 5000, amountDueCents: 5000, createdAt: at(2) }).execute()
  const line = { id: 'ann-line', orderId: 'ann-order' }
  const payment = async (id: string, amountCents: number, method: string, n: number, reference: string | null) => {
    await old.insertInto('payments').values({ id, orderId: line.orderId, amountCents, provider: 'desk', externalId: null, method, reference, refundOf: null, recordedBy: 'ann', recordedAt: at(n) }).execute()
    await old.insertInto('paymentAllocations').values({ paymentId: id, orderLineId: line.id, amountCents }).execute()
  }
  await payment('cash-20', 2000, 'cash', 3, 'Drawer 1')
  await payment('card-30', 3000, 'card', 4, null)
  await payment('refund-50', -5000, 'refund', 5, 'Refund on cancellation')
  const registrationId = 'ann-place'
  await payment('cash-10', 1000, 'cash', 6, null)
  const before = (await old.selectFrom('paymentAllocations').select((eb) => eb.fn.sum('amountCents').as('paid')).where('orderLineId', '=', line.id).executeTakeFirstOrThrow()).paid

  await migrateToLatest(db)

  expect(Number(before)).toBe(1000)
  expect((await findRegistrationView(db, offeringKinds(), registrationId))!.paidCents).toBe(1000)
  const moves = await listPayments(db, registrationId)
  // The two refunds share the negative payment's time, so either may list first.
  const listed = moves.map((m) => [m.move, m.amountCents, m.method, m.reference])
  expect([listed.slice(0, 2), listed.slice(2, 4).sort(), listed.slice(4)]).toEqual([
    [
      ['payment', 2000, 'cash', 'Drawer 1'],
      ['payment', 3000, 'card', null],
    ],
    [
      ['refund', -2000, 'cash', 'Refund on cancellation'],
      ['refund', -3000, 'card', 'Refund on cancellation'],
    ],
    [['payment', 1000, 'cash', null]],
  ])
  expect(await db.kysely.selectFrom('payments').select('id').where('amountCents', '<', 0).execute()).toEqual([])
})
