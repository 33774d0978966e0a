import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../../../../tests/fake-stripe.ts'
import { refundsAskedOf, startPayingApp } from '../../../../tests/paying-app.ts'
import type { TestApp } from '../../../../tests/test-app.ts'
import { createLeague, createRegistrant, createUser, productForm, type TestUser } from '../../../../tests/factories.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { EXTRA_QUANTITY_MESSAGE, MOST_ORDER_LINES } from '../../../shared/schemas/payments.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { Receipt, RegisterResult, RegistrationDetail } from '../../../shared/contracts/registrations.ts'
import { PRODUCT_MESSAGES } from '../../../shared/schemas/product.ts'

/*
 * Extras at checkout (issue 24): a jersey on the price list, in sizes, offered with the fees it
 * goes with; a family adds it to the order as a line of its own, in a size, pays it with the rest
 * on Stripe, and may take it off while it is not paid. SQLite and PostgreSQL.
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
type Answer = { order: OrderCheckout; error: { message: string; fields?: Record<string, string> } }


async function saved(body: object, productId?: string): Promise<Product> {
  const res = await admin.client.post<Saved>(productId ? `/api/admin/products/${productId}` : '/api/admin/products', body)
  expect(res.status, res.text).toBe(productId ? 200 : 201)
  return res.body.product
}

/** A league priced by a fee, a jersey in sizes offered with that fee, and a customer's place in the league. */
async function placeWithJersey() {
  const fee = await saved(productForm({}))
  const jersey = await saved({ ...productForm({ name: `Jersey ${fee.name}`, purpose: 'extra', listPrice: '25', sizes: 'S, M, L, M' }), goesWith: [fee.id] })
  const leagueId = await createLeague(ctx, { priceCents: 4500, priceProductId: fee.id })
  const person = await createRegistrant(ctx)
  const placed = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(placed.status, placed.text).toBe(201)
  return { fee, jersey, person, orderId: placed.body.registration.orderId!, registrationId: placed.body.registration.id }
}

test('the price list keeps an extra’s sizes and the fees it goes with; sizes and fees are for extras only', async () => {
  const fee = await saved(productForm({}))
  const jersey = await saved({ ...productForm({ purpose: 'extra', listPrice: '25', sizes: 'YS, YM, S' }), goesWith: [fee.id] })
  expect(jersey).toMatchObject({ sizes: ['YS', 'YM', 'S'], goesWith: [{ id: fee.id, name: fee.name }] })
  expect(jersey.history[0]!.sizes).toEqual(['YS', 'YM', 'S'])
  // Changing other fields keeps the fees; sending none takes them off.
  expect((await saved({ listPrice: '27' }, jersey.id)).goesWith).toHaveLength(1)
  expect((await saved({ goesWith: [] }, jersey.id)).goesWith).toEqual([])

  const refused = async (body: object) => {
    const res = await admin.client.post<Saved>('/api/admin/products', body)
    expect(res.status, res.text).toBe(400)
    return res.body.error.fields
  }
  expect(await refused(productForm({ sizes: 'S, M' }))).toEqual({ sizes: PRODUCT_MESSAGES.sizes })
  expect(await refused({ ...productForm({}), goesWith: [fee.id] })).toEqual({ goesWith: PRODUCT_MESSAGES.goesWith })
  expect(await refused({ ...productForm({ purpose: 'extra' }), goesWith: [jersey.id] })).toEqual({ goesWith: PRODUCT_MESSAGES.goesWith })
})

test('a family adds a jersey in a size to its order, pays it with the place on Stripe, and a paid extra stays', async () => {
  const { jersey, person, orderId, registrationId } = await placeWithJersey()
  const before = (await person.client.get<Answer>(`/api/orders/${orderId}`)).body.order
  expect(before.extras).toEqual([{ productId: jersey.id, name: jersey.name, priceCents: 2500, sizes: ['S', 'M', 'L'] }])

  const noSize = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id })
  expect(noSize.status).toBe(400)
  expect(noSize.body.error.fields).toEqual({ size: 'Choose a size.' })
  const added = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'M' })
  expect(added.status, added.text).toBe(201)
  expect(added.body.order.lines.map((l) => [l.description.startsWith('League'), l.amountDueCents, l.removable])).toEqual([
    [true, 4500, false],
    [false, 2500, true],
  ])
  expect(added.body.order.lines[1]!.description).toBe(`${jersey.name}, size M`)
  expect(added.body.order).toMatchObject({ totalCents: 7000, dueNowCents: 7000 })

  const opened = await person.client.post<{ url: string }>(`/api/orders/${orderId}/checkout`, {})
  const sessionId = opened.body.url.split('/pay/')[1]!
  expect(fake.session(sessionId)!.line_items.map((item) => [item.unit_amount, item.name])).toEqual([
    [4500, expect.stringMatching(/^League /)],
    [2500, `${jersey.name}, size M`],
  ])
  await fake.pay(sessionId)
  const paid = (await person.client.get<Answer>(`/api/orders/${orderId}`)).body.order
  expect(paid).toMatchObject({ paidCents: 7000, openCents: 0 })
  const jerseyLine = paid.lines[1]!
  expect(jerseyLine.removable).toBe(false)
  // The place's receipt lists the jersey bought with it, apart from the place's own totals.
  const receipt = (await person.client.get<{ receipt: Receipt }>(`/api/registrations/${registrationId}/receipt`)).body.receipt
  expect(receipt).toMatchObject({ paidCents: 4500, extras: [{ lineId: jerseyLine.id, description: `${jersey.name}, size M`, amountDueCents: 2500, paidCents: 2500 }] })
  const late = await person.client.post<Answer>(`/api/orders/${orderId}/extras/${jerseyLine.id}/remove`, {})
  expect(late.status).toBe(409)
  expect(late.body.error.message).toBe('This extra is paid: the front desk can refund it.')

  // Staff refund the jersey alone and lower its price (it was paid nothing over its price): its
  // line stays with its payment and refund, and asks nothing more; there is nothing left to take off.
  // The registration's panel lists the jersey with the payment that paid it, refundable up to what it paid.
  const panel = await admin.client.get<RegistrationDetail>(`/api/admin/registrations/${registrationId}`)
  expect(panel.status, panel.text).toBe(200)
  const [extra] = panel.body.extras
  expect(extra).toMatchObject({ lineId: jerseyLine.id, amountDueCents: 2500, paidCents: 2500, payments: [{ move: 'payment', amountCents: 2500, lineId: jerseyLine.id }] })
  const refundJersey = (amount: string) =>
    admin.client.post<{ refund: { id: string }; error: { fields: Record<string, string> } }>(`/api/admin/payments/${extra!.payments[0]!.id}/refunds`, { amount, reason: 'Returned the jersey', lineId: jerseyLine.id, lowerPrice: true })
  const tooMuch = await refundJersey('25.01')
  expect(tooMuch.status).toBe(400)
  expect(tooMuch.body.error.fields.amount).toBe(`The refund is more than is left of this payment for ${jersey.name}, size M.`)
  const refund = await refundJersey('25.00')
  expect(refund.status, refund.text).toBe(201)
  const [atStripe] = await refundsAskedOf(ctx, fake, (r) => r.metadata.refundId === refund.body.refund.id)
  await fake.settleRefund(atStripe!.id, 'succeeded')
  const refunded = (await person.client.get<Answer>(`/api/orders/${orderId}`)).body.order
  expect(refunded.lines[1]).toMatchObject({ amountDueCents: 0, adjustedCents: 2500, paidCents: 0, openCents: 0, removable: false })
  expect(refunded).toMatchObject({ totalCents: 4500, paidCents: 4500, openCents: 0 })
  const again = await person.client.post<Answer>(`/api/orders/${orderId}/extras/${jerseyLine.id}/remove`, {})
  expect(again.status).toBe(409)
  expect(again.body.error.message).toBe('This extra is already taken off the order.')
  expect((await person.client.get<{ receipt: Receipt }>(`/api/registrations/${registrationId}/receipt`)).body.receipt.extras).toEqual([])
})

test('an extra not paid is taken off again, and the payment page opened with it closes; an extra not offered with the order is refused', async () => {
  const { jersey, person, orderId } = await placeWithJersey()
  const added = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'L' })
  const line = added.body.order.lines.find((l) => l.removable)!
  const opened = await person.client.post<{ url: string; checkoutId: string }>(`/api/orders/${orderId}/checkout`, {})
  const sessionId = opened.body.url.split('/pay/')[1]!

  const removed = await person.client.post<Answer>(`/api/orders/${orderId}/extras/${line.id}/remove`, {})
  expect(removed.status, removed.text).toBe(200)
  expect(removed.body.order.lines).toHaveLength(1)
  expect(removed.body.order.totalCents).toBe(4500)
  expect(fake.session(sessionId)!.status).toBe('expired')
  expect((await person.client.post(`/api/orders/${orderId}/extras/${line.id}/remove`, {})).status).toBe(404)

  const other = await placeWithJersey()
  const notHere = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: other.jersey.id, size: 'S' })
  expect(notHere.status).toBe(400)
  expect(notHere.body.error.fields).toEqual({ productId: 'Choose an extra offered with this order.' })
  // Someone else's order answers as if it did not exist.
  expect((await person.client.post(`/api/orders/${other.orderId}/extras`, { productId: other.jersey.id, size: 'S' })).status).toBe(404)
})

test('Remove tapped twice at once takes the extra off once; the second tap is told it is gone', async () => {
  for (let round = 0; round < 3; round++) {
    const { jersey, person, orderId } = await placeWithJersey()
    const added = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'M' })
    const line = added.body.order.lines.find((l) => l.removable)!
    const answers = await Promise.all([0, 1].map(() => person.client.post<Answer>(`/api/orders/${orderId}/extras/${line.id}/remove`, {})))
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join(' ')).toEqual([200, 404])
    expect(answers.find((a) => a.status === 404)!.body.error.message).toBe('There is no such extra on this order.')
  }
})

test('an extra a discount code was counted with is taken off too: the code is counted again over what is left', async () => {
  const { jersey, person, orderId } = await placeWithJersey()
  const code = `OFF${Date.now().toString(36).toUpperCase()}`
  expect((await admin.client.post('/api/admin/discount-codes', { code, percentOff: '10', maxUses: '1' })).status).toBe(201)
  await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'M' })
  const coded = await person.client.post<Answer>(`/api/orders/${orderId}/discount-code`, { code })
  expect(coded.status, coded.text).toBe(200)
  expect(coded.body.order.discountCode).toEqual({ code, discountCents: 700 })
  const line = coded.body.order.lines[1]!
  expect(line).toMatchObject({ discountCents: 250, removable: true })

  const removed = await person.client.post<Answer>(`/api/orders/${orderId}/extras/${line.id}/remove`, {})
  expect(removed.status, removed.text).toBe(200)
  expect(removed.body.order.lines).toHaveLength(1)
  // Its one use is this order's still.
  expect(removed.body.order).toMatchObject({ discountCode: { code, discountCents: 450 }, totalCents: 4050 })
})

describe('how many extras an order takes (issue 30: 200 jersey lines made an order Stripe Checkout cannot take)', () => {
  test('an extra comes in a quantity from 1 to 10, as one line asking for all of them, sent to Stripe as one item', async () => {
    const { jersey, person, orderId } = await placeWithJersey()
    const three = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'M', quantity: 3 })
    expect(three.status, three.text).toBe(201)
    expect(three.body.order.lines[1]).toMatchObject({ description: `${jersey.name}, size M × 3`, listPriceCents: 7500, amountDueCents: 7500, removable: true })
    expect(three.body.order.totalCents).toBe(12_000)

    for (const quantity of [0, 11, 2.5, '3']) {
      const refused = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'M', quantity })
      expect(refused.status, `quantity ${quantity}`).toBe(400)
      expect(refused.body.error.fields).toEqual({ quantity: EXTRA_QUANTITY_MESSAGE })
    }
  })

  test(`an order takes at most ${MOST_ORDER_LINES} lines: the next extra is refused with a sentence, and Stripe gets the order whole`, async () => {
    const { jersey, person, orderId } = await placeWithJersey()
    for (let lines = 1; lines < MOST_ORDER_LINES; lines++) {
      const added = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'S' })
      expect(added.status, added.text).toBe(201)
    }
    const over = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'S' })
    expect(over.status).toBe(409)
    expect(over.body.error.message).toBe(`An order takes at most ${MOST_ORDER_LINES} lines, and this one has ${MOST_ORDER_LINES}: add several of one extra on one line instead (up to 10).`)
    const order = (await person.client.get<Answer>(`/api/orders/${orderId}`)).body.order
    expect(order.lines).toHaveLength(MOST_ORDER_LINES)
    const opened = await person.client.post<{ url: string }>(`/api/orders/${orderId}/checkout`, {})
    expect(opened.status, opened.text).toBe(201)
    expect(fake.session(opened.body.url.split('/pay/')[1]!)!.line_items.length).toBeLessThanOrEqual(100)
  })

  test('no extras on an order whose places are cancelled, nor while its place is only on the waitlist', async () => {
    const { jersey, person, orderId, registrationId } = await placeWithJersey()
    expect((await person.client.post(`/api/registrations/${registrationId}/cancel`)).status).toBe(200)
    const after = await person.client.post<Answer>(`/api/orders/${orderId}/extras`, { productId: jersey.id, size: 'M' })
    expect(after.status).toBe(409)
    expect(after.body.error.message).toBe('Every place on this order was cancelled or has ended, so it takes no extras.')
    expect((await person.client.get<Answer>(`/api/orders/${orderId}`)).body.order.extras).toEqual([])

    const fee = await saved(productForm({}))
    const shirt = await saved({ ...productForm({ name: `Shirt ${fee.name}`, purpose: 'extra', listPrice: '20' }), goesWith: [fee.id] })
    const leagueId = await createLeague(ctx, { priceCents: 4500, priceProductId: fee.id, capacity: 1 })
    expect((await (await createRegistrant(ctx)).client.post(`/api/leagues/${leagueId}/registrations`, {})).status).toBe(201)
    const waiting = await createRegistrant(ctx)
    const placed = await waiting.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
    expect(placed.body.registration.status).toBe('waitlisted')
    const wait = await waiting.client.post<Answer>(`/api/orders/${placed.body.registration.orderId}/extras`, { productId: shirt.id })
    expect(wait.status).toBe(409)
    expect(wait.body.error.message).toBe('Extras are added once a place on this order is yours; it is on the waitlist for now.')
  })
})
