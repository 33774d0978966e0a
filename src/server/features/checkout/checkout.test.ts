import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../../../../tests/fake-stripe.ts'
import { refundsAskedOf, startPayingApp, stripeEventsOf } from '../../../../tests/paying-app.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, latestEmailTo, type TestUser } from '../../../../tests/factories.ts'
import { createAcademy } from '../../../../tests/academy-places.ts'
import type { CheckoutState, OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import type { AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import { boolParam } from '../../db/values.ts'
import { createDiscountCode } from '../products/discount-codes.queries.ts'
import { reconcilePaymentEvents, sweepCheckouts } from './checkout-sweeper.ts'
import { runDueJobs } from '../../core/jobs.ts'
import { OVERPAID_REASON } from '../../core/payments/orders.queries.ts'

/*
 * Paying online against the fake Stripe of tests/fake-stripe.ts, through the real stripe library:
 * the checkout, events twice and out of order (the webhook's signature: features/stripe), a held
 * place released when its session expires, the sweep and the nightly reconciliation. SQLite and
 * PostgreSQL.
 */
let fake: FakeStripe
let ctx: TestApp
/** How far the site's and the fake Stripe's clocks run ahead of the real one. */
let skewMs = 0
const clock = () => new Date(Date.now() + skewMs)

let close: () => Promise<void>
beforeAll(async () => {
  ;({ fake, ctx, close } = await startPayingApp({ now: clock }))
})
afterAll(() => close())

const events = () => stripeEventsOf(ctx, clock)

async function register(person: TestUser, leagueId: string, body: object = {}): Promise<RegisterResult['registration']> {
  const res = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, body)
  expect(res.status, res.text).toBe(201)
  return res.body.registration
}

async function orderOf(person: TestUser, orderId: string): Promise<OrderCheckout> {
  const res = await person.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)
  expect(res.status, res.text).toBe(200)
  return res.body.order
}

async function checkout(person: TestUser, orderId: string): Promise<{ checkoutId: string; sessionId: string }> {
  const res = await person.client.post<{ checkoutId: string; url: string }>(`/api/orders/${orderId}/checkout`, {})
  expect(res.status, res.text).toBe(201)
  const sessionId = res.body.url.split('/pay/')[1]!
  expect(fake.session(sessionId)).toBeDefined()
  return { checkoutId: res.body.checkoutId, sessionId }
}

async function stateOf(person: TestUser, checkoutId: string): Promise<CheckoutState> {
  const res = await person.client.get<{ checkout: CheckoutState }>(`/api/checkouts/${checkoutId}`)
  expect(res.status, res.text).toBe(200)
  return res.body.checkout
}

async function payAtSignUp(table: 'leagues' | 'academies', id: string) {
  await ctx.db.kysely.updateTable(table).set({ payAtSignUp: boolParam(ctx.db.dialect, true) }).where('id', '=', id).execute()
}

/** Every payment and refund the site recorded, as a comparable ledger. */
async function ledger() {
  const payments = await ctx.db.kysely.selectFrom('payments').select(['orderId', 'amountCents', 'externalId', 'cardLast4']).where('provider', '=', 'stripe').orderBy('externalId').execute()
  const checkouts = await ctx.db.kysely.selectFrom('checkouts').select(['id', 'status']).orderBy('id').execute()
  const places = await ctx.db.kysely.selectFrom('registrations').select(['id', 'status']).orderBy('id').execute()
  return { payments, checkouts, places }
}

describe('paying later online', () => {
  test('a customer pays a confirmed place on Stripe Checkout: the webhook records the payment with the card, once', async () => {
    const leagueId = await createLeague(ctx, { priceCents: 4500 })
    const person = await createRegistrant(ctx)
    const registration = await register(person, leagueId)
    expect(registration.status).toBe('confirmed')
    expect(registration.orderId).not.toBeNull()
    const orderId = registration.orderId!
    const before = await orderOf(person, orderId)
    expect(before).toMatchObject({ totalCents: 4500, paidCents: 0, dueNowCents: 4500, paysOnline: true, paying: null, heldUntil: null })
    expect(before.lines).toHaveLength(1)
    // The confirmation says where to pay: online, or at the desk.
    expect((await latestEmailTo(ctx, person.email))?.text).toContain(`Amount due: $45.00 — pay online at ${ctx.config.publicUrl}/checkout/${orderId} or at the front desk.`)

    const { checkoutId, sessionId } = await checkout(person, orderId)
    const session = fake.session(sessionId)!
    expect(session).toMatchObject({ amount_total: 4500, client_reference_id: orderId, metadata: { orderId, checkoutId } })
    expect(session.line_items).toEqual([expect.objectContaining({ unit_amount: 4500, quantity: 1 })])
    expect(session.success_url).toContain(`/checkout/${orderId}/paid/${checkoutId}?session_id={CHECKOUT_SESSION_ID}`)
    expect((await stateOf(person, checkoutId)).status).toBe('open')
    // Asking again while the page is open answers the same page.
    const again = await person.client.post<{ checkoutId: string }>(`/api/orders/${orderId}/checkout`, {})
    expect(again.body.checkoutId).toBe(checkoutId)

    await fake.pay(sessionId, { card: { brand: 'mastercard', last4: '4444' } })
    expect(await stateOf(person, checkoutId)).toMatchObject({ status: 'paid', amountCents: 4500, card: { brand: 'mastercard', last4: '4444' } })
    expect(await orderOf(person, orderId)).toMatchObject({ paidCents: 4500, dueNowCents: 0, paying: null })
    // A delivery twice records nothing more.
    const completed = fake.events().find((e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId)!
    expect(await fake.redeliver(completed.id)).toBe(200)
    const payments = await ctx.db.kysely.selectFrom('payments').select(['amountCents', 'method', 'provider']).where('orderId', '=', orderId).execute()
    expect(payments).toEqual([{ amountCents: 4500, method: 'online', provider: 'stripe' }])
    const paidAgain = await person.client.post<{ error: { message: string } }>(`/api/orders/${orderId}/checkout`, {})
    expect(paidAgain.status).toBe(409)
    expect(paidAgain.body.error.message).toBe('Nothing is owed on this order.')
  })

  test('Pay pressed twice at once opens one payment page, and both answers are that page', async () => {
    for (let round = 0; round < 3; round++) {
      const person = await createRegistrant(ctx)
      const orderId = (await register(person, await createLeague(ctx, { priceCents: 4500 }))).orderId!
      const answers = await Promise.all([0, 1].map(() => person.client.post<{ checkoutId: string; url: string }>(`/api/orders/${orderId}/checkout`, {})))
      expect(answers.map((a) => a.status), answers.map((a) => a.text).join(' ')).toEqual([201, 201])
      expect(answers[1]!.body).toEqual(answers[0]!.body)
      expect(fake.sessions().filter((s) => s.client_reference_id === orderId)).toHaveLength(1)
    }
  })

  test('an order is its payer’s: another customer gets 404, staff read it, a visitor is asked to sign in', async () => {
    const leagueId = await createLeague(ctx)
    const person = await createRegistrant(ctx)
    const { orderId } = await register(person, leagueId)
    const stranger = await createUser(ctx)
    expect((await stranger.client.get(`/api/orders/${orderId}`)).status).toBe(404)
    expect((await stranger.client.post(`/api/orders/${orderId}/checkout`, {})).status).toBe(404)
    const { checkoutId } = await checkout(person, orderId!)
    expect((await stranger.client.get(`/api/checkouts/${checkoutId}`)).status).toBe(404)
    const employee = await createUser(ctx, 'employee')
    expect((await employee.client.get(`/api/orders/${orderId}`)).status).toBe(200)
    expect((await employee.client.post(`/api/orders/${orderId}/checkout`, {})).status).toBe(404)
    expect((await ctx.client().get(`/api/orders/${orderId}`)).status).toBe(401)
  })
})

describe('refunds', () => {
  async function paidOnline(): Promise<{ person: TestUser; registrationId: string; paymentId: string; sessionId: string }> {
    const leagueId = await createLeague(ctx, { priceCents: 4500 })
    const person = await createRegistrant(ctx)
    const registration = await register(person, leagueId)
    const { sessionId } = await checkout(person, registration.orderId!)
    await fake.pay(sessionId)
    const payment = await ctx.db.kysely.selectFrom('payments').select('id').where('externalId', '=', sessionId).executeTakeFirstOrThrow()
    return { person, registrationId: registration.id, paymentId: payment.id, sessionId }
  }

  const refundRow = (id: string) => ctx.db.kysely.selectFrom('refunds').select(['status', 'externalId', 'amountCents']).where('id', '=', id).executeTakeFirstOrThrow()

  test('staff refund part of an online payment: pending until Stripe confirms it, and never more than is left', async () => {
    const { paymentId, sessionId } = await paidOnline()
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.post<{ refund: { id: string; status: string; amountCents: number } }>(`/api/admin/payments/${paymentId}/refunds`, { amount: '20.00', reason: 'Missed the first week', lowerPrice: true })
    expect(res.status, res.text).toBe(201)
    expect(res.body.refund).toMatchObject({ amountCents: 2000, status: 'pending' })
    const tooMuch = await admin.client.post<{ error: { fields: Record<string, string> } }>(`/api/admin/payments/${paymentId}/refunds`, { amount: '25.01', reason: 'Too much' })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.error.fields.amount).toBe('The refund is more than is left of this payment.')

    const atStripe = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === res.body.refund.id)
    const paymentIntent = fake.session(sessionId)!.payment_intent
    expect(atStripe).toEqual([expect.objectContaining({ amount: 2000, status: 'pending', payment_intent: paymentIntent })])
    expect(await refundRow(res.body.refund.id)).toMatchObject({ status: 'pending', externalId: atStripe[0]!.id })
    // The job again (an instance stopped after Stripe answered): Stripe is asked once.
    await ctx.db.kysely.updateTable('refunds').set({ externalId: null }).where('id', '=', res.body.refund.id).execute()
    await ctx.db.kysely.updateTable('jobs').set({ status: 'pending' }).where('payload', 'like', `%${res.body.refund.id}%`).execute()
    await runDueJobs(ctx.db, new Date(Date.now() + 3_600_000), ctx.jobHandlers)
    expect(fake.refunds().filter((r) => r.metadata.refundId === res.body.refund.id)).toHaveLength(1)

    await fake.settleRefund(atStripe[0]!.id, 'succeeded')
    expect(await refundRow(res.body.refund.id)).toMatchObject({ status: 'succeeded', externalId: atStripe[0]!.id })
  })

  test('a refund Stripe could not make is failed, and gives nothing back on the books', async () => {
    const { person, registrationId, paymentId } = await paidOnline()
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.post<{ refund: { id: string } }>(`/api/admin/payments/${paymentId}/refunds`, { amount: '45.00', reason: 'Moving away', lowerPrice: true })
    expect(res.status, res.text).toBe(201)
    const [atStripe] = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === res.body.refund.id)
    await fake.settleRefund(atStripe!.id, 'failed')
    expect((await refundRow(res.body.refund.id)).status).toBe('failed')
    const receipt = await person.client.get<{ receipt: { paidCents: number; payments: { move: string; status: string }[] } }>(`/api/registrations/${registrationId}/receipt`)
    expect(receipt.body.receipt.paidCents).toBe(4500)
    expect(receipt.body.receipt.payments.map((p) => [p.move, p.status])).toEqual([
      ['payment', 'succeeded'],
      ['refund', 'failed'],
    ])
  })

  test('a card payment that arrives after the desk took the balance is recorded, and what it paid over is refunded through Stripe at once', async () => {
    const leagueId = await createLeague(ctx, { priceCents: 4500 })
    const person = await createRegistrant(ctx)
    const registration = await register(person, leagueId)
    const { checkoutId, sessionId } = await checkout(person, registration.orderId!)
    const desk = await createUser(ctx, 'employee')
    const paidAtDesk = await desk.client.post(`/api/admin/registrations/${registration.id}/payments`, { amount: '45.00', method: 'cash', reference: '' })
    expect(paidAtDesk.status, paidAtDesk.text).toBe(201)

    await fake.pay(sessionId)
    expect((await stateOf(person, checkoutId)).status).toBe('paid')
    const payment = await ctx.db.kysely.selectFrom('payments').select(['id', 'amountCents']).where('externalId', '=', sessionId).executeTakeFirstOrThrow()
    expect(payment.amountCents).toBe(4500)
    const refund = await ctx.db.kysely.selectFrom('refunds').select(['id', 'amountCents', 'status', 'reason']).where('paymentId', '=', payment.id).executeTakeFirstOrThrow()
    expect(refund).toMatchObject({ amountCents: 4500, status: 'pending', reason: OVERPAID_REASON })
    const [atStripe] = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === refund.id)
    expect(atStripe).toMatchObject({ amount: 4500, payment_intent: fake.session(sessionId)!.payment_intent })
    await fake.settleRefund(atStripe!.id, 'succeeded')
    const receipt = await person.client.get<{ receipt: { paidCents: number; balanceCents: number } }>(`/api/registrations/${registration.id}/receipt`)
    expect(receipt.body.receipt).toMatchObject({ paidCents: 4500, balanceCents: 0 })
  })

  test('cancelling a place paid online with a refund gives the money back through Stripe', async () => {
    const { registrationId, sessionId } = await paidOnline()
    const admin = await createUser(ctx, 'admin')
    const cancelled = await admin.client.post(`/api/admin/registrations/${registrationId}/cancel`, { refund: true })
    expect(cancelled.status, cancelled.text).toBe(200)
    const paymentIntent = fake.session(sessionId)!.payment_intent
    expect(await refundsAskedOf(ctx, fake, (r) => r.payment_intent === paymentIntent)).toEqual([expect.objectContaining({ amount: 4500 })])
  })
})

describe('the webhook', () => {
  test('every event delivered twice and in shuffled order leaves the same ledger as delivered once in order', async () => {
    const leagueId = await createLeague(ctx, { capacity: 2 })
    await payAtSignUp('leagues', leagueId)
    const people = await Promise.all([createRegistrant(ctx), createRegistrant(ctx), createRegistrant(ctx)])
    const places = []
    for (const person of people) places.push(await register(person, leagueId))
    expect(places.map((p) => p.status)).toEqual(['held', 'held', 'waitlisted'])
    const [paying, leaving] = [people[0]!, people[1]!]
    const first = await checkout(paying, places[0]!.orderId!)
    const second = await checkout(leaving, places[1]!.orderId!)

    fake.holdDeliveries(true)
    await fake.pay(first.sessionId)
    await fake.expire(second.sessionId)
    const shuffled = await fake.deliverHeld({ shuffle: true, times: 2, seed: 7 })
    fake.holdDeliveries(false)
    expect(shuffled.every((status) => status === 200)).toBe(true)

    const after = await ledger()
    expect(after.payments.filter((p) => p.externalId === first.sessionId)).toEqual([{ orderId: places[0]!.orderId, amountCents: 4500, externalId: first.sessionId, cardLast4: '4242' }])
    expect(after.checkouts).toEqual(expect.arrayContaining([{ id: first.checkoutId, status: 'paid' }, { id: second.checkoutId, status: 'expired' }]))
    const status = (id: string) => after.places.find((p) => p.id === id)?.status
    // The paid place is confirmed; the expired one released to the next person on the waitlist.
    expect([status(places[0]!.id), status(places[1]!.id), status(places[2]!.id)]).toEqual(['confirmed', 'expired', 'offered'])
    // Delivered again, all of them: nothing changes.
    for (const event of fake.events()) await fake.redeliver(event.id)
    expect(await ledger()).toEqual(after)
  })
})

describe('pay at sign-up', () => {
  /** A parent's two children, born 2017, signed up together for an academy: the answer's places, held on one order. */
  async function twoChildrenSignedUp(academyId: string, [first, second]: [string, string], photoConsent = false) {
    const parent = await createUser(ctx)
    const children = [await addChild(parent, { firstName: first, dateOfBirth: '2017-03-01' }), await addChild(parent, { firstName: second, dateOfBirth: '2017-09-01' })]
    const res = await parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: children.map((childId) => ({ childId, photoConsent })) })
    expect(res.status, res.text).toBe(201)
    return { parent, registrations: res.body.registrations }
  }

  test('an academy’s two places are held on one order while the family pays; paid, both are confirmed', async () => {
    const academyId = await createAcademy(ctx, { capacity: 5, startDate: daysFromToday(30), endDate: daysFromToday(60) })
    await payAtSignUp('academies', academyId)
    const { parent, registrations } = await twoChildrenSignedUp(academyId, ['Ana', 'Ben'])
    expect(registrations.map((r) => r.status)).toEqual(['held', 'held'])
    const orderId = registrations[0]!.orderId!
    const order = await orderOf(parent, orderId)
    expect(order).toMatchObject({ totalCents: 36_000, dueNowCents: 36_000 })
    expect(order.lines.map((l) => l.description).sort()).toEqual([expect.stringContaining('— Ana'), expect.stringContaining('— Ben')])
    expect(order.heldUntil).not.toBeNull()

    const { checkoutId, sessionId } = await checkout(parent, orderId)
    expect(fake.session(sessionId)!.line_items.map((l) => l.unit_amount)).toEqual([18_000, 18_000])
    await fake.pay(sessionId)
    expect((await stateOf(parent, checkoutId)).status).toBe('paid')
    const statuses = await ctx.db.kysely.selectFrom('registrations').select('status').where('id', 'in', registrations.map((r) => r.id)).execute()
    expect(statuses.map((s) => s.status)).toEqual(['confirmed', 'confirmed'])
    // Paid at sign-up: the confirmation says so, and asks for nothing at the desk.
    const confirmations = await ctx.db.kysely.selectFrom('outbox').select('text').where('recipient', '=', parent.email).where('subject', 'like', 'Registration confirmed%').execute()
    expect(confirmations.map((e) => e.text.split('\n').find((line) => line.startsWith('Paid') || line.startsWith('Amount')))).toEqual(['Paid in full: $180.00.', 'Paid in full: $180.00.'])
  })

  test('a refund from one child’s panel comes off that child’s part of the family’s payment, never more than that part', async () => {
    const academyId = await createAcademy(ctx, { capacity: 5, startDate: daysFromToday(30), endDate: daysFromToday(60) })
    await payAtSignUp('academies', academyId)
    const { parent, registrations } = await twoChildrenSignedUp(academyId, ['Eve', 'Fin'])
    const [eve, fin] = registrations.map((r) => r.id) as [string, string]
    await fake.pay((await checkout(parent, registrations[0]!.orderId!)).sessionId)

    const admin = await createUser(ctx, 'admin')
    type Panel = { receipt: { paidCents: number; payments: { id: string; move: string; amountCents: number; lineId: string }[] } }
    const panel = async (registrationId: string) => (await admin.client.get<Panel>(`/api/registrations/${registrationId}/receipt`)).body.receipt
    const [finPayment] = (await panel(fin)).payments
    expect(finPayment).toMatchObject({ move: 'payment', amountCents: 18_000 })
    const refund = (body: object) => admin.client.post<{ refund: { id: string }; error: { fields: Record<string, string> } }>(`/api/admin/payments/${finPayment!.id}/refunds`, { reason: 'Fin moved away', lineId: finPayment!.lineId, lowerPrice: true, ...body })

    const tooMuch = await refund({ amount: '180.01' })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.error.fields.amount).toBe('The refund is more than is left of this payment for this registration.')
    const given = await refund({ amount: '50.00' })
    expect(given.status, given.text).toBe(201)
    const [atStripe] = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === given.body.refund.id)
    await fake.settleRefund(atStripe!.id, 'succeeded')
    expect((await panel(fin)).paidCents).toBe(13_000)
    expect((await panel(eve)).paidCents).toBe(18_000)
    expect((await panel(fin)).payments.map((p) => p.amountCents)).toEqual([18_000, -5_000])
    // What is left of Fin's part, and no more: Eve's part is not Fin's to give back.
    expect((await refund({ amount: '130.01' })).status).toBe(400)
    expect((await refund({ amount: '130.00' })).status).toBe(201)
  })

  test('a discount code at the checkout takes its part off each line; Stripe is asked for what is left, and the total is the sum of the lines', async () => {
    const academyId = await createAcademy(ctx, { capacity: 5, startDate: daysFromToday(30), endDate: daysFromToday(60) })
    await payAtSignUp('academies', academyId)
    const admin = await createUser(ctx, 'admin')
    const code = await createDiscountCode(
      ctx.db,
      { code: 'KIDS15', description: null, percentOff: 15, amountOffCents: null, validFrom: null, validUntil: null, maxUses: 5, maxUsesPerPerson: 1, isActive: true },
      { by: admin.id, now: new Date() },
    )
    expect(code).not.toBe('taken')
    const { parent, registrations } = await twoChildrenSignedUp(academyId, ['Cy', 'Di'], true)
    const orderId = registrations[0]!.orderId!

    const unknown = await parent.client.post<{ error: { fields: Record<string, string> } }>(`/api/orders/${orderId}/discount-code`, { code: 'nope' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields.discountCode).toBe('There is no discount code NOPE.')
    const applied = await parent.client.post<{ order: OrderCheckout }>(`/api/orders/${orderId}/discount-code`, { code: ' kids15 ' })
    expect(applied.status, applied.text).toBe(200)
    const order = applied.body.order
    expect(order.discountCode).toEqual({ code: 'KIDS15', discountCents: 5400 })
    expect(order.lines.map((l) => [l.priceCents, l.discountCents, l.amountDueCents])).toEqual([
      [18_000, 2700, 15_300],
      [18_000, 2700, 15_300],
    ])
    expect(order.totalCents).toBe(order.lines.reduce((sum, l) => sum + l.amountDueCents, 0))
    expect(order.dueNowCents).toBe(30_600)
    const again = await parent.client.post<{ error: { fields: Record<string, string> } }>(`/api/orders/${orderId}/discount-code`, { code: 'KIDS15' })
    expect(again.status).toBe(409)
    expect(again.body.error.fields.discountCode).toBe('This order already has a discount code.')

    const { sessionId, checkoutId } = await checkout(parent, orderId)
    expect(fake.session(sessionId)!.amount_total).toBe(30_600)
    await fake.pay(sessionId)
    expect((await stateOf(parent, checkoutId)).status).toBe('paid')
    const removed = await parent.client.post<{ error: { message: string } }>(`/api/orders/${orderId}/discount-code/remove`, {})
    expect(removed.status).toBe(409)
  })

  test('a bank debit keeps the place held while it clears; when it fails, the place goes to the next person', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1 })
    await payAtSignUp('leagues', leagueId)
    const payer = await createRegistrant(ctx)
    const waiting = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    const next = await register(waiting, leagueId)
    const { checkoutId, sessionId } = await checkout(payer, held.orderId!)
    await fake.pay(sessionId, { async: true })
    expect((await stateOf(payer, checkoutId)).status).toBe('processing')
    expect((await payer.client.post(`/api/orders/${held.orderId}/checkout`, {})).status).toBe(409)
    // The sweep leaves a place under a clearing debit alone, however late.
    skewMs = 3 * 3_600_000
    try {
      await sweepCheckouts(events())
    } finally {
      skewMs = 0
    }
    await fake.settleAsync(sessionId, 'failed')
    expect((await stateOf(payer, checkoutId)).status).toBe('failed')
    const rows = await ctx.db.kysely.selectFrom('registrations').select(['id', 'status']).where('id', 'in', [held.id, next.id]).execute()
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [held.id]: 'expired', [next.id]: 'offered' })
  })

  test('a session that ends without a word from Stripe: the sweep expires it there and releases the place', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1 })
    await payAtSignUp('leagues', leagueId)
    const payer = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    const { checkoutId, sessionId } = await checkout(payer, held.orderId!)
    fake.holdDeliveries(true)
    skewMs = 45 * 60_000
    try {
      expect(await sweepCheckouts(events())).toBeGreaterThanOrEqual(1)
    } finally {
      skewMs = 0
      fake.holdDeliveries(false)
    }
    expect(fake.session(sessionId)!.status).toBe('expired')
    expect((await stateOf(payer, checkoutId)).status).toBe('expired')
    const place = await ctx.db.kysely.selectFrom('registrations').select('status').where('id', '=', held.id).executeTakeFirstOrThrow()
    expect(place.status).toBe('expired')
    // Stripe's own word arrives later: nothing changes.
    expect((await fake.deliverHeld()).every((s) => s === 200)).toBe(true)
    expect((await stateOf(payer, checkoutId)).status).toBe('expired')
  })

  test('the nightly reconciliation applies a payment whose event never arrived', async () => {
    const leagueId = await createLeague(ctx, { capacity: 3 })
    await payAtSignUp('leagues', leagueId)
    const payer = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    const { checkoutId, sessionId } = await checkout(payer, held.orderId!)
    fake.holdDeliveries(true)
    await fake.pay(sessionId)
    fake.holdDeliveries(false)
    expect((await stateOf(payer, checkoutId)).status).toBe('open')
    expect(await reconcilePaymentEvents(events())).toBeGreaterThanOrEqual(1)
    expect((await stateOf(payer, checkoutId)).status).toBe('paid')
    expect(await reconcilePaymentEvents(events())).toBe(0)
    const place = await ctx.db.kysely.selectFrom('registrations').select('status').where('id', '=', held.id).executeTakeFirstOrThrow()
    expect(place.status).toBe('confirmed')
  })
})

test('without Stripe’s keys an order reads, and paying is the front desk’s', async () => {
  const desk = await startTestApp()
  try {
    const leagueId = await createLeague(desk)
    await desk.db.kysely.updateTable('leagues').set({ payAtSignUp: boolParam(desk.db.dialect, true) }).where('id', '=', leagueId).execute()
    const person = await createRegistrant(desk)
    const res = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
    expect(res.body.registration.status).toBe('confirmed')
    const order = await person.client.get<{ order: OrderCheckout }>(`/api/orders/${res.body.registration.orderId}`)
    expect(order.body.order).toMatchObject({ paysOnline: false, dueNowCents: 4500 })
    const pay = await person.client.post<{ error: { message: string } }>(`/api/orders/${res.body.registration.orderId}/checkout`, {})
    expect(pay.status).toBe(409)
    expect(pay.body.error.message).toBe('Payment is taken at the front desk.')
    expect((await desk.client().post('/api/stripe/webhook', { id: 'evt_1', type: 'x' })).status).toBe(404)
  } finally {
    await desk.close()
  }
})
