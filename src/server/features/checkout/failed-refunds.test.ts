import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { FakeStripe } from '../../../../tests/fake-stripe.ts'
import { refundsAskedOf, startPayingApp } from '../../../../tests/paying-app.ts'
import type { TestApp } from '../../../../tests/test-app.ts'
import { createLeague, createRegistrant, createUser, daysFromToday, productForm, type TestUser } from '../../../../tests/factories.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { HistoryEntry, Payment, Receipt, RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { owingPlaces } from '../dashboard/place-balances.queries.ts'

/*
 * "Refund and lower the price" of a payment made online lowers the price at once, while the
 * refund waits for Stripe. When Stripe fails the refund — in its answer to the refund job, or by
 * refund.failed / refund.updated afterwards — nothing was given back, so the price goes back to
 * what it was, in the transaction that records the failure: the place owes what it owed before,
 * its plan's parts are as they were, its history says so and the family is told. A refund that
 * left the price changes none when it fails, but its family, told it was refunded, is told too,
 * once on every road; a family never told of the refund (one given with a cancellation) is not.
 * A failure in the job's answer is logged for staff, as the webhook's is. A refund that goes
 * through keeps the lower price. SQLite and PostgreSQL.
 */
let paying: Awaited<ReturnType<typeof startPayingApp>>
let fake: FakeStripe
let ctx: TestApp
let admin: TestUser
const logLines: string[] = []
beforeAll(async () => {
  paying = await startPayingApp({ logStream: { write: (line) => logLines.push(line) } })
  ;({ fake, ctx } = paying)
  admin = await createUser(ctx, 'admin')
})
afterAll(() => paying.close())
afterEach(async () => {
  fake.answerRefunds('pending')
  fake.holdDeliveries(false)
  await fake.deliverHeld()
})

const FIRST_PART = daysFromToday(20)
const SECOND_PART = daysFromToday(50)

/** A league at $180 paid by a plan ($50 at sign-up, then two parts), its deposit paid online. */
async function depositPaidOnline(): Promise<{ person: TestUser; registration: RegistrationView; deposit: Payment }> {
  const made = await admin.client.post<{ product: Product }>(
    '/api/admin/products',
    productForm({ name: `Winter league fee ${Math.random().toString(36).slice(2, 8)}`, listPrice: '180', planDeposit: '50', planDue1: FIRST_PART, planDue2: SECOND_PART }),
  )
  expect(made.status, made.text).toBe(201)
  const leagueId = await createLeague(ctx, { priceCents: 18_000, priceProductId: made.body.product.id })
  const person = await createRegistrant(ctx)
  const placed = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(placed.status, placed.text).toBe(201)
  const registration = placed.body.registration
  const page = await person.client.post<{ url: string }>(`/api/orders/${registration.orderId}/checkout`, {})
  expect(page.status, page.text).toBe(201)
  await fake.pay(page.body.url.split('/pay/')[1]!)
  const detail = await admin.client.get<{ payments: Payment[] }>(`/api/admin/registrations/${registration.id}`)
  expect(detail.body.payments).toEqual([expect.objectContaining({ amountCents: 5000, move: 'payment' })])
  return { person, registration, deposit: detail.body.payments[0]! }
}

/** Everything the place's money shows: its price and balance, the plan's parts at checkout, the receipt's adjustments, the Dashboard's figure and the line's columns. */
async function moneyOf(person: TestUser, registration: RegistrationView) {
  const [detail, order, receipt, owing, line] = await Promise.all([
    admin.client.get<{ registration: RegistrationView }>(`/api/admin/registrations/${registration.id}`),
    person.client.get<{ order: OrderCheckout }>(`/api/orders/${registration.orderId}`),
    person.client.get<{ receipt: Receipt }>(`/api/registrations/${registration.id}/receipt`),
    owingPlaces(ctx.db),
    ctx.db.kysely.selectFrom('orderLines').select(['amountDueCents', 'adjustedCents', 'planDepositCents', 'planDueDates']).where('registrationId', '=', registration.id).executeTakeFirstOrThrow(),
  ])
  const { priceCents, paidCents, balanceCents } = detail.body.registration
  const owed = owing.find((o) => o.registrationId === registration.id)
  return {
    place: { priceCents, paidCents, balanceCents },
    parts: order.body.order.lines[0]!.plan?.map((p) => [p.dueDate, p.amountCents, p.paidCents]),
    dueNowCents: order.body.order.dueNowCents,
    adjustments: receipt.body.receipt.charges?.adjustments.map((a) => [a.amountCents, a.reason]),
    dashboard: owed && { dueCents: owed.dueCents, paidCents: owed.paidCents, balanceCents: owed.balanceCents, plan: owed.plan },
    line,
  }
}

async function giveRefund(deposit: Payment, lowerPrice = true): Promise<string> {
  const res = await admin.client.post<{ refund: { id: string; status: string } }>(`/api/admin/payments/${deposit.id}/refunds`, { amount: '20.00', reason: 'Missed two weeks', lineId: deposit.lineId, lowerPrice })
  expect(res.status, res.text).toBe(201)
  expect(res.body.refund.status).toBe('pending')
  return res.body.refund.id
}

const refundRow = (id: string) => ctx.db.kysely.selectFrom('refunds').select(['status', 'externalId']).where('id', '=', id).executeTakeFirstOrThrow()

/** Once the refund job has run (the site's own runner may have claimed it first) and Stripe's answer is recorded. */
async function askedOfStripe(refundId: string) {
  const [atStripe] = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === refundId)
  await vi.waitFor(async () => expect((await refundRow(refundId)).externalId).toBe(atStripe!.id))
  return atStripe!
}

const historyOf = async (registrationId: string) => (await admin.client.get<{ history: HistoryEntry[] }>(`/api/admin/registrations/${registrationId}`)).body.history
const failures = async (registrationId: string) => (await historyOf(registrationId)).filter((h) => h.action === 'refund-failed')
const emailsTo = (to: string) => ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', to).orderBy('createdAt').execute()
const eventOf = (type: string, refundId: string) => fake.events().find((e) => e.type === type && (e.data.object as { id: string }).id === refundId)!

/** The price lowered by $20 while the refund waits: the plan's deposit is what comes down. */
async function expectLowered(person: TestUser, registration: RegistrationView) {
  const now = await moneyOf(person, registration)
  expect(now.place).toEqual({ priceCents: 16_000, paidCents: 5000, balanceCents: 11_000 })
  expect(now.line).toMatchObject({ amountDueCents: 16_000, adjustedCents: 2000, planDepositCents: 3000 })
  expect(now.adjustments).toEqual([[2000, 'Refunded and lowered: Missed two weeks']])
}

/** The deposit paid online, and the place cancelled without a refund: it asks nothing, so what it paid may go back without lowering a price. */
async function cancelledAfterPayingOnline(): Promise<Awaited<ReturnType<typeof depositPaidOnline>>> {
  const paid = await depositPaidOnline()
  expect((await admin.client.post(`/api/admin/registrations/${paid.registration.id}/cancel`, {})).status).toBe(200)
  return paid
}

/** Refunds of $20 of the deposit, waiting for Stripe, that fail: each as its place stands before and while it waits, and what the failure tells the family. */
const REFUNDS = [
  {
    refund: 'that lowered the price',
    lowerPrice: true,
    given: depositPaidOnline,
    whilePending: expectLowered,
    place: { priceCents: 18_000, paidCents: 5000, balanceCents: 13_000 },
    dashboard: expect.objectContaining({ dueCents: 18_000, paidCents: 5000, balanceCents: 13_000 }),
    told: ['The refund of $20.00 of your online payment (Missed two weeks) did not go through: nothing was given back, and the price is $180.00 again.', 'Balance: $130.00'],
  },
  {
    refund: 'that left the price',
    lowerPrice: false,
    given: cancelledAfterPayingOnline,
    whilePending: async (person: TestUser, registration: RegistrationView, before: Awaited<ReturnType<typeof moneyOf>>) => expect(await moneyOf(person, registration)).toEqual(before),
    place: { priceCents: 18_000, paidCents: 5000, balanceCents: 0 },
    dashboard: undefined,
    told: ['The refund of $20.00 of your online payment (Missed two weeks) did not go through: nothing was given back. The front desk will be in touch about giving it back another way; you can also contact them.', 'Balance: $0.00'],
  },
] as const

describe.each(REFUNDS)('a refund $refund that failed: its place as it was before, its history and its family told once', ({ lowerPrice, given, whilePending, place, dashboard, told }) => {
  /** What the place showed before the refund, in every reader, and its history and the family say so once. */
  async function expectRestored(person: TestUser, registration: RegistrationView, before: Awaited<ReturnType<typeof moneyOf>>) {
    expect(await moneyOf(person, registration)).toEqual(before)
    expect(before.place).toEqual(place)
    expect(before.dashboard).toEqual(dashboard)
    expect(await failures(registration.id)).toEqual([expect.objectContaining({ actorName: null, details: { amountCents: 2000, reason: 'Missed two weeks', priceRestored: lowerPrice } })])
    const emails = (await emailsTo(person.email)).filter((e) => e.subject === `Refund not made: ${registration.offering.name}`)
    expect(emails).toHaveLength(1)
    for (const line of told) expect(emails[0]!.text).toContain(line)
  }

  test('failed in Stripe’s answer to the refund job: restored when the job records it, and its events later change nothing', async () => {
    const { person, registration, deposit } = await given()
    const before = await moneyOf(person, registration)
    fake.answerRefunds('failed')
    fake.holdDeliveries(true)
    const refundId = await giveRefund(deposit, lowerPrice)
    await askedOfStripe(refundId)
    expect((await refundRow(refundId)).status).toBe('failed')
    await expectRestored(person, registration, before)
    expect(logLines.filter((line) => line.includes(refundId))).toEqual([expect.stringContaining('the payment provider could not make a refund')])

    // refund.created (already failed) and refund.failed arrive afterwards: recorded, nothing more restored.
    fake.holdDeliveries(false)
    expect(await fake.deliverHeld()).toEqual([200, 200])
    await expectRestored(person, registration, before)
  })

  test('failed by refund.failed after the job recorded it pending; refund.updated after it and each event again restore nothing more', async () => {
    const { person, registration, deposit } = await given()
    const before = await moneyOf(person, registration)
    const refundId = await giveRefund(deposit, lowerPrice)
    const atStripe = await askedOfStripe(refundId)
    expect((await refundRow(refundId)).status).toBe('pending')
    await whilePending(person, registration, before)

    fake.holdDeliveries(true)
    await fake.settleRefund(atStripe.id, 'failed')
    const [updated, failed] = [eventOf('refund.updated', atStripe.id), eventOf('refund.failed', atStripe.id)]
    expect(await fake.deliverHeld({ eventIds: [failed.id] })).toEqual([200])
    expect((await refundRow(refundId)).status).toBe('failed')
    await expectRestored(person, registration, before)

    expect(await fake.deliverHeld({ eventIds: [updated.id] })).toEqual([200])
    expect(await fake.redeliver(failed.id)).toBe(200)
    expect(await fake.redeliver(updated.id)).toBe(200)
    await expectRestored(person, registration, before)
  })

  test('failed by refund.updated alone, delivered twice at once', async () => {
    const { person, registration, deposit } = await given()
    const before = await moneyOf(person, registration)
    const refundId = await giveRefund(deposit, lowerPrice)
    const atStripe = await askedOfStripe(refundId)
    fake.holdDeliveries(true)
    await fake.settleRefund(atStripe.id, 'failed')
    const updated = eventOf('refund.updated', atStripe.id)
    expect(await Promise.all([fake.redeliver(updated.id), fake.redeliver(updated.id)])).toEqual([200, 200])
    expect((await refundRow(refundId)).status).toBe('failed')
    await expectRestored(person, registration, before)
  })

  test('the job’s answer and the event arriving at the same time restore once', async () => {
    const { person, registration, deposit } = await given()
    const before = await moneyOf(person, registration)
    fake.answerRefunds('failed')
    const refundId = await giveRefund(deposit, lowerPrice)
    await askedOfStripe(refundId)
    await fake.settled()
    await expectRestored(person, registration, before)
  })
})

describe('what a failure leaves alone', () => {
  test('a refund that goes through keeps the lower price', async () => {
    const { person, registration, deposit } = await depositPaidOnline()
    const refundId = await giveRefund(deposit)
    const atStripe = await askedOfStripe(refundId)
    await fake.settleRefund(atStripe.id, 'succeeded')
    expect((await refundRow(refundId)).status).toBe('succeeded')
    const after = await moneyOf(person, registration)
    expect(after.place).toEqual({ priceCents: 16_000, paidCents: 3000, balanceCents: 13_000 })
    expect(after.line).toMatchObject({ amountDueCents: 16_000, adjustedCents: 2000, planDepositCents: 3000, planDueDates: `${FIRST_PART},${SECOND_PART}` })
    expect(after.parts).toEqual([
      [null, 3000, 3000],
      [FIRST_PART, 6500, 0],
      [SECOND_PART, 6500, 0],
    ])
    expect(after.dashboard).toMatchObject({ dueCents: 16_000, paidCents: 3000, balanceCents: 13_000 })
    expect(await failures(registration.id)).toEqual([])
  })

  test('a refund given with a cancellation fails: its history says so, and the family, never told of a refund, is not emailed', async () => {
    const { person, registration } = await depositPaidOnline()
    expect((await admin.client.post(`/api/admin/registrations/${registration.id}/cancel`, { refund: true })).status).toBe(200)
    const [refund] = await ctx.db.kysely.selectFrom('refunds as f').innerJoin('refundAllocations as ra', 'ra.refundId', 'f.id').innerJoin('orderLines as l', 'l.id', 'ra.orderLineId').select('f.id').where('l.registrationId', '=', registration.id).execute()
    const atStripe = await askedOfStripe(refund!.id)
    await fake.settleRefund(atStripe.id, 'failed')
    expect((await refundRow(refund!.id)).status).toBe('failed')
    expect(await failures(registration.id)).toEqual([expect.objectContaining({ details: { amountCents: 5000, reason: 'Refund on cancellation', priceRestored: false } })])
    expect((await emailsTo(person.email)).map((e) => e.subject)).not.toContain(`Refund not made: ${registration.offering.name}`)
  })

  test('while a refund that lowered the price waits, the price is not lowered again: the admin is told why', async () => {
    const { person, registration, deposit } = await depositPaidOnline()
    const refundId = await giveRefund(deposit)
    const again = await admin.client.post<{ error: { message: string } }>(`/api/admin/payments/${deposit.id}/refunds`, { amount: '10.00', reason: 'And a week more', lineId: deposit.lineId, lowerPrice: true })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('A refund that lowered this price is still waiting for the card company: refund and lower it again once that one has gone through or failed.')
    const atStripe = await askedOfStripe(refundId)
    await fake.settleRefund(atStripe.id, 'succeeded')
    const after = await admin.client.post(`/api/admin/payments/${deposit.id}/refunds`, { amount: '10.00', reason: 'And a week more', lineId: deposit.lineId, lowerPrice: true })
    expect(after.status, after.text).toBe(201)
    expect((await moneyOf(person, registration)).place.priceCents).toBe(15_000)
  })
})
