import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FakeStripe } from '../../../../tests/fake-stripe.ts'
import { refundsAskedOf, startPayingApp } from '../../../../tests/paying-app.ts'
import type { TestApp } from '../../../../tests/test-app.ts'
import { createLeague, createRegistrant, createUser, daysFromToday, productForm, type TestUser } from '../../../../tests/factories.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { Payment, RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { formatDate } from '../../../shared/format.ts'
import { overduePart, partsOfPlace, planDueText } from '../../../shared/payment-plan.ts'
import { PRODUCT_MESSAGES, type ProductFormValues } from '../../../shared/schemas/product.ts'
import { boolParam } from '../../db/values.ts'
import { sendPlanReminders } from './plan-reminders.ts'

/*
 * Payment plans (issue 24): a deposit at sign-up and the rest in parts on set days, kept on the
 * line as its product had it; the checkout asks what is due now (or everything, if the payer
 * chooses); each part's link is emailed a week before its day, once, and a part past its day
 * unpaid is flagged. The reminders run on a clock the test moves. SQLite and PostgreSQL.
 */
let paying: Awaited<ReturnType<typeof startPayingApp>>
let fake: FakeStripe
let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  paying = await startPayingApp()
  ;({ fake, ctx } = paying)
  admin = await createUser(ctx, 'admin')
})
afterAll(() => paying.close())

type Saved = { product: Product; error: { message: string; fields?: Record<string, string> } }

const FIRST_PART = daysFromToday(20)
const SECOND_PART = daysFromToday(50)

const planForm = (overrides: Partial<ProductFormValues> = {}): ProductFormValues =>
  productForm({ name: `Winter league fee ${Math.random().toString(36).slice(2, 8)}`, listPrice: '150', planDeposit: '50', planDue1: FIRST_PART, planDue2: SECOND_PART, ...overrides })

async function planProduct(): Promise<Product> {
  const res = await admin.client.post<Saved>('/api/admin/products', planForm())
  expect(res.status, res.text).toBe(201)
  return res.body.product
}

async function registerIn(leagueId: string): Promise<{ person: TestUser; registration: RegistrationView }> {
  const person = await createRegistrant(ctx)
  const res = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(res.status, res.text).toBe(201)
  return { person, registration: res.body.registration }
}

const orderOf = async (person: TestUser, orderId: string) => (await person.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)).body.order

async function pay(person: TestUser, orderId: string, body: object = {}): Promise<number> {
  const res = await person.client.post<{ url: string }>(`/api/orders/${orderId}/checkout`, body)
  expect(res.status, res.text).toBe(201)
  const sessionId = res.body.url.split('/pay/')[1]!
  const amount = fake.session(sessionId)!.amount_total!
  await fake.pay(sessionId)
  return amount
}

const remind = (daysAhead: number) => sendPlanReminders(ctx.db, { now: new Date(Date.now() + daysAhead * 86_400_000), timeZone: ctx.config.site.timeZone, siteUrl: 'https://sports.example', paysOnline: true })

const emailsTo = (to: string) => ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', to).where('subject', 'like', 'Payment%').orderBy('createdAt').execute()

test('the price list keeps a payment plan with its history, and refuses one that is not whole, in order and below the price', async () => {
  const product = await planProduct()
  expect(product.plan).toEqual({ depositCents: 5000, dueDates: [FIRST_PART, SECOND_PART] })
  expect(product.history[0]!.plan).toEqual(product.plan)

  const refused = async (overrides: Partial<ProductFormValues>) => {
    const res = await admin.client.post<Saved>('/api/admin/products', planForm(overrides))
    expect(res.status, res.text).toBe(400)
    return res.body.error.fields
  }
  expect(await refused({ planDeposit: '' })).toEqual({ planDeposit: PRODUCT_MESSAGES.planDeposit })
  expect(await refused({ planDue1: '', planDue2: '' })).toEqual({ planDue1: PRODUCT_MESSAGES.planDue1 })
  expect(await refused({ planDue2: FIRST_PART })).toEqual({ planDue2: PRODUCT_MESSAGES.planDueOrder })
  expect(await refused({ planDue2: '', planDue3: SECOND_PART })).toEqual({ planDue3: PRODUCT_MESSAGES.planDueOrder })
  expect(await refused({ planDeposit: '150' })).toEqual({ planDeposit: PRODUCT_MESSAGES.planDepositBelow })
  expect(await refused({ purpose: 'extra' })).toEqual({ planDeposit: PRODUCT_MESSAGES.planExtra })
})

test('a place under a plan owes its deposit now; the payer pays it, then everything else at once; a later plan change leaves the line alone', async () => {
  const product = await planProduct()
  const leagueId = await createLeague(ctx, { priceCents: 15_000, priceProductId: product.id })
  const { person, registration } = await registerIn(leagueId)
  expect(registration.plan).toEqual({ depositCents: 5000, dueDates: [FIRST_PART, SECOND_PART] })

  const before = await orderOf(person, registration.orderId!)
  expect(before).toMatchObject({ totalCents: 15_000, openCents: 15_000, dueNowCents: 5000 })
  expect(before.lines[0]!.plan!.map((p) => [p.dueDate, p.amountCents, p.state])).toEqual([
    [null, 5000, 'due'],
    [FIRST_PART, 5000, 'upcoming'],
    [SECOND_PART, 5000, 'upcoming'],
  ])

  // The price list changes its plan: what this person agreed to stays.
  expect((await admin.client.post(`/api/admin/products/${product.id}`, { planDeposit: '100' })).status).toBe(200)

  expect(await pay(person, registration.orderId!)).toBe(5000)
  const deposited = await orderOf(person, registration.orderId!)
  expect(deposited).toMatchObject({ paidCents: 5000, openCents: 10_000, dueNowCents: 0 })
  expect(deposited.lines[0]!.plan!.map((p) => p.state)).toEqual(['paid', 'upcoming', 'upcoming'])
  // Nothing is due yet, but the payer may pay everything left.
  expect((await person.client.post<{ error: { message: string } }>(`/api/orders/${registration.orderId}/checkout`, {})).body.error.message).toBe('Nothing is due on this order yet: each part of its payment plan is due on its day.')
  expect(await pay(person, registration.orderId!, { pay: 'everything' })).toBe(10_000)
  expect(await orderOf(person, registration.orderId!)).toMatchObject({ paidCents: 15_000, openCents: 0, dueNowCents: 0 })
})

test('paid at sign-up, a plan holds the place until its deposit is paid, then confirms it', async () => {
  const product = await planProduct()
  const leagueId = await createLeague(ctx, { priceCents: 15_000, priceProductId: product.id, capacity: 5 })
  await ctx.db.kysely.updateTable('leagues').set({ payAtSignUp: boolParam(ctx.db.dialect, true) }).where('id', '=', leagueId).execute()
  const { person, registration } = await registerIn(leagueId)
  expect(registration.status).toBe('held')
  expect(await pay(person, registration.orderId!)).toBe(5000)
  const after = await person.client.get<{ registrations: RegistrationView[] }>('/api/registrations/mine')
  expect(after.body.registrations.find((r) => r.id === registration.id)).toMatchObject({ status: 'confirmed', paidCents: 5000, balanceCents: 10_000 })
})

test('each part’s link is emailed from a week before its day, once; a part past its day unpaid is flagged, and a place paid in full hears nothing', async () => {
  const product = await planProduct()
  const leagueId = await createLeague(ctx, { priceCents: 15_000, priceProductId: product.id })
  const { person, registration } = await registerIn(leagueId)
  const paidUp = await registerIn(leagueId)
  await pay(paidUp.person, paidUp.registration.orderId!, { pay: 'everything' })

  expect(await remind(0)).toBe(0)
  await remind(12)
  expect(await emailsTo(person.email)).toEqual([])
  await remind(13)
  const [first] = await emailsTo(person.email)
  expect(first!.subject).toBe(`Payment due: ${registration.offering.name}`)
  expect(first!.text).toContain(`is due on ${formatDate(FIRST_PART)}: $50.00.`)
  expect(first!.text).toContain(`Pay it online: https://sports.example/checkout/${registration.orderId}`)
  await remind(14)
  expect(await emailsTo(person.email)).toHaveLength(1)

  // Past its day unpaid: staff see it flagged (pending registrations), and the next part's link goes out in its week.
  const pending = await admin.client.get<{ registrations: RegistrationView[] }>(`/api/admin/registrations?leagueId=${leagueId}`)
  const view = pending.body.registrations.find((r) => r.id === registration.id)!
  expect(overduePart(partsOfPlace(view, daysFromToday(21))!)).toMatchObject({ dueDate: FIRST_PART, amountCents: 5000 })
  expect(overduePart(partsOfPlace(view, daysFromToday(20))!)).toBeUndefined()
  await remind(44)
  expect((await emailsTo(person.email)).map((e) => e.subject)).toEqual([`Payment due: ${registration.offering.name}`, `Payment due: ${registration.offering.name}`])
  expect(await emailsTo(paidUp.person.email)).toEqual([])
})

test('part of a fee given back under a plan leaves nothing given back due again: by refund and lower price (cash or online), by a price adjustment, by cancelling with a refund', async () => {
  const made = await admin.client.post<Saved>('/api/admin/products', planForm({ listPrice: '180' }))
  expect(made.status, made.text).toBe(201)
  const leagueId = await createLeague(ctx, { priceCents: 18_000, priceProductId: made.body.product.id })
  const placeWithDeposit = async (online: boolean) => {
    const { person, registration } = await registerIn(leagueId)
    if (online) await pay(person, registration.orderId!)
    else expect((await admin.client.post(`/api/admin/registrations/${registration.id}/payments`, { amount: '50.00', method: 'cash', reference: '' })).status).toBe(201)
    const detail = await admin.client.get<{ payments: Payment[] }>(`/api/admin/registrations/${registration.id}`)
    return { person, registration, deposit: detail.body.payments[0]! }
  }
  const giveBack = async ({ deposit }: Awaited<ReturnType<typeof placeWithDeposit>>) => {
    const res = await admin.client.post<{ refund: { id: string } }>(`/api/admin/payments/${deposit.id}/refunds`, { amount: '20.00', reason: 'Missed two weeks', lineId: deposit.lineId, lowerPrice: true })
    expect(res.status, res.text).toBe(201)
    return res.body.refund.id
  }
  const planNow = async (person: TestUser, orderId: string) => {
    const order = await orderOf(person, orderId)
    return { dueNowCents: order.dueNowCents, parts: order.lines[0]!.plan?.map((p) => [p.dueDate, p.amountCents - p.paidCents, p.state]) }
  }
  const rest = [
    [FIRST_PART, 6500, 'upcoming'],
    [SECOND_PART, 6500, 'upcoming'],
  ]

  const atDesk = await placeWithDeposit(false)
  await giveBack(atDesk)
  expect(await planNow(atDesk.person, atDesk.registration.orderId!)).toEqual({ dueNowCents: 0, parts: [[null, 0, 'paid'], ...rest] })
  const view = (await atDesk.person.client.get<{ registrations: RegistrationView[] }>('/api/registrations/mine')).body.registrations.find((r) => r.id === atDesk.registration.id)!
  expect(view).toMatchObject({ priceCents: 16_000, paidCents: 3000, balanceCents: 13_000 })
  expect(planDueText(partsOfPlace(view, daysFromToday(0))!)).toBe(`nothing due now, then $65.00 on ${formatDate(FIRST_PART)} and $65.00 on ${formatDate(SECOND_PART)}`)

  // Online, the refund waits for the provider; once it has gone through, still nothing is due.
  const online = await placeWithDeposit(true)
  const refundId = await giveBack(online)
  expect((await planNow(online.person, online.registration.orderId!)).dueNowCents).toBe(0)
  const [atStripe] = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === refundId)
  await fake.settleRefund(atStripe!.id, 'succeeded')
  expect(await planNow(online.person, online.registration.orderId!)).toEqual({ dueNowCents: 0, parts: [[null, 0, 'paid'], ...rest] })

  const adjusted = await placeWithDeposit(false)
  expect((await admin.client.post(`/api/admin/registrations/${adjusted.registration.id}/adjustments`, { amount: '20.00', reason: 'Scholarship' })).status).toBe(201)
  expect((await planNow(adjusted.person, adjusted.registration.orderId!)).dueNowCents).toBe(0)

  const cancelled = await placeWithDeposit(false)
  expect((await admin.client.post(`/api/admin/registrations/${cancelled.registration.id}/cancel`, { refund: true })).status).toBe(200)
  expect((await orderOf(cancelled.person, cancelled.registration.orderId!)).dueNowCents).toBe(0)
})

test('a new product is refused with every problem at once, its early-bird day and its parts’ days already past among them; an existing one keeps its days', async () => {
  const res = await admin.client.post<Saved>(
    '/api/admin/products',
    planForm({ purpose: 'team-fee', familyDiscount: '0', earlyBirdPrice: '200', earlyBirdUntil: '2020-01-01', planDeposit: '500', planDue1: '2019-01-01', planDue2: '2018-12-01' }),
  )
  expect(res.status, res.text).toBe(400)
  expect(res.body.error.fields).toEqual({
    familyDiscount: 'Family discount (percent) must be between 1 and 100.',
    earlyBirdPrice: PRODUCT_MESSAGES.earlyBirdBelow,
    earlyBirdUntil: PRODUCT_MESSAGES.earlyBirdPast,
    planDeposit: PRODUCT_MESSAGES.planDepositBelow,
    planDue1: PRODUCT_MESSAGES.planDuePast,
    planDue2: PRODUCT_MESSAGES.planDueOrder,
  })
  const product = await planProduct()
  const today = daysFromToday(0)
  await ctx.db.kysely.updateTable('products').set({ planDueDates: `${daysFromToday(-5)},${SECOND_PART}` }).where('id', '=', product.id).execute()
  expect((await admin.client.post(`/api/admin/products/${product.id}`, { name: `Renamed on ${today}` })).status).toBe(200)
})
