import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, daysFromToday, productForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { Academy, AdminAcademy } from '../../../shared/contracts/academies.ts'
import { ACADEMY_MESSAGES, type AcademyFormValues } from '../../../shared/schemas/academy.ts'
import { findAcademyOffering } from './academy-kind.ts'

/** Staff create, edit, open and close academies (issue 23): the form's rules, on the server. */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

interface Saved {
  academy: AdminAcademy
  offered: number
  error: { message: string; fields?: Record<string, string> }
}

const form = (overrides: Partial<AcademyFormValues> = {}): Partial<AcademyFormValues> => ({
  name: `Skills Academy ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'soccer',
  description: '',
  coach: 'Coach Daniela Ortiz',
  location: 'Field 1',
  isActive: 'true',
  forChildren: 'true',
  minAge: '8',
  maxAge: '10',
  weekdays: '4,2',
  startTime: '18:00',
  endTime: '19:00',
  registrationDate: daysFromToday(-1),
  startDate: '2027-01-05',
  endDate: '2027-01-28',
  skippedDates: '2027-01-14',
  price: '180',
  capacity: '16',
  ...overrides,
})

const create = (body: unknown, as: TestUser = admin) => as.client.post<Saved>('/api/admin/academies', body)
const update = (academyId: string, body: unknown) => admin.client.post<Saved>(`/api/admin/academies/${academyId}`, body)
const listed = async () => (await ctx.client().get<{ academies: Academy[] }>('/api/academies/active')).body.academies

const adminAcademy = async (academyId: string) =>
  (await admin.client.get<{ academies: AdminAcademy[] }>('/api/admin/academies')).body.academies.find((a) => a.id === academyId)

describe('the Payment setting', () => {
  test('pay at sign-up is saved, shown back to the form and read by the engine; left out, an academy is paid later', async () => {
    const later = (await create(form())).body.academy
    expect(later.payAtSignUp).toBe(false)
    const res = await create(form({ payAtSignUp: 'true' }))
    expect(res.status, res.text).toBe(201)
    expect(res.body.academy.payAtSignUp).toBe(true)
    expect(await adminAcademy(res.body.academy.id)).toMatchObject({ payAtSignUp: true })
    expect((await findAcademyOffering(ctx.db, res.body.academy.id))?.payAtSignUp).toBe(true)
    expect((await findAcademyOffering(ctx.db, later.id))?.payAtSignUp).toBe(false)
  })

  test('an edit that leaves it out keeps it; one that sends it changes it; only the two choices are taken', async () => {
    const { academy } = (await create(form({ payAtSignUp: 'true' }))).body
    expect((await update(academy.id, { isActive: 'false' })).body.academy.payAtSignUp).toBe(true)
    expect((await update(academy.id, { payAtSignUp: 'false' })).body.academy.payAtSignUp).toBe(false)
    expect(await adminAcademy(academy.id)).toMatchObject({ payAtSignUp: false })
    const refused = await update(academy.id, { payAtSignUp: 'maybe' })
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields).toHaveProperty('payAtSignUp')
  })
})

test('an academy whose last session has passed is refused when created', async () => {
  const res = await create(form({ registrationDate: '2019-01-01', startDate: '2019-01-08', endDate: '2019-02-01', skippedDates: '' }))
  expect(res.status, res.text).toBe(400)
  expect(res.body.error.fields).toEqual({ endDate: 'The last session (2/1/2019) has already passed: a new academy must end today or later.' })
})

test('a price whose payment plan has a part after the academy ends is refused for it', async () => {
  const made = await admin.client.post<{ product: { id: string } }>('/api/admin/products', productForm({ purpose: 'academy-fee', listPrice: '180', planDeposit: '50', planDue1: '2027-01-10', planDue2: '2027-01-30' }))
  expect(made.status, made.text).toBe(201)
  const res = await create(form({ priceProduct: made.body.product.id }))
  expect(res.status, res.text).toBe(400)
  expect(res.body.error.fields).toEqual({ priceProduct: 'The price’s payment plan has its last part on 1/30/2027, after the academy ends (1/28/2027): choose a price whose plan ends by then, or change its plan on the price list.' })
})

describe('creating and changing an academy', () => {
  test('the form strings become an academy with its sessions, places and price, listed on the Academies page', async () => {
    const res = await create(form())
    expect(res.status, res.text).toBe(201)
    expect(res.body.academy).toMatchObject({
      sport: 'soccer',
      coach: 'Coach Daniela Ortiz',
      weekdays: [2, 4],
      skippedDates: ['2027-01-14'],
      priceCents: 18_000,
      capacity: 16,
      placesTaken: 0,
      isActive: true,
      waiverRequired: true,
    })
    expect(res.body.academy.sessionDates).toHaveLength(7)
    expect((await listed()).find((a) => a.id === res.body.academy.id)).toMatchObject({ placesLeft: 16, priceCents: 18_000 })
  })

  test('closing sends isActive alone and keeps the rest; the academy leaves the public list', async () => {
    const { academy } = (await create(form())).body
    const closed = await update(academy.id, { isActive: 'false' })
    expect(closed.status, closed.text).toBe(200)
    expect(closed.body.academy).toMatchObject({ isActive: false, coach: 'Coach Daniela Ortiz', weekdays: [2, 4], priceCents: 18_000 })
    expect((await listed()).some((a) => a.id === academy.id)).toBe(false)
    const all = (await admin.client.get<{ academies: AdminAcademy[] }>('/api/admin/academies')).body.academies
    expect(all.find((a) => a.id === academy.id)?.isActive).toBe(false)
  })

  test('an adults’ class keeps no ages; a new price and capacity are saved', async () => {
    const { academy } = (await create(form({ forChildren: 'false' }))).body
    expect(academy).toMatchObject({ forChildren: false, minAge: null, maxAge: null })
    const changed = await update(academy.id, { price: '95.50', capacity: '' })
    expect(changed.body.academy).toMatchObject({ priceCents: 9_550, capacity: null })
  })

  test('an unknown academy is a 404, and only an admin may create or change one', async () => {
    expect((await update('no-such-academy', { isActive: 'false' })).status).toBe(404)
    expect((await create(form(), await createUser(ctx, 'employee'))).status).toBe(403)
    expect((await ctx.client().post('/api/admin/academies', form())).status).toBe(401)
  })
})

describe('validation', () => {
  const problems = async (body: unknown) => {
    const res = await create(body)
    expect(res.status, res.text).toBe(400)
    return res.body.error.fields
  }

  test('weekdays, times, ages and skipped dates are checked with a message each', async () => {
    expect(await problems(form({ weekdays: '' }))).toEqual({ weekdays: ACADEMY_MESSAGES.weekdays })
    expect(await problems(form({ weekdays: '2,9' }))).toEqual({ weekdays: ACADEMY_MESSAGES.weekdays })
    expect(await problems(form({ startTime: '6pm' }))).toEqual({ startTime: 'Start time must be a time such as 18:00.' })
    expect(await problems(form({ endTime: '17:30' }))).toEqual({ endTime: ACADEMY_MESSAGES.endTime })
    expect(await problems(form({ minAge: '10', maxAge: '8' }))).toEqual({ maxAge: ACADEMY_MESSAGES.ageRange })
    expect(await problems(form({ skippedDates: '2027-02-14' }))).toEqual({ skippedDates: ACADEMY_MESSAGES.skippedDates })
    expect(await problems(form({ sport: 'kids' }))).toHaveProperty('sport')
  })
})
