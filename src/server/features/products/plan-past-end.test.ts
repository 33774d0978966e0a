import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, daysFromToday, leagueForm, productForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { formatDate } from '../../../shared/format.ts'
import type { ProductFormValues } from '../../../shared/schemas/product.ts'

/**
 * A payment plan is paid by the time its program ends, on every road that joins the two (one
 * rule, core/registrations/ended-programs.ts): a league's and a camp's price and team fee when
 * created or changed, an end moved before a plan its places take, and the plan changed on the
 * price list under a program that takes it. The academy's creation has its test beside it.
 */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

interface Answer {
  league: { id: string }
  camp: { id: string }
  product: { id: string }
  error: { message: string; fields?: Record<string, string> }
}

const END = daysFromToday(60)
const AFTER = daysFromToday(75)
const past = (field: string, noun: string) => ({
  [field]: `The price’s payment plan has its last part on ${formatDate(AFTER)}, after the ${noun} ends (${formatDate(END)}): choose a price whose plan ends by then, or change its plan on the price list.`,
})

async function product(overrides: Partial<ProductFormValues>): Promise<string> {
  const made = await admin.client.post<Answer>('/api/admin/products', productForm({ planDeposit: '10', planDue1: daysFromToday(30), ...overrides }))
  expect(made.status, made.text).toBe(201)
  return made.body.product.id
}

const campForm = (overrides: Record<string, string> = {}) => ({
  name: `Plan Camp ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'basketball',
  coach: 'Coach Sam Lee',
  location: 'Court 2',
  isActive: 'true',
  minAge: '8',
  maxAge: '12',
  startTime: '09:00',
  endTime: '15:30',
  registrationDate: daysFromToday(-1),
  startDate: daysFromToday(58),
  endDate: END,
  price: '45',
  capacity: '20',
  ...overrides,
})

describe('a league', () => {
  test('is refused a price or a team fee whose plan runs past its end, when created and when changed', async () => {
    const late = await product({ planDue2: AFTER })
    const created = await admin.client.post<Answer>('/api/admin/leagues', leagueForm({ endDate: END, priceProduct: late }))
    expect(created.status, created.text).toBe(400)
    expect(created.body.error.fields).toEqual(past('priceProduct', 'league'))

    const lateFee = await product({ purpose: 'team-fee', listPrice: '300', planDue2: AFTER })
    const team = leagueForm({ sport: 'basketball', kind: 'team', endDate: END, teamCapacity: '8', rosterMin: '5', rosterMax: '10', teamPayment: 'team-fee', teamFee: '300', teamFeeProduct: lateFee })
    const teamCreated = await admin.client.post<Answer>('/api/admin/leagues', team)
    expect(teamCreated.status, teamCreated.text).toBe(400)
    expect(teamCreated.body.error.fields).toEqual(past('teamFeeProduct', 'league'))

    const ok = await admin.client.post<Answer>('/api/admin/leagues', leagueForm({ endDate: END }))
    expect(ok.status, ok.text).toBe(201)
    const changed = await admin.client.post<Answer>(`/api/admin/leagues/${ok.body.league.id}`, { priceProduct: late })
    expect(changed.status, changed.text).toBe(400)
    expect(changed.body.error.fields).toEqual(past('priceProduct', 'league'))
  })

  test('is refused an earlier end that its price’s plan runs past; closing it leaves the end and passes', async () => {
    const fits = await product({ planDue2: END })
    const created = await admin.client.post<Answer>('/api/admin/leagues', leagueForm({ endDate: AFTER, priceProduct: fits }))
    expect(created.status, created.text).toBe(201)
    const id = created.body.league.id
    const earlier = await admin.client.post<Answer>(`/api/admin/leagues/${id}`, { endDate: daysFromToday(45) })
    expect(earlier.status, earlier.text).toBe(400)
    expect(earlier.body.error.fields).toEqual({
      endDate: `The price’s payment plan has its last part on ${formatDate(END)}, after the league ends (${formatDate(daysFromToday(45))}): choose a price whose plan ends by then, or change its plan on the price list.`,
    })
    expect((await admin.client.post<Answer>(`/api/admin/leagues/${id}`, { isActive: 'false' })).status).toBe(200)
  })
})

describe('a camp', () => {
  test('is refused a price whose plan runs past its last day, when created and when changed', async () => {
    const late = await product({ purpose: 'camp-fee', planDue2: AFTER })
    const created = await admin.client.post<Answer>('/api/admin/camps', campForm({ priceProduct: late }))
    expect(created.status, created.text).toBe(400)
    expect(created.body.error.fields).toEqual(past('priceProduct', 'camp'))

    const ok = await admin.client.post<Answer>('/api/admin/camps', campForm())
    expect(ok.status, ok.text).toBe(201)
    const changed = await admin.client.post<Answer>(`/api/admin/camps/${ok.body.camp.id}`, { priceProduct: late })
    expect(changed.status, changed.text).toBe(400)
    expect(changed.body.error.fields).toEqual(past('priceProduct', 'camp'))
  })
})

describe('the price list', () => {
  test('refuses a plan whose last part is after the end of a program not yet over that takes the price', async () => {
    const fee = await product({ purpose: 'camp-fee', planDue2: END })
    const camp = campForm({ priceProduct: fee })
    expect((await admin.client.post<Answer>('/api/admin/camps', camp)).status).toBe(201)
    const moved = await admin.client.post<Answer>(`/api/admin/products/${fee}`, { planDue2: AFTER })
    expect(moved.status, moved.text).toBe(400)
    const message = `${camp.name} takes this price and ends on ${formatDate(END)}: its payment plan’s last part (${formatDate(AFTER)}) must be due by then.`
    expect(moved.body.error).toMatchObject({ message, fields: { planDue2: message } })
    expect((await admin.client.post<Answer>(`/api/admin/products/${fee}`, { planDue2: daysFromToday(50) })).status).toBe(200)
  })
})
