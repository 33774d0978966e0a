import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { downloadCsv } from '../../../../tests/csv.ts'
import { addChild, createUser, daysFromToday, latestEmailTo, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { formatDate } from '../../../shared/format.ts'
import type { AdminCamp, Camp, CampParticipants, CampReceipt, CampSignUpResult } from '../../../shared/contracts/camps.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { CAMP_MESSAGES, type CampFormValues } from '../../../shared/schemas/camp.ts'
import { insertCamp, type NewCamp } from './camps.queries.ts'

/**
 * Camps (issue 31 §2): staff make them by the form's rules; families sign several children up in
 * one order, each by their age on the first day and with the waiver; places then the waitlist; the
 * receipt; staff's participant list and its CSV; the desk's sign-up paid at the counter; and a
 * family cancelling only before the first day.
 */

let ctx: TestApp
let admin: TestUser
/** The server's clock: moved to the first day to see a cancellation refused. */
let clock: Date | null = null
beforeAll(async () => {
  ctx = await startTestApp({ now: () => clock ?? new Date() })
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const FIRST_DAY = daysFromToday(30)

const camp = (overrides: Partial<NewCamp> = {}): NewCamp => ({
  name: `Winter Break Camp ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'soccer',
  coach: 'Coach Daniela Ortiz',
  location: 'Field 1',
  isActive: true,
  minAge: 6,
  maxAge: 11,
  startTime: '09:00',
  endTime: '15:00',
  registrationDate: daysFromToday(-1),
  startDate: FIRST_DAY,
  endDate: addDays(FIRST_DAY, 2),
  capacity: 16,
  priceCents: 12_000,
  ...overrides,
})

/** A date of birth making a child `years` old on the first day, less `daysShort` days. */
const bornYearsBefore = (years: number, daysShort = 0) => addDays(`${Number(FIRST_DAY.slice(0, 4)) - years}${FIRST_DAY.slice(4)}`, daysShort)

async function guardianWith(children: Record<string, string>): Promise<{ parent: TestUser; ids: Record<string, string> }> {
  const parent = await createUser(ctx)
  const ids: Record<string, string> = {}
  for (const [firstName, dateOfBirth] of Object.entries(children)) {
    ids[firstName] = await addChild(parent, { firstName, dateOfBirth, notes: `${firstName} is allergic to peanuts` })
    await signWaiver(parent, ids[firstName])
  }
  return { parent, ids }
}

type Answer = CampSignUpResult & { error: { message: string; fields?: Record<string, string> } }

const signUp = (user: TestUser, campId: string, participants: { childId: string | null; photoConsent: boolean }[]) =>
  user.client.post<Answer>(`/api/camps/${campId}/registrations`, { participants })

const placesOf = (campId: string) =>
  ctx.db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select(['r.id', 'r.status', 'r.userId'])
    .where('o.campId', '=', campId)
    .execute()

describe('staff make camps', () => {
  interface Saved {
    camp: AdminCamp
    offered: number
    error: { message: string; fields?: Record<string, string> }
  }
  const form = (overrides: Partial<CampFormValues> = {}): Partial<CampFormValues> => ({
    name: `Basketball Skills Day ${Math.random().toString(36).slice(2, 8)}`,
    sport: 'basketball',
    coach: 'Coach Sam Lee',
    location: 'Court 2',
    isActive: 'true',
    minAge: '8',
    maxAge: '12',
    startTime: '09:00',
    endTime: '15:30',
    registrationDate: daysFromToday(-1),
    startDate: FIRST_DAY,
    endDate: FIRST_DAY,
    price: '45',
    capacity: '20',
    ...overrides,
  })
  const create = (body: unknown, as: TestUser = admin) => as.client.post<Saved>('/api/admin/camps', body)

  test('a camp whose last day has passed is refused when created', async () => {
    const res = await create(form({ registrationDate: '2019-01-01', startDate: '2019-03-01', endDate: '2019-03-01' }))
    expect(res.status, res.text).toBe(400)
    expect(res.body.error.fields).toEqual({ endDate: 'The last day (3/1/2019) has already passed: a new camp must end today or later.' })
  })

  test('a one-day camp is created, listed on the Camps page with its one day, and changed by sending only what changes', async () => {
    const res = await create(form())
    expect(res.status, res.text).toBe(201)
    const made = res.body.camp
    expect(made).toMatchObject({ days: [FIRST_DAY], priceCents: 4_500, capacity: 20, placesTaken: 0, isActive: true, payAtSignUp: false, waiverRequired: true })
    const listed = (await ctx.client().get<{ camps: Camp[] }>('/api/camps/active')).body.camps.find((c) => c.id === made.id)
    expect(listed).toMatchObject({ minAge: 8, maxAge: 12, startTime: '09:00', endTime: '15:30', placesLeft: 20, waitlistSize: 0, pricing: { listPriceCents: 4_500 } })

    const longer = await admin.client.post<Saved>(`/api/admin/camps/${made.id}`, { endDate: addDays(FIRST_DAY, 4) })
    expect(longer.status, longer.text).toBe(200)
    expect(longer.body.camp.days).toEqual([0, 1, 2, 3, 4].map((n) => addDays(FIRST_DAY, n)))
    expect(longer.body.camp.name).toBe(made.name)

    const closed = await admin.client.post<Saved>(`/api/admin/camps/${made.id}`, { isActive: 'false' })
    expect(closed.body.camp.isActive).toBe(false)
    expect((await ctx.client().get<{ camps: Camp[] }>('/api/camps/active')).body.camps.some((c) => c.id === made.id)).toBe(false)
    const staffList = await (await createUser(ctx, 'employee')).client.get<{ camps: AdminCamp[] }>('/api/admin/camps')
    expect(staffList.body.camps.find((c) => c.id === made.id)).toMatchObject({ isActive: false })
  })

  test('the form is refused in words: ages, the last day before the first or more than two weeks after it, the end time, the price', async () => {
    const refused = async (overrides: Partial<CampFormValues>) => {
      const res = await create(form(overrides))
      expect(res.status, res.text).toBe(400)
      return res.body.error.fields
    }
    expect(await refused({ minAge: '' })).toMatchObject({ minAge: 'Minimum age is required.' })
    expect(await refused({ minAge: '12', maxAge: '8' })).toEqual({ maxAge: CAMP_MESSAGES.ageRange })
    expect(await refused({ endDate: addDays(FIRST_DAY, -1) })).toEqual({ endDate: CAMP_MESSAGES.endBefore })
    expect(await refused({ endDate: addDays(FIRST_DAY, 15) })).toEqual({ endDate: CAMP_MESSAGES.endTooLate })
    expect(await refused({ endTime: '08:00' })).toEqual({ endTime: CAMP_MESSAGES.endTime })
    expect(await refused({ price: '45.123' })).toEqual({ price: CAMP_MESSAGES.priceCents })
    expect(await refused({ priceProduct: 'no-such-product' })).toEqual({ priceProduct: 'Choose a product that is on the price list.' })
    expect((await create(form({ endDate: addDays(FIRST_DAY, 14) }))).status).toBe(201)

    const employee = await createUser(ctx, 'employee')
    expect((await create(form(), employee)).status).toBe(403)
    expect((await admin.client.post(`/api/admin/camps/${'0'.repeat(8)}`, { isActive: 'false' })).status).toBe(404)
  })

  test('a camp priced from the price list takes its camp fee; an academy fee is refused', async () => {
    const product = async (purpose: string, price: string) =>
      (await admin.client.post<{ product: { id: string } }>('/api/admin/products', { name: `Camp fee ${purpose} ${Math.random()}`, purpose, listPrice: price, isActive: 'true' })).body.product.id
    const fee = await product('camp-fee', '150')
    const res = await create(form({ priceProduct: fee, price: '0' }))
    expect(res.status, res.text).toBe(201)
    expect(res.body.camp.priceCents).toBe(15_000)
    const wrong = await create(form({ priceProduct: await product('academy-fee', '90') }))
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.fields).toEqual({ priceProduct: 'Choose a product for a camp fee.' })
  })
})

describe('families sign children up', () => {
  test('two children in one action take two places on one order, and the email names the camp', async () => {
    const id = await insertCamp(ctx.db, camp())
    const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(7) })
    const res = await signUp(parent, id, [
      { childId: ids.Maya!, photoConsent: true },
      { childId: ids.Leo!, photoConsent: false },
    ])
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => [r.child?.name, r.status, r.offering.kind])).toEqual([
      ['Maya Rivera', 'confirmed', 'camp-place'],
      ['Leo Rivera', 'confirmed', 'camp-place'],
    ])
    const lines = await ctx.db.kysely.selectFrom('orderLines').select('orderId').where('registrationId', 'in', res.body.registrations.map((r) => r.id)).execute()
    expect(new Set(lines.map((l) => l.orderId)).size).toBe(1)
    const email = await latestEmailTo(ctx, parent.email)
    expect(email?.subject).toMatch(/Winter Break Camp/)
    expect(email?.text).toMatch(new RegExp(`(Maya|Leo) Rivera is registered for ${res.body.registrations[0]!.offering.name}\\. Your place is held\\.`))
    expect(email?.text).toContain(`3 sessions: ${[0, 1, 2].map((n) => formatDate(addDays(FIRST_DAY, n))).join(', ')}.`)
  })

  test('a child outside the ages on the first day is refused with the reason, and nobody of the action takes a place', async () => {
    const id = await insertCamp(ctx.db, camp())
    const { parent, ids } = await guardianWith({ Eve: bornYearsBefore(9), Ben: bornYearsBefore(6, 1) })
    const res = await signUp(parent, id, [
      { childId: ids.Eve!, photoConsent: true },
      { childId: ids.Ben!, photoConsent: true },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error.message).toMatch(/^Ben will be 5 when Winter Break Camp \w+ starts; this camp is for ages 6–11\.$/)
    expect(await placesOf(id)).toHaveLength(0)
  })

  test('a child without the signed waiver is named, and nothing is taken', async () => {
    const id = await insertCamp(ctx.db, camp())
    const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9) })
    const unsigned = await addChild(parent, { firstName: 'Noa', dateOfBirth: bornYearsBefore(8) })
    const res = await signUp(parent, id, [
      { childId: ids.Maya!, photoConsent: true },
      { childId: unsigned, photoConsent: true },
    ])
    expect(res.status).toBe(409)
    expect(res.body.error.message).toBe('Please sign the current waiver for Noa before signing up.')
    expect(res.body.error.fields).toEqual({ waiver: 'WAIVER_REQUIRED', participant: unsigned })
    expect(await placesOf(id)).toHaveLength(0)
  })

  test('a camp is for children: the account holder is refused in words, and a closed or unknown camp is not open', async () => {
    const id = await insertCamp(ctx.db, camp())
    const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9) })
    await signWaiver(parent)
    const adult = await signUp(parent, id, [
      { childId: ids.Maya!, photoConsent: true },
      { childId: null, photoConsent: true },
    ])
    expect(adult.status).toBe(400)
    expect(adult.body.error.message).toBe(CAMP_MESSAGES.adultsOnly)
    expect(await placesOf(id)).toHaveLength(0)
    const closed = await insertCamp(ctx.db, camp({ isActive: false }))
    const res = await signUp(parent, closed, [{ childId: ids.Maya!, photoConsent: true }])
    expect([res.status, res.body.error.message]).toEqual([404, 'This camp is not open for registration.'])
    expect((await ctx.client().post(`/api/camps/${id}/registrations`, { participants: [] })).status).toBe(401)
  })

  test('places while they last, then the waitlist in order; a higher capacity offers the next place', async () => {
    const id = await insertCamp(ctx.db, camp({ capacity: 3 }))
    const families = await Promise.all(Array.from({ length: 3 }, () => guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(8) })))
    const answers = await Promise.all(
      families.map(({ parent, ids }) =>
        signUp(parent, id, [
          { childId: ids.Maya!, photoConsent: true },
          { childId: ids.Leo!, photoConsent: true },
        ]),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
    const statuses = answers.flatMap((a) => a.body.registrations.map((r) => r.status))
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(3)
    const positions = answers.flatMap((a) => a.body.registrations.flatMap((r) => r.waitlistPosition ?? []))
    expect(positions.sort()).toEqual([1, 2, 3])
    const listed = (await ctx.client().get<{ camps: Camp[] }>('/api/camps/active')).body.camps.find((c) => c.id === id)
    expect(listed).toMatchObject({ placesLeft: 0, waitlistSize: 3 })

    const raised = await admin.client.post<{ offered: number }>(`/api/admin/camps/${id}`, { capacity: '4' })
    expect(raised.status, raised.text).toBe(200)
    expect(raised.body.offered).toBe(1)
  })
})

describe('receipts, the participant list and the desk', () => {
  test('the receipt lists every place a family took, to them and staff; anyone else gets 404 and no medical notes', async () => {
    const id = await insertCamp(ctx.db, camp())
    const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(9) })
    await signUp(parent, id, [
      { childId: ids.Maya!, photoConsent: true },
      { childId: ids.Leo!, photoConsent: true },
    ])
    const url = `/api/receipts/user/${parent.id}/camp/${id}`
    const own = await parent.client.get<{ receipt: CampReceipt }>(url)
    expect(own.status, own.text).toBe(200)
    expect(own.body.receipt.camp).toMatchObject({ id, coach: 'Coach Daniela Ortiz', startTime: '09:00', days: [0, 1, 2].map((n) => addDays(FIRST_DAY, n)) })
    expect(own.body.receipt.places.map((p) => [p.child?.name, p.priceCents, p.balanceCents])).toEqual([
      ['Maya Rivera', 12_000, 12_000],
      ['Leo Rivera', 12_000, 12_000],
    ])
    expect(own.text).not.toContain('peanuts')
    const stranger = await createUser(ctx)
    expect((await stranger.client.get(url)).status).toBe(404)
    expect((await stranger.client.get(`/api/receipts/user/${stranger.id}/camp/${id}`)).status).toBe(404)
    expect((await (await createUser(ctx, 'employee')).client.get(url)).status).toBe(200)
  })

  test('staff see the children with age, guardian, notes and money, the waitlist, and the same as CSV; a customer does not', async () => {
    const id = await insertCamp(ctx.db, camp({ capacity: 1 }))
    const first = await guardianWith({ Maya: bornYearsBefore(9) })
    const next = await guardianWith({ Leo: bornYearsBefore(7) })
    await signUp(first.parent, id, [{ childId: first.ids.Maya!, photoConsent: false }])
    await signUp(next.parent, id, [{ childId: next.ids.Leo!, photoConsent: true }])
    const employee = await createUser(ctx, 'employee')
    const list = await employee.client.get<CampParticipants>(`/api/admin/camps/${id}/participants`)
    expect(list.status, list.text).toBe(200)
    expect(list.body.camp).toMatchObject({ id, startDate: FIRST_DAY, endDate: addDays(FIRST_DAY, 2), capacity: 1, placesTaken: 1 })
    expect(list.body.participants).toEqual([
      expect.objectContaining({ name: 'Maya Rivera', age: 9, guardianName: first.parent.displayName, medicalNotes: 'Maya is allergic to peanuts', waiverSigned: true, photoConsent: false, status: 'confirmed', priceCents: 12_000, balanceCents: 12_000 }),
    ])
    expect(list.body.waitlist).toEqual([expect.objectContaining({ position: 1, name: 'Leo Rivera', guardianName: next.parent.displayName })])

    // A name with an accent comes out whole, behind the byte order mark.
    await ctx.db.kysely.updateTable('children').set({ lastName: 'Rivière' }).where('id', '=', first.ids.Maya!).execute()
    const csv = await downloadCsv(ctx, employee, `/api/admin/camps/${id}/participants.csv`)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="camp-winter-break-camp-\w+-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(csv.text.split('\r\n')[0]).toBe('Name,Age,Guardian,Phone,Email,Emergency contact,Emergency phone,Medical notes,Waiver,Photo consent,Status,Owed (dollars),Paid (dollars),Balance (dollars)')
    expect(csv.text).toContain('Maya Rivière,9,')
    expect((await first.parent.client.get(`/api/admin/camps/${id}/participants`)).status).toBe(403)
    expect((await first.parent.client.get(`/api/admin/camps/${id}/participants.csv`)).status).toBe(403)
    expect((await employee.client.get(`/api/admin/camps/${'0'.repeat(8)}/participants`)).status).toBe(404)
  })

  test('the desk signs a customer’s children up and takes the payment at the counter; not another family’s child, nor a staff account', async () => {
    const id = await insertCamp(ctx.db, camp())
    const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(10) })
    const employee = await createUser(ctx, 'employee')
    const url = `/api/desk/customers/${parent.id}/camps/${id}/registrations`
    const res = await employee.client.post<Answer>(url, {
      participants: [
        { childId: ids.Maya!, photoConsent: true },
        { childId: ids.Leo!, photoConsent: true },
      ],
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => [r.userId, r.status])).toEqual([
      [parent.id, 'confirmed'],
      [parent.id, 'confirmed'],
    ])
    const place = res.body.registrations[0]!
    const paid = await employee.client.post<{ registration: RegistrationView }>(`/api/admin/registrations/${place.id}/payments`, { amount: '120', method: 'card', reference: 'terminal 4411' })
    expect(paid.status, paid.text).toBe(201)
    expect(paid.body.registration).toMatchObject({ paidCents: 12_000, balanceCents: 0 })

    const other = await guardianWith({ Ada: bornYearsBefore(8) })
    const notTheirs = await employee.client.post<Answer>(url, { participants: [{ childId: other.ids.Ada!, photoConsent: true }] })
    expect([notTheirs.status, notTheirs.body.error.message]).toEqual([400, 'Choose this customer’s own children.'])
    expect((await employee.client.post(`/api/desk/customers/${employee.id}/camps/${id}/registrations`, { participants: [{ childId: ids.Maya!, photoConsent: true }] })).status).toBe(404)
    expect((await parent.client.post(url, { participants: [{ childId: ids.Maya!, photoConsent: true }] })).status).toBe(403)
  })

  test('a family cancels before the first day and the place goes to the waitlist; from the first day only the desk cancels', async () => {
    const id = await insertCamp(ctx.db, camp({ capacity: 1 }))
    const first = await guardianWith({ Maya: bornYearsBefore(9) })
    const next = await guardianWith({ Leo: bornYearsBefore(9) })
    const placed = (await signUp(first.parent, id, [{ childId: first.ids.Maya!, photoConsent: true }])).body.registrations[0]!
    const waiting = (await signUp(next.parent, id, [{ childId: next.ids.Leo!, photoConsent: true }])).body.registrations[0]!
    expect((await first.parent.client.post(`/api/registrations/${placed.id}/cancel`)).status).toBe(200)
    const claimed = await next.parent.client.post<{ registration: RegistrationView }>(`/api/registrations/${waiting.id}/claim`)
    expect(claimed.body.registration.status).toBe('confirmed')

    clock = new Date(`${FIRST_DAY}T15:00:00Z`)
    try {
      const late = await next.parent.client.post<{ error: { message: string } }>(`/api/registrations/${waiting.id}/cancel`)
      expect(late.status).toBe(409)
      expect(late.body.error.message).toMatch(/began on .* Ask the front desk to cancel a place once the camp has begun\.$/)
      const staff = await createUser(ctx, 'employee')
      expect((await staff.client.post(`/api/admin/registrations/${waiting.id}/cancel`, {})).status).toBe(200)
    } finally {
      clock = null
    }
  })
})
