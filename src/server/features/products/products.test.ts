import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, leagueForm, productForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import { PRODUCT_MESSAGES, type ProductFormValues } from '../../../shared/schemas/product.ts'

/**
 * The price list (issue 24): admins add and change products with an early-bird price; each change
 * is kept with who made it; a product says where it is used; and a new price never changes what
 * people already owe.
 */

let ctx: TestApp
let admin: TestUser
/** The server's clock: moved to the day after an early-bird price ends. */
let clock: Date | null = null
beforeAll(async () => {
  ctx = await startTestApp({ now: () => clock ?? new Date() })
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Saved = { product: Product; error: { message: string; fields?: Record<string, string> } }

const form = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => productForm({ name: `Jersey ${Math.random().toString(36).slice(2, 8)}`, purpose: 'extra', listPrice: '25', ...overrides })
const save = (body: Partial<ProductFormValues>, productId?: string, who = admin) =>
  who.client.post<Saved>(productId ? `/api/admin/products/${productId}` : '/api/admin/products', body)
const list = async () => (await admin.client.get<{ products: Product[] }>('/api/admin/products')).body.products

test('an admin adds a product with an early-bird price, changes its price, and both changes are kept with who made them', async () => {
  const made = await save(form({ name: 'Spring Soccer player fee', purpose: 'player-fee', listPrice: '60', earlyBirdPrice: '50', earlyBirdUntil: daysFromToday(10) }))
  expect(made.status, made.text).toBe(201)
  expect(made.body.product).toMatchObject({ purpose: 'player-fee', listPriceCents: 6000, earlyBird: { priceCents: 5000, until: daysFromToday(10) }, isActive: true, usedBy: [] })

  const changed = await save({ listPrice: '65' }, made.body.product.id)
  expect(changed.status, changed.text).toBe(200)
  expect(changed.body.product.listPriceCents).toBe(6500)
  expect(changed.body.product.earlyBird?.priceCents).toBe(5000)
  expect(changed.body.product.history.map((h) => [h.listPriceCents, h.byName])).toEqual([
    [6500, admin.displayName],
    [6000, admin.displayName],
  ])

  const off = await save({ isActive: 'false' }, made.body.product.id)
  expect(off.body.product.isActive).toBe(false)
  expect((await list()).at(-1)?.isActive).toBe(false)
})

test('the form’s rules hold on the server: cents, an early-bird price with its day, below the price', async () => {
  const refusals = [
    [form({ listPrice: '12.345' }), 'listPrice', PRODUCT_MESSAGES.cents],
    [form({ earlyBirdPrice: '20' }), 'earlyBirdUntil', PRODUCT_MESSAGES.earlyBirdUntil],
    [form({ earlyBirdUntil: daysFromToday(3) }), 'earlyBirdPrice', PRODUCT_MESSAGES.earlyBirdPrice],
    [form({ earlyBirdPrice: '25', earlyBirdUntil: daysFromToday(3) }), 'earlyBirdPrice', PRODUCT_MESSAGES.earlyBirdBelow],
    [form({ purpose: 'gift' }), 'purpose', undefined],
    [form({ name: '' }), 'name', 'Name is required.'],
  ] as const
  for (const [body, field, message] of refusals) {
    const res = await save(body)
    expect(res.status, `${field}: ${res.text}`).toBe(400)
    expect(Object.keys(res.body.error.fields ?? {})).toContain(field)
    if (message) expect(res.body.error.fields?.[field]).toBe(message)
  }
  expect((await save({ listPrice: '30' }, 'no-such-product')).status).toBe(404)
})

test('only admins keep the price list', async () => {
  const employee = await createUser(ctx, 'employee')
  expect((await employee.client.get('/api/admin/products')).status).toBe(403)
  expect((await save(form(), undefined, employee)).status).toBe(403)
  expect((await ctx.client().get('/api/admin/products')).status).toBe(401)
})

test('a league’s price is a product of the list, used by the league; a new league price points at a new product and keeps what people owe', async () => {
  const leagueId = await createLeague(ctx, { name: `Priced League ${Math.random().toString(36).slice(2, 6)}`, priceCents: 4500 })
  const product = (await list()).find((p) => p.usedBy.some((u) => u.id === leagueId))
  expect(product).toMatchObject({ purpose: 'player-fee', listPriceCents: 4500, usedBy: [{ kind: 'league-place', id: leagueId }] })
  expect(product?.history).toHaveLength(1)

  const early = await createRegistrant(ctx)
  const registered = await early.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(registered.body.registration.priceCents).toBe(4500)
  await save({ listPrice: '55', earlyBirdPrice: '40', earlyBirdUntil: daysFromToday(0) }, product!.id)

  // The day of the early-bird price: its price; the day after: the list price; the first registrant owes what they owed.
  const onTheDay = await createRegistrant(ctx)
  expect((await onTheDay.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})).body.registration.priceCents).toBe(4000)
  clock = new Date(Date.now() + 86_400_000)
  try {
    const late = await createRegistrant(ctx)
    expect((await late.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})).body.registration.priceCents).toBe(5500)
  } finally {
    clock = null
  }
  const mine = await early.client.get<{ registrations: { priceCents: number }[] }>('/api/registrations/mine')
  expect(mine.body.registrations[0]?.priceCents).toBe(4500)
})

test('a league and an academy priced from the list take the product’s price and early-bird price; a product off the list or for something else is refused', async () => {
  const fee = (await save(form({ name: 'Summer fee', purpose: 'player-fee', listPrice: '70', earlyBirdPrice: '55', earlyBirdUntil: daysFromToday(5) }))).body.product
  const made = await admin.client.post<{ league: { id: string; priceCents: number } }>('/api/admin/leagues', leagueForm({ price: '1', priceProduct: fee.id }))
  expect(made.status, made.text).toBe(201)
  const leagueId = made.body.league.id
  expect(made.body.league.priceCents).toBe(7000)
  expect((await list()).find((p) => p.id === fee.id)?.usedBy).toEqual([expect.objectContaining({ kind: 'league-place', id: leagueId })])
  const player = await createRegistrant(ctx)
  expect((await player.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})).body.registration.priceCents).toBe(5500)

  const jersey = (await save(form({ purpose: 'extra' }))).body.product
  const wrong = await admin.client.post<Saved>('/api/admin/leagues', leagueForm({ priceProduct: jersey.id }))
  expect(wrong.status).toBe(400)
  expect(wrong.body.error.fields?.priceProduct).toBe('Choose a product for a league player fee.')
  await save({ isActive: 'false' }, fee.id)
  const off = await admin.client.post<Saved>(`/api/admin/leagues/${leagueId}`, { priceProduct: fee.id })
  expect(off.body.error.fields?.priceProduct).toBe('Choose a product that is on the price list.')
  // Saving the league again without choosing keeps the product it has.
  expect((await admin.client.post(`/api/admin/leagues/${leagueId}`, { name: 'Summer League' })).status).toBe(200)
  expect((await list()).find((p) => p.id === fee.id)?.usedBy.map((u) => u.name)).toEqual(['Summer League'])

  const academyFee = (await save(form({ name: 'Clinic fee', purpose: 'academy-fee', listPrice: '150' }))).body.product
  const academy = await admin.client.post<{ academy: { priceCents: number } }>('/api/admin/academies', {
    name: 'Priced Clinic',
    sport: 'basketball',
    isActive: 'true',
    forChildren: 'false',
    weekdays: '3',
    startTime: '19:00',
    endTime: '20:00',
    registrationDate: daysFromToday(-1),
    startDate: daysFromToday(20),
    endDate: daysFromToday(60),
    price: '0',
    priceProduct: academyFee.id,
  })
  expect(academy.status, academy.text).toBe(201)
  expect(academy.body.academy.priceCents).toBe(15000)
})
