import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createLeague, createRegistrant, createUser, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { inTransaction } from '../../db/transaction.ts'
import { findRegistrationView, listPayments } from '../registrations/registrations.queries.ts'
import { facilityToday } from '../../../shared/format.ts'
import { admit } from '../registrations/admission.ts'
import { takePlace } from '../registrations/engine.ts'
import { findLeagueOffering } from '../../features/registrations/league-places.ts'
import { allocate, lineOfRegistration, openOrder, orderInserts, recordPayment, recordRefund, type NewPayment } from './orders.queries.ts'

/**
 * The money paths online payment stands on (issue 22): a payment recorded once per provider id,
 * spread over an order's lines, refunds as rows of their own never larger than what they return.
 */
let ctx: TestApp
let staff: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  staff = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const now = new Date()

async function placeOwing(priceCents: number): Promise<{ registrationId: string; orderId: string; lineId: string; customer: TestUser }> {
  const customer = await createRegistrant(ctx)
  const leagueId = await createLeague(ctx, { priceCents })
  const { registration } = (await customer.client.post<{ registration: RegistrationView }>(`/api/leagues/${leagueId}/registrations`, {})).body
  const line = (await inTransaction(ctx.db, (tx) => lineOfRegistration(tx, registration.id)))!
  return { registrationId: registration.id, orderId: line.orderId, lineId: line.id, customer }
}

const online = (orderId: string, amountCents: number, externalId: string): NewPayment => ({
  orderId,
  amountCents,
  provider: 'stripe',
  externalId,
  method: 'online',
  reference: null,
  recordedBy: null,
  now,
})

const paidCents = async (registrationId: string) => (await findRegistrationView(ctx.db, ctx.kinds, registrationId))!.paidCents

describe('allocate', () => {
  test('spreads an amount over lines oldest first, each up to what it has open', () => {
    const lines = [
      { id: 'a', openCents: 3000 },
      { id: 'b', openCents: 0 },
      { id: 'c', openCents: 2000 },
    ]
    expect(allocate(lines, 4000)).toEqual([
      { orderLineId: 'a', amountCents: 3000 },
      { orderLineId: 'c', amountCents: 1000 },
    ])
    expect(allocate(lines, 5000)).toHaveLength(2)
    expect(allocate(lines, 5001)).toBeUndefined()
  })
})

describe('payments', () => {
  test('a payment recorded twice with the same provider id is one row, and the second answers the first', async () => {
    const place = await placeOwing(5000)
    const first = await inTransaction(ctx.db, (tx) => recordPayment(tx, online(place.orderId, 5000, 'cs_test_twice')))
    const again = await inTransaction(ctx.db, (tx) => recordPayment(tx, online(place.orderId, 5000, 'cs_test_twice')))
    expect(first.status).toBe('recorded')
    expect(again).toEqual({ status: 'already-recorded', id: 'id' in first ? first.id : '' })
    expect(await paidCents(place.registrationId)).toBe(5000)
  })

  test('the same provider id delivered at once, five times, is recorded once', async () => {
    const place = await placeOwing(5000)
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => inTransaction(ctx.db, (tx) => recordPayment(tx, online(place.orderId, 5000, 'cs_test_together')))))
    expect(outcomes.filter((o) => o.status === 'recorded')).toHaveLength(1)
    expect(new Set(outcomes.map((o) => ('id' in o ? o.id : o.status))).size).toBe(1)
    const rows = await ctx.db.kysely.selectFrom('payments').select('id').where('provider', '=', 'stripe').where('externalId', '=', 'cs_test_together').execute()
    expect(rows).toHaveLength(1)
    expect(await paidCents(place.registrationId)).toBe(5000)
  })

  test('a payment spreads over an order’s lines oldest first and never beyond what they owe', async () => {
    const customer = await createRegistrant(ctx)
    const [order] = await inTransaction(ctx.db, async (tx) => {
      const made = orderInserts(tx, [
        {
          payerUserId: customer.id,
          now,
          lines: [
            { registrationId: null, productId: null, description: 'Team fee', listPriceCents: 30000, amountDueCents: 30000 },
            { registrationId: null, productId: null, description: 'T-shirt', listPriceCents: 2000, amountDueCents: 2000 },
          ],
        },
      ])
      for (const write of made) await write.execute()
      return tx.kysely.selectFrom('orders').select('id').where('payerUserId', '=', customer.id).execute()
    })
    const lines = await ctx.db.kysely.selectFrom('orderLines').select(['id', 'description']).where('orderId', '=', order!.id).execute()
    const tooMuch = await inTransaction(ctx.db, (tx) => recordPayment(tx, online(order!.id, 32001, 'cs_test_over')))
    expect(tooMuch).toEqual({ status: 'over-balance' })
    const paid = await inTransaction(ctx.db, (tx) => recordPayment(tx, online(order!.id, 31000, 'cs_test_spread')))
    expect(paid.status).toBe('recorded')
    const parts = await ctx.db.kysely.selectFrom('paymentAllocations').select(['orderLineId', 'amountCents']).where('paymentId', '=', 'id' in paid ? paid.id : '').execute()
    const byName = Object.fromEntries(parts.map((p) => [lines.find((l) => l.id === p.orderLineId)!.description, p.amountCents]))
    expect(byName).toEqual({ 'Team fee': 30000, 'T-shirt': 1000 })
  })

  test('two children registered together share one order, and one payment of it pays both places', async () => {
    const parent = await createRegistrant(ctx)
    const leagueId = await createLeague(ctx, { sport: 'kids', minAge: 4, maxAge: 14, priceCents: 4500 })
    const children = [await addChild(parent, { firstName: 'Ada', dateOfBirth: '2018-03-01' }), await addChild(parent, { firstName: 'Ben', dateOfBirth: '2019-07-01' })]
    for (const child of children) await signWaiver(parent, child)
    const offering = (await findLeagueOffering(ctx.db, leagueId))!
    const today = facilityToday(now, ctx.config.site.timeZone)
    const orderId = await openOrder(ctx.db, parent.id, now)
    const places = await Promise.all(
      children.map(async (childId) => {
        const admission = await admit(ctx.db, offering, { userId: parent.id, childId, today })
        return (await takePlace(ctx.db, { ...admission, offering, userId: parent.id, idempotencyKey: null, now, today, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds, orderId })).registration
      }),
    )
    const lines = await ctx.db.kysely.selectFrom('orderLines').select(['registrationId', 'amountDueCents']).where('orderId', '=', orderId).execute()
    expect(lines.map((l) => l.registrationId).sort()).toEqual(places.map((p) => p.id).sort())

    const paid = await inTransaction(ctx.db, (tx) => recordPayment(tx, online(orderId, 9000, 'cs_test_two_children')))
    expect(paid.status).toBe('recorded')
    for (const place of places) expect(await findRegistrationView(ctx.db, ctx.kinds, place.id)).toMatchObject({ paidCents: 4500, balanceCents: 0 })
  })
})

describe('refunds', () => {
  test('a refund is a row of its own returning part of one payment; more than is left is refused', async () => {
    const place = await placeOwing(6000)
    const paid = await inTransaction(ctx.db, (tx) => recordPayment(tx, online(place.orderId, 6000, 'cs_test_refunded')))
    const paymentId = 'id' in paid ? paid.id : ''
    let minutes = 0
    const refund = (amountCents: number, externalId: string | null) =>
      inTransaction(ctx.db, (tx) =>
        recordRefund(tx, { paymentId, amountCents, externalId, reason: 'Asked by the customer', recordedBy: staff.id, now: new Date(now.getTime() + ++minutes * 60_000) }),
      )

    expect(await refund(6001, 're_test_too_much')).toEqual({ status: 'over-payment' })
    const part = await refund(2500, 're_test_part')
    expect(part.status).toBe('recorded')
    expect(await refund(2500, 're_test_part')).toEqual({ status: 'already-recorded', id: 'id' in part ? part.id : '' })
    expect(await paidCents(place.registrationId)).toBe(3500)
    expect(await refund(3501, null)).toEqual({ status: 'over-payment' })
    expect((await refund(3500, null)).status).toBe('recorded')
    // Decided here, it is asked of Stripe: pending, and the money stays paid until Stripe confirms it; nothing more can be asked meanwhile.
    expect(await paidCents(place.registrationId)).toBe(3500)
    expect(await refund(1, null)).toEqual({ status: 'over-payment' })
    await ctx.db.kysely.updateTable('refunds').set({ status: 'succeeded' }).where('paymentId', '=', paymentId).where('status', '=', 'pending').execute()
    expect(await paidCents(place.registrationId)).toBe(0)

    // What happened and how stay apart: the payment is online, so are its refunds.
    const moves = await listPayments(ctx.db, place.registrationId)
    expect(moves.map((m) => [m.move, m.amountCents, m.method])).toEqual([
      ['payment', 6000, 'online'],
      ['refund', -2500, 'online'],
      ['refund', -3500, 'online'],
    ])
    const stored = await ctx.db.kysely.selectFrom('payments').select('amountCents').where('orderId', '=', place.orderId).execute()
    expect(stored).toEqual([{ amountCents: 6000 }])
  })

  test('a refund of a payment that does not exist is refused', async () => {
    expect(
      await inTransaction(ctx.db, (tx) => recordRefund(tx, { paymentId: 'no-such-payment', amountCents: 100, externalId: null, reason: null, recordedBy: null, now })),
    ).toEqual({ status: 'no-payment' })
  })

  test('cancelling with a refund gives back every payment the place received, each by its own method', async () => {
    const place = await placeOwing(5000)
    const admin = await createUser(ctx, 'admin')
    for (const [amount, method] of [
      ['20', 'cash'],
      ['30', 'card'],
    ]) {
      expect((await admin.client.post(`/api/admin/registrations/${place.registrationId}/payments`, { amount, method })).status).toBe(201)
    }
    const cancelled = await admin.client.post<{ registration: RegistrationView }>(`/api/admin/registrations/${place.registrationId}/cancel`, { refund: true })
    expect(cancelled.body.registration).toMatchObject({ status: 'cancelled', paidCents: 0 })
    const moves = await listPayments(ctx.db, place.registrationId)
    expect(moves.filter((m) => m.move === 'refund').map((m) => [m.amountCents, m.method, m.reference])).toEqual(
      expect.arrayContaining([
        [-2000, 'cash', 'Refund on cancellation'],
        [-3000, 'card', 'Refund on cancellation'],
      ]),
    )
  })
})
