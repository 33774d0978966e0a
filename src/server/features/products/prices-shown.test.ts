import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, latestEmailTo, productForm, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { academySoon } from '../../../../tests/academy-places.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { Academy, AcademyReceipt, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { OpenLeague } from '../../../shared/contracts/leagues.ts'
import type { PriceRules, Product } from '../../../shared/contracts/products.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import type { ProductFormValues } from '../../../shared/schemas/product.ts'
import { signUpTotal, type SignUpParty } from '../../../shared/sign-up-total.ts'
import type { ActiveLeague } from '../../../shared/sports.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { formatDate } from '../../../shared/format.ts'
import { insertAcademy, type NewAcademy } from '../academies/academies.queries.ts'
import { insertCamp } from '../camps/camps.queries.ts'
import { insertDropIn } from '../drop-ins/drop-ins.queries.ts'

/**
 * Prices shown before they are charged (issue 30): the sign-up pages read a place's price rules
 * from the open lists and work the total out with shared/sign-up-total.ts; after the sign-up the
 * order's lines ask exactly that — the early-bird price, a second child's family discount, a
 * payment plan's deposit due now, a late sign-up's sessions left.
 */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const token = () => Math.random().toString(36).slice(2, 8)
const today = () => daysFromToday(0)

async function priced(overrides: Partial<ProductFormValues>): Promise<Product> {
  const res = await admin.client.post<{ product: Product }>('/api/admin/products', productForm({ name: `Fee ${token()}`, ...overrides }))
  expect(res.status, res.text).toBe(201)
  return res.body.product
}

async function academyPriced(productId: string, overrides: Partial<NewAcademy> = {}): Promise<string> {
  return insertAcademy(ctx.db, academySoon({ priceProductId: productId, ...overrides }))
}

async function family(children: number): Promise<{ parent: TestUser; ids: string[] }> {
  const parent = await createUser(ctx)
  const ids: string[] = []
  for (let i = 0; i < children; i++) {
    const id = await addChild(parent, { firstName: `Kid${i}`, dateOfBirth: addDays(daysFromToday(30), -9 * 366) })
    await signWaiver(parent, id)
    ids.push(id)
  }
  return { parent, ids }
}

async function listedAcademy(academyId: string): Promise<Academy> {
  const res = await ctx.client().get<{ academies: Academy[] }>('/api/academies/active')
  return res.body.academies.find((a) => a.id === academyId)!
}

/** The total a sign-up page shows for an academy, from what it read of the academy. */
const shownForAcademy = (academy: Academy, party: Omit<SignUpParty, 'placesLeft'>) =>
  signUpTotal({ ...academy.pricing, sessions: { dates: academy.sessionDates, lateSignUpPrice: academy.pricing.lateSignUpPrice } }, today(), { ...party, placesLeft: academy.placesLeft })

async function orderOf(user: TestUser, orderId: string | null): Promise<OrderCheckout> {
  const res = await user.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)
  expect(res.status, res.text).toBe(200)
  return res.body.order
}

async function signUp(parent: TestUser, academyId: string, childIds: string[]): Promise<AcademySignUpResult> {
  const res = await parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: childIds.map((childId) => ({ childId, photoConsent: true })) })
  expect(res.status, res.text).toBe(201)
  return res.body
}

describe('the total shown before sign-up is what the order asks after it', () => {
  test('the desk’s lists of leagues, academies, camps and drop-ins carry the early-bird price a sign-up charges, with its last day', async () => {
    const product = await priced({ listPrice: '65', earlyBirdPrice: '55', earlyBirdUntil: daysFromToday(3) })
    const ids = {
      leagues: await createLeague(ctx, { priceProductId: product.id }),
      academies: await academyPriced(product.id),
      camps: await insertCamp(ctx.db, { name: `Camp ${token()}`, sport: 'soccer', isActive: true, minAge: 6, maxAge: 11, startTime: '09:00', endTime: '15:00', registrationDate: daysFromToday(-1), startDate: daysFromToday(20), endDate: daysFromToday(22), capacity: 16, priceCents: 6500, priceProductId: product.id }),
      dropIns: await insertDropIn(ctx.db, { name: `Open Gym ${token()}`, sport: 'basketball', isActive: true, forChildren: false, date: daysFromToday(5), startTime: '10:00', endTime: '12:00', registrationDate: daysFromToday(-1), capacity: 20, priceCents: 6500, priceProductId: product.id }),
    }
    const desk = await createUser(ctx, 'employee')
    for (const [list, id] of Object.entries(ids)) {
      const res = await desk.client.get<Record<string, { id: string; priceCents: number; earlyBird: unknown }[]>>(`/api/admin/${list === 'dropIns' ? 'drop-ins' : list}`)
      expect(res.status, res.text).toBe(200)
      expect(res.body[list]!.find((o) => o.id === id), list).toMatchObject({ priceCents: 6500, earlyBird: { priceCents: 5500, until: daysFromToday(3) } })
    }
  })

  test('an early-bird price running: the league lists it, and the line asks it', async () => {
    const product = await priced({ listPrice: '65', earlyBirdPrice: '55', earlyBirdUntil: daysFromToday(3) })
    const leagueId = await createLeague(ctx, { priceProductId: product.id })
    const listed = (await ctx.client().get<{ leagues: OpenLeague[] }>('/api/leagues/open')).body.leagues.find((l) => l.id === leagueId)!
    expect(listed.pricing).toEqual<PriceRules>({ listPriceCents: 6500, earlyBird: { priceCents: 5500, until: daysFromToday(3) }, familyDiscountPercent: null, plan: null, lateSignUpPrice: 'full' })
    const shown = signUpTotal({ ...listed.pricing, sessions: null }, today(), { count: 1, children: false, holding: 0, placesLeft: listed.placesLeft })
    expect(shown).toMatchObject({ totalCents: 5500, dueNowCents: 5500 })

    const player = await createRegistrant(ctx)
    const res = await player.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
    expect(res.status, res.text).toBe(201)
    const order = await orderOf(player, res.body.registration.orderId)
    expect(order.lines.map((l) => l.amountDueCents)).toEqual(shown.places.map((p) => p.amountDueCents))
    expect({ total: order.totalCents, dueNow: order.dueNowCents }).toEqual({ total: shown.totalCents, dueNow: shown.dueNowCents })
  })

  test('a family discount on a second child: shown on the second place, taken off its line', async () => {
    const product = await priced({ purpose: 'academy-fee', listPrice: '180', familyDiscount: '10' })
    const academyId = await academyPriced(product.id)
    const academy = await listedAcademy(academyId)
    expect(academy.pricing.familyDiscountPercent).toBe(10)
    const shown = shownForAcademy(academy, { count: 2, children: true, holding: 0 })
    expect(shown.places.map((p) => p.familyDiscountCents)).toEqual([0, 1800])

    const { parent, ids } = await family(2)
    const result = await signUp(parent, academyId, ids)
    const order = await orderOf(parent, result.registrations[0]!.orderId)
    expect(order.lines.map((l) => [l.amountDueCents, l.familyDiscountCents])).toEqual(shown.places.map((p) => [p.amountDueCents, p.familyDiscountCents]))
    expect({ total: order.totalCents, dueNow: order.dueNowCents }).toEqual({ total: shown.totalCents, dueNow: shown.dueNowCents })

    // A third child later: the page counts the two holding places, as the engine does.
    const third = await addChild(parent, { firstName: 'Kid2', dateOfBirth: addDays(daysFromToday(30), -8 * 366) })
    await signWaiver(parent, third)
    const later = shownForAcademy(await listedAcademy(academyId), { count: 1, children: true, holding: 2 })
    const more = await signUp(parent, academyId, [third])
    expect((await orderOf(parent, more.registrations[0]!.orderId)).totalCents).toBe(later.totalCents)
  })

  test('a payment plan: the deposit is what is due now, and the parts are the line’s', async () => {
    // Both parts before the academy's last session (its last session is 52 to 57 days away): a later one would fall due on it (academy-payment-plan.test.ts).
    const product = await priced({ purpose: 'academy-fee', listPrice: '360', familyDiscount: '5', planDeposit: '100', planDue1: daysFromToday(40), planDue2: daysFromToday(50) })
    const academyId = await academyPriced(product.id)
    const shown = shownForAcademy(await listedAcademy(academyId), { count: 1, children: true, holding: 0 })
    expect(shown).toMatchObject({ totalCents: 36_000, dueNowCents: 10_000 })
    expect(shown.places[0]!.parts!.map((p) => [p.dueDate, p.amountCents])).toEqual([
      [null, 10_000],
      [daysFromToday(40), 13_000],
      [daysFromToday(50), 13_000],
    ])

    const { parent, ids } = await family(1)
    const result = await signUp(parent, academyId, ids)
    const order = await orderOf(parent, result.registrations[0]!.orderId)
    expect({ total: order.totalCents, dueNow: order.dueNowCents }).toEqual({ total: shown.totalCents, dueNow: shown.dueNowCents })
    expect(order.lines[0]!.plan!.map((p) => [p.dueDate, p.amountCents])).toEqual(shown.places[0]!.parts!.map((p) => [p.dueDate, p.amountCents]))
    // The confirmation says what is due now and when the rest is, as the checkout counts it.
    expect((await latestEmailTo(ctx, parent.email))?.text).toContain(
      `Amount due: $360.00 by its payment plan, $100.00 due now, then $130.00 on ${formatDate(daysFromToday(40))} and $130.00 on ${formatDate(daysFromToday(50))} — pay at the front desk.`,
    )
  })

  test('a late sign-up to an academy under way pays for the sessions left when its product says so, rounded to the cent, and the receipt says so', async () => {
    const product = await priced({ purpose: 'academy-fee', listPrice: '180', lateSignUps: 'sessions-left' })
    expect(product.lateSignUpPrice).toBe('sessions-left')
    // Every day for 41 days, the first ten gone: 31 left, today's included.
    const academyId = await academyPriced(product.id, { weekdays: [1, 2, 3, 4, 5, 6, 7], registrationDate: daysFromToday(-20), startDate: daysFromToday(-10), endDate: daysFromToday(30), registrationDeadline: daysFromToday(20) })
    const academy = await listedAcademy(academyId)
    const shown = shownForAcademy(academy, { count: 1, children: true, holding: 0 })
    expect(shown.places[0]).toMatchObject({ sessions: { charged: 31, inAll: 41 }, amountDueCents: Math.round((18_000 * 31) / 41) })

    const { parent, ids } = await family(1)
    const result = await signUp(parent, academyId, ids)
    const order = await orderOf(parent, result.registrations[0]!.orderId)
    expect(order.lines[0]!.amountDueCents).toBe(shown.totalCents)
    expect(order.lines[0]!.description).toContain(`${academy.name} (31 of 41 sessions)`)
    // The confirmation lists the sessions to come, not the ten gone.
    const email = (await latestEmailTo(ctx, parent.email))?.text
    expect(email).toContain(`31 of 41 sessions left: ${formatDate(daysFromToday(0))}, ${formatDate(daysFromToday(1))}, `)
    expect(email).not.toContain(formatDate(daysFromToday(-1)))
    const receipt = await parent.client.get<{ receipt: AcademyReceipt }>(`/api/receipts/user/${parent.id}/academy/${academyId}`)
    expect(receipt.body.receipt.places[0]!.charges).toMatchObject({ sessions: { charged: 31, inAll: 41 }, listPriceCents: 13_610 })
  })

  test('an academy priced in full charges a late sign-up the whole price', async () => {
    const product = await priced({ purpose: 'academy-fee', listPrice: '180' })
    const academyId = await academyPriced(product.id, { weekdays: [1, 2, 3, 4, 5, 6, 7], registrationDate: daysFromToday(-20), startDate: daysFromToday(-10), endDate: daysFromToday(30), registrationDeadline: daysFromToday(20) })
    const { parent, ids } = await family(1)
    const result = await signUp(parent, academyId, ids)
    expect((await orderOf(parent, result.registrations[0]!.orderId)).lines[0]).toMatchObject({ amountDueCents: 18_000 })
  })
})

test('a price for the sessions left is refused on anything but an academy fee', async () => {
  const res = await admin.client.post<{ error: { fields: Record<string, string> } }>('/api/admin/products', productForm({ purpose: 'player-fee', lateSignUps: 'sessions-left' }))
  expect(res.status).toBe(400)
  expect(res.body.error.fields).toHaveProperty('lateSignUps')
})

test('the home page’s leagues carry a player’s price and early-bird price, and a change of the product’s price is news to them', async () => {
  const product = await priced({ listPrice: '65', earlyBirdPrice: '55', earlyBirdUntil: daysFromToday(3) })
  const leagueId = await createLeague(ctx, { priceProductId: product.id })
  const shown = async () => (await ctx.client().get<{ leagues: ActiveLeague[] }>('/api/leagues/active')).body.leagues.find((l) => l.id === leagueId)
  expect(await shown()).toMatchObject({ priceCents: 6500, earlyBirdPriceCents: 5500, earlyBirdUntil: daysFromToday(3) })
  const changed = await admin.client.post(`/api/admin/products/${product.id}`, { earlyBirdPrice: '50' })
  expect(changed.status, changed.text).toBe(200)
  await expect.poll(async () => (await shown())?.earlyBirdPriceCents).toBe(5000)
})
