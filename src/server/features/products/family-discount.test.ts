import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, signWaiver, productForm, type TestUser } from '../../../../tests/factories.ts'
import { academySoon } from '../../../../tests/academy-places.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AcademyReceipt, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { Receipt, RegisterResult, RegistrationDetail } from '../../../shared/contracts/registrations.ts'
import { PRODUCT_MESSAGES, type ProductFormValues } from '../../../shared/schemas/product.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { insertAcademy } from '../academies/academies.queries.ts'

/**
 * The family discount (issue 24): a product of the price list may take a percentage off the
 * second and further children one account registers in the same academy or league, with no code,
 * kept on each line as its own amount and shown on the checkout and the receipt.
 */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Saved = { product: Product; error: { message: string; fields?: Record<string, string> } }

const academyFee = (overrides: Partial<ProductFormValues>): ProductFormValues => productForm({ name: `Academy fee ${Math.random().toString(36).slice(2, 8)}`, purpose: 'academy-fee', listPrice: '180', ...overrides })

async function familyPriced(purpose: 'academy-fee' | 'player-fee'): Promise<Product> {
  const res = await admin.client.post<Saved>('/api/admin/products', academyFee({ purpose, familyDiscount: '10' }))
  expect(res.status, res.text).toBe(201)
  return res.body.product
}

async function family(children: string[]): Promise<{ parent: TestUser; ids: string[] }> {
  const parent = await createUser(ctx)
  const ids: string[] = []
  for (const firstName of children) {
    const id = await addChild(parent, { firstName, dateOfBirth: addDays(daysFromToday(30), -9 * 366) })
    await signWaiver(parent, id)
    ids.push(id)
  }
  return { parent, ids }
}

async function academyPricedWith(productId: string, capacity = 20): Promise<string> {
  return insertAcademy(ctx.db, academySoon({ capacity, priceProductId: productId }))
}

const signUp = (parent: TestUser, academyId: string, childIds: string[]) =>
  parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: childIds.map((childId) => ({ childId, photoConsent: true })) })

test('the price list keeps a family discount on a child’s fee, in its history, and refuses one on anything else', async () => {
  const product = await familyPriced('academy-fee')
  expect(product.familyDiscountPercent).toBe(10)
  expect(product.history[0]).toMatchObject({ familyDiscountPercent: 10 })

  const extra = await admin.client.post<Saved>('/api/admin/products', academyFee({ purpose: 'extra', familyDiscount: '10' }))
  expect(extra.status).toBe(400)
  expect(extra.body.error.fields).toEqual({ familyDiscount: PRODUCT_MESSAGES.familyDiscount })
  const tooMuch = await admin.client.post<Saved>('/api/admin/products', academyFee({ familyDiscount: '150' }))
  expect(tooMuch.status).toBe(400)
  expect(tooMuch.body.error.fields).toHaveProperty('familyDiscount')

  const off = await admin.client.post<Saved>(`/api/admin/products/${product.id}`, { familyDiscount: '' })
  expect(off.status, off.text).toBe(200)
  expect(off.body.product.familyDiscountPercent).toBeNull()
})

test('the second and third children of a family in an academy get 10% off, at once or later, each as its own line; another family’s only child pays in full', async () => {
  const product = await familyPriced('academy-fee')
  const academyId = await academyPricedWith(product.id)
  const { parent, ids } = await family(['Maya', 'Leo', 'Ava'])

  const first = await signUp(parent, academyId, ids.slice(0, 2))
  expect(first.status, first.text).toBe(201)
  const later = await signUp(parent, academyId, ids.slice(2))
  expect(later.status, later.text).toBe(201)
  const receipt = (await parent.client.get<{ receipt: AcademyReceipt }>(`/api/receipts/user/${parent.id}/academy/${academyId}`)).body.receipt
  expect(receipt.places.map((p) => [p.child?.name.split(' ')[0], p.priceCents, p.charges?.familyDiscountCents])).toEqual([
    ['Maya', 18_000, 0],
    ['Leo', 16_200, 1_800],
    ['Ava', 16_200, 1_800],
  ])
  expect(receipt.places[1]!.charges).toMatchObject({ listPriceCents: 18_000, priceOfDayCents: 18_000 })

  // The checkout of the first order: each line, and a total that is their sum.
  const orderId = first.body.registrations[0]!.orderId!
  const order = (await parent.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)).body.order
  expect(order.lines.map((l) => [l.priceCents, l.familyDiscountCents, l.amountDueCents])).toEqual([
    [18_000, 0, 18_000],
    [18_000, 1_800, 16_200],
  ])
  expect(order.totalCents).toBe(34_200)

  const other = await family(['Noah'])
  const alone = await signUp(other.parent, academyId, other.ids)
  expect(alone.body.registrations[0]).toMatchObject({ priceCents: 18_000 })
})

test('in a Kids Sports league the discount follows the product too, and an adult’s own place never has one', async () => {
  const product = await familyPriced('player-fee')
  const leagueId = await createLeague(ctx, { sport: 'kids', minAge: 6, maxAge: 12, priceCents: 18_000, priceProductId: product.id })
  const { parent, ids } = await family(['Maya', 'Leo'])
  const register = (childId: string) => parent.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, { childId })

  const maya = await register(ids[0]!)
  expect(maya.status, maya.text).toBe(201)
  expect(maya.body.registration.priceCents).toBe(18_000)
  const leo = await register(ids[1]!)
  expect(leo.body.registration.priceCents).toBe(16_200)
  const receipt = await parent.client.get<{ receipt: Receipt }>(`/api/receipts/user/${parent.id}/league/${leagueId}/registration/${leo.body.registration.id}`)
  expect(receipt.body.receipt.charges).toMatchObject({ familyDiscountCents: 1_800, priceOfDayCents: 18_000 })

  const adultLeague = await createLeague(ctx, { priceCents: 18_000, priceProductId: product.id })
  const adult = await createRegistrant(ctx)
  const own = await adult.client.post<RegisterResult>(`/api/leagues/${adultLeague}/registrations`, {})
  expect(own.body.registration.priceCents).toBe(18_000)
})

/*
 * A family discount is earned by a sibling who stays (issue 30, decision 0021): a child on the
 * waitlist earns none, and when the child who earned it leaves, the sibling's line asks it again,
 * shown on the receipt as an adjustment with the reason. Nothing paid is taken back.
 */
describe('a family discount is earned by a sibling who stays', () => {
  const receiptOf = async (parent: TestUser, academyId: string) => (await parent.client.get<{ receipt: AcademyReceipt }>(`/api/receipts/user/${parent.id}/academy/${academyId}`)).body.receipt
  const priced = (receipt: AcademyReceipt) => receipt.places.map((p) => [p.child?.name.split(' ')[0], p.status, p.priceCents, p.balanceCents])
  const payAtDesk = async (registrationId: string, amount: string) => {
    const res = await admin.client.post(`/api/admin/registrations/${registrationId}/payments`, { amount, method: 'cash', reference: '' })
    expect(res.status, res.text).toBe(201)
  }

  test('a child on the waitlist earns none: two children waitlisted together both pay in full, and the place taken beside a waitlisted one is full price', async () => {
    const product = await familyPriced('academy-fee')
    const academyId = await academyPricedWith(product.id, 1)
    const other = await family(['Noah'])
    expect((await signUp(other.parent, academyId, other.ids)).status).toBe(201)

    const { parent, ids } = await family(['Maya', 'Leo'])
    const both = await signUp(parent, academyId, ids)
    expect(both.status, both.text).toBe(201)
    expect(both.body.registrations.map((r) => [r.status, r.priceCents])).toEqual([
      ['waitlisted', 18_000],
      ['waitlisted', 18_000],
    ])
  })

  test('cancelling the child who earned it takes it off the sibling’s unpaid line, shown on the receipt with the reason', async () => {
    const product = await familyPriced('academy-fee')
    const academyId = await academyPricedWith(product.id)
    const { parent, ids } = await family(['Maya', 'Leo'])
    const taken = await signUp(parent, academyId, ids)
    expect(taken.status, taken.text).toBe(201)
    const [maya, leo] = taken.body.registrations
    expect(leo!.priceCents).toBe(16_200)

    expect((await parent.client.post(`/api/registrations/${maya!.id}/cancel`)).status).toBe(200)
    const receipt = await receiptOf(parent, academyId)
    expect(priced(receipt)).toEqual([
      ['Maya', 'cancelled', 18_000, 0],
      ['Leo', 'confirmed', 18_000, 18_000],
    ])
    expect(receipt.places[1]!.charges).toMatchObject({ familyDiscountCents: 0, priceOfDayCents: 18_000, familyDiscountEnded: { amountCents: 1_800, reason: 'Family discount ended: Maya cancelled' } })
    const order = (await parent.client.get<{ order: OrderCheckout }>(`/api/orders/${leo!.orderId}`)).body.order
    expect(order.lines.map((l) => [l.amountDueCents, l.openCents])).toEqual([
      [0, 0],
      [18_000, 18_000],
    ])
  })

  test('with three children, cancelling a discounted one leaves the others as they were; cancelling the one at full price ends one discount', async () => {
    const product = await familyPriced('academy-fee')
    const academyId = await academyPricedWith(product.id)
    const { parent, ids } = await family(['Maya', 'Leo', 'Ava'])
    const taken = (await signUp(parent, academyId, ids)).body.registrations
    expect(taken.map((r) => r.priceCents)).toEqual([18_000, 16_200, 16_200])

    expect((await parent.client.post(`/api/registrations/${taken[1]!.id}/cancel`)).status).toBe(200)
    expect(priced(await receiptOf(parent, academyId))).toEqual([
      ['Maya', 'confirmed', 18_000, 18_000],
      ['Leo', 'cancelled', 16_200, 0],
      ['Ava', 'confirmed', 16_200, 16_200],
    ])
    expect((await parent.client.post(`/api/registrations/${taken[0]!.id}/cancel`)).status).toBe(200)
    expect(priced(await receiptOf(parent, academyId))).toEqual([
      ['Maya', 'cancelled', 18_000, 0],
      ['Leo', 'cancelled', 16_200, 0],
      ['Ava', 'confirmed', 18_000, 18_000],
    ])
  })

  test('a made-up child cancelled after the sibling paid leaves no free discount: the paid line asks the difference, and nothing paid is taken back', async () => {
    const product = await familyPriced('academy-fee')
    const academyId = await academyPricedWith(product.id)
    const { parent, ids } = await family(['Maya', 'Leo'])
    const [maya, leo] = (await signUp(parent, academyId, ids)).body.registrations
    await payAtDesk(leo!.id, '162')

    expect((await parent.client.post(`/api/registrations/${maya!.id}/cancel`)).status).toBe(200)
    const receipt = await receiptOf(parent, academyId)
    expect(priced(receipt)).toEqual([
      ['Maya', 'cancelled', 18_000, 0],
      ['Leo', 'confirmed', 18_000, 1_800],
    ])
    expect(receipt.places[1]!.paidCents).toBe(16_200)
  })

  test('when the sibling who left had paid for their place, the discount stays on what the other has paid (the facility’s rule)', async () => {
    const product = await familyPriced('academy-fee')
    const academyId = await academyPricedWith(product.id)
    const { parent, ids } = await family(['Maya', 'Leo'])
    const [maya, leo] = (await signUp(parent, academyId, ids)).body.registrations
    await payAtDesk(maya!.id, '180')
    await payAtDesk(leo!.id, '162')

    expect((await parent.client.post(`/api/registrations/${maya!.id}/cancel`)).status).toBe(200)
    const receipt = await receiptOf(parent, academyId)
    expect(priced(receipt)).toEqual([
      ['Maya', 'cancelled', 18_000, 0],
      ['Leo', 'confirmed', 16_200, 0],
    ])
    expect(receipt.places[1]!.charges).toMatchObject({ familyDiscountCents: 1_800, familyDiscountEnded: null })
  })

  test('a staff decline ends it too, in the sibling’s history', async () => {
    const product = await familyPriced('academy-fee')
    const academyId = await academyPricedWith(product.id)
    const { parent, ids } = await family(['Maya', 'Leo'])
    const [maya, leo] = (await signUp(parent, academyId, ids)).body.registrations
    expect((await admin.client.post(`/api/admin/registrations/${maya!.id}/decline`, {})).status).toBe(200)
    const detail = await admin.client.get<RegistrationDetail>(`/api/admin/registrations/${leo!.id}`)
    expect(detail.body.registration.balanceCents).toBe(18_000)
    expect(detail.body.history.map((h) => h.action)).toContain('family-discount-ended')
  })
})
