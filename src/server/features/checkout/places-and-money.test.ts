import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../../../../tests/fake-stripe.ts'
import { startPayingApp, stripeEventsOf } from '../../../../tests/paying-app.ts'
import type { TestApp } from '../../../../tests/test-app.ts'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { createAcademy } from '../../../../tests/academy-places.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import type { AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import { boolParam } from '../../db/values.ts'
import { sweepCheckouts } from './checkout-sweeper.ts'
import { createDiscountCode } from '../products/discount-codes.queries.ts'
import { expireLapsed } from '../../core/registrations/waitlist.ts'
import { OVERPAID_REASON } from '../../core/payments/orders.queries.ts'
import { EMPLOYEES_DO_NOT_REFUND } from '../registrations/registrations.admin.routes.ts'

/*
 * Issue 30, §1: only places a family holds are charged, a held place keeps the deadline it was
 * taken with, a hold paid by any road is the family's, and money goes back by an admin's hand.
 * SQLite and PostgreSQL, against the fake Stripe of tests/fake-stripe.ts.
 */
let fake: FakeStripe
let ctx: TestApp
let close: () => Promise<void>
/** How far the site's and the fake Stripe's clocks run ahead of the real one. */
let skewMs = 0
const clock = () => new Date(Date.now() + skewMs)
const MINUTE = 60_000

beforeAll(async () => {
  ;({ fake, ctx, close } = await startPayingApp({ now: clock }))
})
afterAll(() => close())

const events = () => stripeEventsOf(ctx, clock)

async function payAtSignUp(table: 'leagues' | 'academies', id: string) {
  await ctx.db.kysely.updateTable(table).set({ payAtSignUp: boolParam(ctx.db.dialect, true) }).where('id', '=', id).execute()
}

async function register(person: TestUser, leagueId: string): Promise<RegisterResult['registration']> {
  const res = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(res.status, res.text).toBe(201)
  return res.body.registration
}

async function orderOf(person: TestUser, orderId: string): Promise<OrderCheckout> {
  const res = await person.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)
  expect(res.status, res.text).toBe(200)
  return res.body.order
}

async function checkout(person: TestUser, orderId: string): Promise<string> {
  const res = await person.client.post<{ url: string }>(`/api/orders/${orderId}/checkout`, {})
  expect(res.status, res.text).toBe(201)
  return res.body.url.split('/pay/')[1]!
}

const statusOf = async (registrationId: string) => (await ctx.db.kysely.selectFrom('registrations').select('status').where('id', '=', registrationId).executeTakeFirstOrThrow()).status
const heldUntilOf = async (registrationId: string) => (await ctx.db.kysely.selectFrom('registrations').select('offerExpiresAt').where('id', '=', registrationId).executeTakeFirstOrThrow()).offerExpiresAt

/** Every payment kept on an order: paid less what went back or is on its way back. */
async function keptOn(orderId: string): Promise<number> {
  const paid = await ctx.db.kysely.selectFrom('payments').select('amountCents').where('orderId', '=', orderId).execute()
  const back = await ctx.db.kysely
    .selectFrom('refunds as f')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .select('f.amountCents')
    .where('p.orderId', '=', orderId)
    .where('f.status', '!=', 'failed')
    .execute()
  return paid.reduce((s, p) => s + p.amountCents, 0) - back.reduce((s, r) => s + r.amountCents, 0)
}

describe('nobody pays online for a place they do not hold', () => {
  test('a family on the waitlist is asked for nothing and cannot open a payment page', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 8500 })
    await payAtSignUp('leagues', leagueId)
    const first = await createRegistrant(ctx)
    const waiting = await createRegistrant(ctx)
    await register(first, leagueId)
    const place = await register(waiting, leagueId)
    expect(place.status).toBe('waitlisted')
    const order = await orderOf(waiting, place.orderId!)
    expect(order).toMatchObject({ openCents: 0, dueNowCents: 0 })
    expect(order.lines[0]).toMatchObject({ waiting: true, openCents: 0, dueNowCents: 0, priceCents: 8500 })
    const pay = await waiting.client.post<{ error: { message: string } }>(`/api/orders/${place.orderId}/checkout`, {})
    expect(pay.status).toBe(409)
    expect(pay.body.error.message).toBe('Nothing is owed on this order.')
    expect(fake.sessions().filter((s) => s.metadata.orderId === place.orderId)).toEqual([])
  })

  test('two children for the last place, one held and one waitlisted on one order: Stripe is asked for the held one only', async () => {
    const academyId = await createAcademy(ctx, { capacity: 1, startDate: daysFromToday(30), endDate: daysFromToday(60) })
    await payAtSignUp('academies', academyId)
    const parent = await createUser(ctx)
    const children = [await addChild(parent, { firstName: 'Ana', dateOfBirth: '2017-03-01' }), await addChild(parent, { firstName: 'Ben', dateOfBirth: '2017-09-01' })]
    const res = await parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: children.map((childId) => ({ childId, photoConsent: false })) })
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => r.status)).toEqual(['held', 'waitlisted'])
    const orderId = res.body.registrations[0]!.orderId!
    expect(await orderOf(parent, orderId)).toMatchObject({ dueNowCents: 18_000, openCents: 18_000 })
    const sessionId = await checkout(parent, orderId)
    expect(fake.session(sessionId)!.amount_total).toBe(18_000)
    await fake.pay(sessionId)
    expect(await keptOn(orderId)).toBe(18_000)
    expect(await statusOf(res.body.registrations[1]!.id)).toBe('waitlisted')
  })

  test('a payment that reaches a place the family no longer holds is refunded in full, at once, and goes to no other line', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 8500 })
    await payAtSignUp('leagues', leagueId)
    const payer = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    const sessionId = await checkout(payer, held.orderId!)
    const admin = await createUser(ctx, 'admin')
    expect((await admin.client.post(`/api/admin/registrations/${held.id}/cancel`, { refund: false })).status).toBe(200)
    await fake.pay(sessionId)
    const payment = await ctx.db.kysely.selectFrom('payments').select('id').where('externalId', '=', sessionId).executeTakeFirstOrThrow()
    const refunds = await ctx.db.kysely.selectFrom('refunds').select(['amountCents', 'reason']).where('paymentId', '=', payment.id).execute()
    expect(refunds).toEqual([{ amountCents: 8500, reason: OVERPAID_REASON }])
    expect(await keptOn(held.orderId!)).toBe(0)
  })
})

describe('a held place has one deadline', () => {
  test('reopening the checkout three times with a code on and off never moves it; the page ends with the hold and the place goes on', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 8000 })
    await payAtSignUp('leagues', leagueId)
    const admin = await createUser(ctx, 'admin')
    const code = `HOLD${Date.now() % 100_000}`
    await createDiscountCode(ctx.db, { code, description: null, percentOff: 10, amountOffCents: null, validFrom: null, validUntil: null, maxUses: null, maxUsesPerPerson: null, isActive: true }, { by: admin.id, now: new Date() })
    const payer = await createRegistrant(ctx)
    const next = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    const queued = await register(next, leagueId)
    const deadline = await heldUntilOf(held.id)
    expect(deadline).not.toBeNull()

    let sessionId = ''
    for (let round = 0; round < 3; round++) {
      skewMs = (round * 5 + 1) * MINUTE
      sessionId = await checkout(payer, held.orderId!)
      expect((await payer.client.post(`/api/orders/${held.orderId}/discount-code`, { code })).status).toBe(200)
      sessionId = await checkout(payer, held.orderId!)
      expect((await payer.client.post(`/api/orders/${held.orderId}/discount-code/remove`, {})).status).toBe(200)
      expect(new Date((await heldUntilOf(held.id))!).getTime()).toBe(new Date(deadline!).getTime())
    }
    sessionId = await checkout(payer, held.orderId!)
    const order = await orderOf(payer, held.orderId!)
    expect(new Date(order.heldUntil!).getTime()).toBe(new Date(deadline!).getTime())
    const page = await ctx.db.kysely.selectFrom('checkouts').select('expiresAt').where('externalId', '=', sessionId).executeTakeFirstOrThrow()
    expect(new Date(page.expiresAt).getTime()).toBeLessThanOrEqual(new Date(deadline!).getTime())

    // Past the deadline: the sweep closes Stripe's page and the place goes to the next family.
    skewMs = new Date(deadline!).getTime() - Date.now() + MINUTE
    try {
      await sweepCheckouts(events())
      expect(fake.session(sessionId)!.status).toBe('expired')
      expect(await statusOf(held.id)).toBe('expired')
      expect(await statusOf(queued.id)).toBe('offered')
      const late = await payer.client.post<{ error: { message: string } }>(`/api/orders/${held.orderId}/checkout`, {})
      expect(late.status).toBe(409)
    } finally {
      skewMs = 0
    }
  })
})

describe('a held place paid by any road is the family’s', () => {
  test('paid in cash at the desk: confirmed, and kept past its deadline', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 5000 })
    await payAtSignUp('leagues', leagueId)
    const payer = await createRegistrant(ctx)
    const next = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    const queued = await register(next, leagueId)
    expect(held.status).toBe('held')
    const desk = await createUser(ctx, 'employee')
    const paid = await desk.client.post(`/api/admin/registrations/${held.id}/payments`, { amount: '50.00', method: 'cash', reference: '' })
    expect(paid.status, paid.text).toBe(201)
    expect(await statusOf(held.id)).toBe('confirmed')
    await expireLapsed(ctx.db, { now: new Date(Date.now() + 45 * MINUTE), claimWindowMs: ctx.config.claimWindowMs, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })
    expect(await statusOf(held.id)).toBe('confirmed')
    expect(await statusOf(queued.id)).toBe('waitlisted')
  })

  test('brought to $0 by a code: confirmed at once', async () => {
    const leagueId = await createLeague(ctx, { capacity: 2, priceCents: 5000 })
    await payAtSignUp('leagues', leagueId)
    const admin = await createUser(ctx, 'admin')
    const code = `FREE${Date.now() % 100_000}`
    await createDiscountCode(ctx.db, { code, description: null, percentOff: 100, amountOffCents: null, validFrom: null, validUntil: null, maxUses: null, maxUsesPerPerson: null, isActive: true }, { by: admin.id, now: new Date() })
    const payer = await createRegistrant(ctx)
    const held = await register(payer, leagueId)
    expect((await payer.client.post(`/api/orders/${held.orderId}/discount-code`, { code })).status).toBe(200)
    expect(await statusOf(held.id)).toBe('confirmed')
    await expireLapsed(ctx.db, { now: new Date(Date.now() + 45 * MINUTE), claimWindowMs: ctx.config.claimWindowMs, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })
    expect(await statusOf(held.id)).toBe('confirmed')
  })

  test('a waitlisted place takes no desk payment', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 5000 })
    const [first, waiting] = [await createRegistrant(ctx), await createRegistrant(ctx)]
    await register(first, leagueId)
    const place = await register(waiting, leagueId)
    const desk = await createUser(ctx, 'employee')
    const paid = await desk.client.post(`/api/admin/registrations/${place.id}/payments`, { amount: '50.00', method: 'cash', reference: '' })
    expect(paid.status).toBe(409)
    expect(await keptOn(place.orderId!)).toBe(0)
  })
})

describe('refunds are admins’ work', () => {
  async function paidOnline(): Promise<{ registrationId: string; orderId: string }> {
    const leagueId = await createLeague(ctx, { priceCents: 18_000 })
    const person = await createRegistrant(ctx)
    const registration = await register(person, leagueId)
    await fake.pay(await checkout(person, registration.orderId!))
    return { registrationId: registration.id, orderId: registration.orderId! }
  }

  test('an employee cancels or declines without a refund; with one, by any road, they are refused and nothing goes back', async () => {
    const employee = await createUser(ctx, 'employee')
    const { registrationId, orderId } = await paidOnline()
    const payment = await ctx.db.kysely.selectFrom('payments').select('id').where('orderId', '=', orderId).executeTakeFirstOrThrow()
    for (const road of ['cancel', 'decline']) {
      const res = await employee.client.post<{ error: { message: string } }>(`/api/admin/registrations/${registrationId}/${road}`, { refund: true })
      expect(res.status).toBe(403)
      expect(res.body.error.message).toBe(EMPLOYEES_DO_NOT_REFUND)
    }
    expect((await employee.client.post(`/api/admin/payments/${payment.id}/refunds`, { amount: '10.00', reason: 'asked' })).status).toBe(403)
    expect(await statusOf(registrationId)).toBe('confirmed')
    expect(await keptOn(orderId)).toBe(18_000)

    const ended = await employee.client.post(`/api/admin/registrations/${registrationId}/cancel`, { refund: false })
    expect(ended.status, ended.text).toBe(200)
    expect(await keptOn(orderId)).toBe(18_000)
  })

  test('an admin cancels with a refund: the money goes back', async () => {
    const admin = await createUser(ctx, 'admin')
    const { registrationId, orderId } = await paidOnline()
    expect((await admin.client.post(`/api/admin/registrations/${registrationId}/cancel`, { refund: true })).status).toBe(200)
    expect(await keptOn(orderId)).toBe(0)
  })

  test('fifteen cancels with a refund and refunds of one payment at once: none fails, and no more than was paid goes back', async () => {
    const admin = await createUser(ctx, 'admin')
    const { registrationId, orderId } = await paidOnline()
    const payment = await ctx.db.kysely.selectFrom('payments').select('id').where('orderId', '=', orderId).executeTakeFirstOrThrow()
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        i % 2 === 0 ? admin.client.post(`/api/admin/registrations/${registrationId}/cancel`, { refund: true }) : admin.client.post(`/api/admin/payments/${payment.id}/refunds`, { amount: '50.00', reason: `Refund ${i}`, lowerPrice: true }),
      ),
    )
    expect(answers.filter((a) => a.status >= 500).map((a) => a.text)).toEqual([])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(await keptOn(orderId)).toBe(0)
  })
})
