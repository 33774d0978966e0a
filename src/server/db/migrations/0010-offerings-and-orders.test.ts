import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import { findLeagueOffering } from '../../features/registrations/league-places.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import { endRegistration, takeDeskPayment } from '../../core/registrations/registration-changes.ts'
import { findReceipt, findRegistrationView, listEvents, listPendingRegistrations } from '../../core/registrations/registrations.queries.ts'
import { boolParam, timestampParam } from '../values.ts'
import { offeringKinds } from '../../app.ts'
import { migrateToLatest } from '../migrate.ts'

/**
 * Migration 0010 on a database filled through the schema before it (0009): every receipt
 * number, status, waitlist position, payment and balance reads the same afterwards, and the
 * engine carries on where the old columns stopped.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12))
const kinds = offeringKinds()

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0009-sign-in-buckets' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
  await fillTodaysSchema()
})
afterAll(() => testDb.drop())

const at = (n: number) => timestampParam(testDb.db.dialect, day(n))

async function fillTodaysSchema(): Promise<void> {
  const { dialect } = testDb.db
  for (const id of ['ann', 'ben', 'cat', 'dan', 'eve', 'staff']) {
    await old
      .insertInto('users')
      .values({ id, displayName: id.toUpperCase(), email: `${id}@example.com`, emailVerified: boolParam(dialect, true), createdAt: at(1), updatedAt: at(1) })
      .execute()
  }
  const league = (id: string, name: string, sport: string, priceCents: number, capacity: number | null, placesTaken: number, registrationSeq: number) =>
    old
      .insertInto('leagues')
      .values({
        id, name, sport, kind: 'individual', description: null, isActive: boolParam(dialect, true),
        registrationDate: '2026-11-01', startDate: '2027-01-10', endDate: '2027-03-10', registrationDeadline: null,
        priceCents, capacity, placesTaken, registrationSeq, minAge: sport === 'kids' ? 6 : null, maxAge: sport === 'kids' ? 10 : null,
        createdAt: at(1), updatedAt: at(1),
      })
      .execute()
  await league('0b7e41a2-5c3d-4e6f-8a9b-0c1d2e3f4a5b', 'Adult Soccer', 'soccer', 4500, 2, 2, 5)
  await league('9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', 'Kids Sports', 'kids', 3000, null, 1, 1)
  await old
    .insertInto('children')
    .values({ id: 'mia', guardianId: 'ben', firstName: 'Mia', lastName: 'B', dateOfBirth: '2018-05-01', emergencyContactName: 'Ben', emergencyContactPhone: '555 0100', notes: null, createdAt: at(1), updatedAt: at(1) })
    .execute()
  await old.insertInto('waiverSignatures').values({ id: 'w1', userId: 'ben', waiverVersion: 1, subjectKey: 'mia', childId: 'mia', signedName: 'Ben', signedAt: at(2) }).execute()

  const soccer = '0b7e41a2-5c3d-4e6f-8a9b-0c1d2e3f4a5b'
  const kids = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a'
  const registration = (id: string, leagueId: string, userId: string, status: string, seq: number, priceCents: number, extra: object = {}) =>
    old
      .insertInto('registrations')
      .values({
        id, leagueId, userId, participantKey: ACCOUNT_HOLDER, childId: null, status, seq,
        receiptNumber: `${leagueId.replace(/-/g, '').slice(0, 8).toUpperCase()}-${String(seq).padStart(5, '0')}`,
        priceCents, idempotencyKey: `key-${id}`, offerExpiresAt: null, waiverVersion: 1, createdAt: at(2 + seq), updatedAt: at(2 + seq),
        ...extra,
      })
      .execute()
  await registration('r1', soccer, 'ann', 'confirmed', 1, 4500)
  await registration('r2', soccer, 'cat', 'offered', 2, 4500, { offerExpiresAt: at(20) })
  await registration('r3', soccer, 'dan', 'waitlisted', 3, 4500)
  await registration('r4', soccer, 'eve', 'cancelled', 4, 4500)
  await registration('r5', soccer, 'ben', 'waitlisted', 5, 4000)
  await registration('r6', kids, 'ben', 'confirmed', 1, 3000, { participantKey: 'mia', childId: 'mia' })

  const payment = (id: string, registrationId: string, amountCents: number, method: string, n: number) =>
    old
      .insertInto('payments')
      .values({ id, registrationId, amountCents, method, reference: `ref ${id}`, recordedBy: 'staff', recordedAt: at(n) })
      .execute()
  await payment('p1', 'r1', 2000, 'cash', 10)
  await payment('p2', 'r1', 2500, 'card', 11)
  await payment('p3', 'r4', 4500, 'card', 10)
  await payment('p4', 'r4', -4500, 'refund', 12)
  await payment('p5', 'r6', 1000, 'check', 13)
  await old.insertInto('registrationEvents').values({ id: 'e1', registrationId: 'r1', action: 'confirmed', actorId: 'ann', details: null, at: at(3) }).execute()
}

/** What today's schema says of each registration, read with its own columns. */
async function readTodaysSchema() {
  const { rows } = await sql<{ id: string; receiptNumber: string; status: string; leagueId: string; seq: number; priceCents: number }>`
    select id, "receiptNumber", status, "leagueId", seq, "priceCents" from registrations order by id`.execute(old)
  const payments = await old.selectFrom('payments').select(['id', 'registrationId', 'amountCents', 'method']).orderBy('id').execute()
  return rows.map((r) => {
    const paid = payments.filter((p) => p.registrationId === r.id).reduce((sum, p) => sum + Number(p.amountCents), 0)
    const live = ['confirmed', 'offered', 'waitlisted'].includes(r.status)
    const ahead = rows.filter((o) => o.leagueId === r.leagueId && o.status === 'waitlisted' && Number(o.seq) < Number(r.seq)).length
    return {
      id: r.id,
      receiptNumber: r.receiptNumber,
      status: r.status,
      waitlistPosition: r.status === 'waitlisted' ? ahead + 1 : null,
      priceCents: Number(r.priceCents),
      paidCents: paid,
      balanceCents: live ? Number(r.priceCents) - paid : 0,
      payments: payments.filter((p) => p.registrationId === r.id).map((p) => ({ amountCents: Number(p.amountCents), method: p.method as string })),
    }
  })
}

describe('migration 0010: offerings, orders and payments allocated to lines', () => {
  let before: Awaited<ReturnType<typeof readTodaysSchema>>

  beforeAll(async () => {
    before = await readTodaysSchema()
    await migrateToLatest(testDb.db)
  })

  test('every receipt number, status, waitlist position, payment and balance reads the same', async () => {
    const after = []
    for (const { id } of before) {
      const view = await findRegistrationView(testDb.db, kinds, id)
      const receipt = view && (await findReceipt(testDb.db, kinds, { userId: view.userId, ownerId: view.offering.ownerId, registrationId: id }))
      after.push({
        id,
        receiptNumber: view?.receiptNumber,
        status: view?.status,
        waitlistPosition: view?.waitlistPosition,
        priceCents: view?.priceCents,
        paidCents: view?.paidCents,
        balanceCents: view?.balanceCents,
        // A refund was a payment by the method 'refund'; since 0020 it is a row of its own.
        payments: receipt?.payments.map((p) => ({ amountCents: p.amountCents, method: p.move === 'refund' ? 'refund' : p.method })),
      })
    }
    expect(after).toEqual(before)
    expect(before.map((r) => r.balanceCents)).toEqual([0, 4500, 4500, 0, 4000, 2000])
  })

  test('history, pending registrations and the offering counters come across', async () => {
    expect((await listEvents(testDb.db, 'r1')).map((e) => e.action)).toEqual(['confirmed'])
    expect((await listPendingRegistrations(testDb.db, kinds, {})).map((r) => r.id).sort()).toEqual(['r2', 'r3', 'r5', 'r6'])
    const soccer = await findLeagueOffering(testDb.db, '0b7e41a2-5c3d-4e6f-8a9b-0c1d2e3f4a5b')
    expect(soccer).toMatchObject({ name: 'Adult Soccer', capacity: 2, placesTaken: 2, listPriceCents: 4500, forChildren: false })
    expect(await findLeagueOffering(testDb.db, '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a')).toMatchObject({ forChildren: true, minAge: 6, maxAge: 10 })
  })

  test('the engine carries on: the next number, the waitlist order and payments against the migrated lines', async () => {
    const db = testDb.db
    const soccer = (await findLeagueOffering(db, '0b7e41a2-5c3d-4e6f-8a9b-0c1d2e3f4a5b'))!
    const next = await takePlace(db, { offering: soccer, userId: 'staff', childId: null, waiverVersion: 1, idempotencyKey: null, now: day(21), today: '2026-11-21', siteUrl: 'http://facility.test', kinds })
    expect(next.registration).toMatchObject({ receiptNumber: '0B7E41A2-00006', status: 'waitlisted', waitlistPosition: 3 })

    const ctx = { now: day(21), claimWindowMs: 86_400_000, siteUrl: 'http://facility.test', kinds }
    expect(await endRegistration(db, 'r1', 'cancelled', { actorId: 'staff', refund: true, ctx })).toBe(true)
    expect(await findRegistrationView(db, kinds, 'r1')).toMatchObject({ status: 'cancelled', paidCents: 0, balanceCents: 0 })
    expect(await findRegistrationView(db, kinds, 'r3')).toMatchObject({ status: 'offered' })
    expect(await findRegistrationView(db, kinds, 'r5')).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })

    expect(await takeDeskPayment(db, 'r6', { amountCents: 2001, method: 'cash', reference: null }, 'staff', { now: day(21), timeZone: 'America/New_York', siteUrl: 'http://facility.test', kinds })).toBe('over-balance')
    expect(await takeDeskPayment(db, 'r6', { amountCents: 2000, method: 'cash', reference: null }, 'staff', { now: day(21), timeZone: 'America/New_York', siteUrl: 'http://facility.test', kinds })).toBe('recorded')
    expect(await findRegistrationView(db, kinds, 'r6')).toMatchObject({ paidCents: 3000, balanceCents: 0 })
  })
})
