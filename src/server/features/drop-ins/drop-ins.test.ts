import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { downloadCsv } from '../../../../tests/csv.ts'
import { addChild, createUser, daysFromToday, latestEmailTo, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { formatDate } from '../../../shared/format.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { sessionStartsAt, weekdayOf } from '../../../shared/academy-schedule.ts'
import { addDays } from '../../../shared/registration-window.ts'
import type { AdminDropIn, DropIn, DropInParticipants, DropInReceipt, DropInSignUpResult } from '../../../shared/contracts/drop-ins.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { DROP_IN_MESSAGES, type DropInFormValues } from '../../../shared/schemas/drop-in.ts'
import { insertAcademy } from '../academies/academies.queries.ts'
import { insertDropIn, type NewDropIn } from './drop-ins.queries.ts'

/**
 * Drop-in sessions (issue 31 §2): staff make them by the form's rules (a session of an academy on
 * one of its dates); the page lists only open sessions still to come; adults sign themselves up
 * and families their children; spots then the waitlist; the receipt; staff's list with the
 * headcount, its CSV and the check-in at the door; the desk's sale; and cancelling before the day.
 */

let ctx: TestApp
let admin: TestUser
/** The server's clock: moved to the session's day to see a cancellation refused. */
let clock: Date | null = null
beforeAll(async () => {
  ctx = await startTestApp({ now: () => clock ?? new Date() })
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const DAY = daysFromToday(10)
/** A Saturday two to three weeks away: an academy's first session. */
const SATURDAY = [14, 15, 16, 17, 18, 19, 20].map(daysFromToday).find((d) => weekdayOf(d) === 6)!

const dropIn = (overrides: Partial<NewDropIn> = {}): NewDropIn => ({
  name: `Open Gym Basketball ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'basketball',
  location: 'Court 1',
  isActive: true,
  forChildren: false,
  date: DAY,
  startTime: '10:00',
  endTime: '12:00',
  registrationDate: daysFromToday(-1),
  capacity: 20,
  priceCents: 1_000,
  ...overrides,
})

/** A date of birth making a child `years` old on the session's day. */
const bornYearsBefore = (years: number) => `${Number(DAY.slice(0, 4)) - years}${DAY.slice(4)}`

async function adult(): Promise<TestUser> {
  const user = await createUser(ctx)
  await signWaiver(user)
  return user
}

async function guardianWith(...names: string[]): Promise<{ parent: TestUser; ids: string[] }> {
  const parent = await createUser(ctx)
  const ids: string[] = []
  for (const firstName of names) {
    const id = await addChild(parent, { firstName, dateOfBirth: bornYearsBefore(10), notes: `${firstName} has asthma` })
    await signWaiver(parent, id)
    ids.push(id)
  }
  return { parent, ids }
}

type Answer = DropInSignUpResult & { error: { message: string; fields?: Record<string, string> } }

const signUp = (user: TestUser, id: string, participants: { childId: string | null; photoConsent: boolean }[]) =>
  user.client.post<Answer>(`/api/drop-ins/${id}/registrations`, { participants })
const self = [{ childId: null, photoConsent: true }]
const listed = async () => (await ctx.client().get<{ dropIns: DropIn[] }>('/api/drop-ins/active')).body.dropIns

describe('staff make drop-in sessions', () => {
  interface Saved {
    dropIn: AdminDropIn
    offered: number
    error: { message: string; fields?: Record<string, string> }
  }
  const form = (overrides: Partial<DropInFormValues> = {}): Partial<DropInFormValues> => ({
    name: `Open Gym ${Math.random().toString(36).slice(2, 8)}`,
    sport: 'basketball',
    location: 'Court 2',
    isActive: 'true',
    forChildren: 'false',
    date: DAY,
    startTime: '10:00',
    endTime: '12:00',
    registrationDate: daysFromToday(-1),
    price: '10',
    capacity: '20',
    ...overrides,
  })
  const create = (body: unknown, as: TestUser = admin) => as.client.post<Saved>('/api/admin/drop-ins', body)
  const refused = async (overrides: Partial<DropInFormValues>) => {
    const res = await create(form(overrides))
    expect(res.status, res.text).toBe(400)
    return res.body.error.fields
  }

  test('an open-play session is created, listed with its spots, changed by sending only what changes, and closed', async () => {
    const res = await create(form())
    expect(res.status, res.text).toBe(201)
    const made = res.body.dropIn
    expect(made).toMatchObject({ date: DAY, priceCents: 1_000, capacity: 20, placesTaken: 0, checkedIn: 0, isActive: true, academyId: null, forChildren: false, minAge: null })
    expect((await listed()).find((d) => d.id === made.id)).toMatchObject({ startTime: '10:00', endTime: '12:00', placesLeft: 20, waitlistSize: 0, pricing: { listPriceCents: 1_000 } })

    const later = await admin.client.post<Saved>(`/api/admin/drop-ins/${made.id}`, { endTime: '13:00' })
    expect(later.status, later.text).toBe(200)
    expect(later.body.dropIn).toMatchObject({ name: made.name, endTime: '13:00', capacity: 20 })

    expect((await admin.client.post<Saved>(`/api/admin/drop-ins/${made.id}`, { isActive: 'false' })).body.dropIn.isActive).toBe(false)
    expect((await listed()).some((d) => d.id === made.id)).toBe(false)
    const staff = await (await createUser(ctx, 'employee')).client.get<{ dropIns: AdminDropIn[] }>('/api/admin/drop-ins')
    expect(staff.body.dropIns.find((d) => d.id === made.id)).toMatchObject({ isActive: false })
  })

  test('the form is refused in words: spots, the end time, ages, on sale after the day, the price; not by an employee', async () => {
    expect(await refused({ capacity: '' })).toMatchObject({ capacity: 'Capacity is required.' })
    expect(await refused({ endTime: '09:00' })).toEqual({ endTime: DROP_IN_MESSAGES.endTime })
    expect(await refused({ forChildren: 'true', minAge: '12', maxAge: '8' })).toEqual({ maxAge: DROP_IN_MESSAGES.ageRange })
    expect(await refused({ registrationDate: addDays(DAY, 1) })).toEqual({ registrationDate: DROP_IN_MESSAGES.onSaleAfter })
    expect(await refused({ price: '10.123' })).toEqual({ price: DROP_IN_MESSAGES.priceCents })
    expect((await create(form({ registrationDate: DAY }))).status).toBe(201)
    expect((await create(form(), await createUser(ctx, 'employee'))).status).toBe(403)
    expect((await admin.client.post(`/api/admin/drop-ins/${'0'.repeat(8)}`, { isActive: 'false' })).status).toBe(404)
  })

  test('a session of an academy must fall on one of its session dates, and names the academy', async () => {
    const academyId = await insertAcademy(ctx.db, {
      name: 'Saturday Shooting Clinic',
      sport: 'basketball',
      isActive: true,
      forChildren: true,
      minAge: 8,
      maxAge: 14,
      weekdays: [6],
      startTime: '10:00',
      endTime: '11:30',
      skippedDates: [addDays(SATURDAY, 7)],
      registrationDate: daysFromToday(-5),
      startDate: SATURDAY,
      endDate: addDays(SATURDAY, 28),
      capacity: 12,
      priceCents: 12_000,
    })
    const session = { academy: academyId, forChildren: 'true', minAge: '8', maxAge: '14', startTime: '10:00', endTime: '11:30' }
    expect(await refused({ ...session, date: addDays(SATURDAY, 1) })).toEqual({ date: DROP_IN_MESSAGES.notAcademySession })
    expect(await refused({ ...session, date: addDays(SATURDAY, 7) })).toEqual({ date: DROP_IN_MESSAGES.notAcademySession })
    expect(await refused({ ...session, academy: 'no-such-academy', date: SATURDAY })).toEqual({ academy: DROP_IN_MESSAGES.noAcademy })
    const res = await create(form({ ...session, date: addDays(SATURDAY, 14) }))
    expect(res.status, res.text).toBe(201)
    expect(res.body.dropIn).toMatchObject({ academyId, academyName: 'Saturday Shooting Clinic', date: addDays(SATURDAY, 14), minAge: 8, maxAge: 14 })
    const moved = await admin.client.post<Saved>(`/api/admin/drop-ins/${res.body.dropIn.id}`, { date: addDays(SATURDAY, 15) })
    expect([moved.status, moved.body.error.fields]).toEqual([400, { date: DROP_IN_MESSAGES.notAcademySession }])
  })
})

describe('the Drop-in Sessions page', () => {
  test('lists open sessions from today on, the soonest first: not past ones, not closed ones', async () => {
    const today = await insertDropIn(ctx.db, dropIn({ date: daysFromToday(0), registrationDate: daysFromToday(-3) }))
    const soon = await insertDropIn(ctx.db, dropIn({ date: daysFromToday(2) }))
    const past = await insertDropIn(ctx.db, dropIn({ date: daysFromToday(-1), registrationDate: daysFromToday(-5) }))
    const closed = await insertDropIn(ctx.db, dropIn({ isActive: false }))
    // While today's session (10:00 to 12:00) runs.
    clock = sessionStartsAt(daysFromToday(0), '11:00', ctx.config.site.timeZone)
    const ids = await listed().finally(() => (clock = null)).then((dropIns) => dropIns.map((d) => d.id))
    expect(ids).toContain(today)
    expect(ids.indexOf(today)).toBeLessThan(ids.indexOf(soon))
    expect(ids).not.toContain(past)
    expect(ids).not.toContain(closed)
  })

  test('a session is on sale on its day until it ends, at the door and online; once over it is not listed, and signing up is refused', async () => {
    const day = daysFromToday(5)
    const session = (startTime: string, endTime: string) => insertDropIn(ctx.db, dropIn({ date: day, startTime, endTime }))
    const [ended, running, later] = [await session('19:00', '21:00'), await session('21:00', '23:00'), await session('22:00', '23:00')]
    clock = sessionStartsAt(day, '21:30', ctx.config.site.timeZone)
    try {
      const ids = (await listed()).map((d) => d.id)
      expect(ids).toEqual(expect.arrayContaining([running, later]))
      expect(ids).not.toContain(ended)
      const name = (await ctx.db.kysely.selectFrom('dropIns').select('name').where('id', '=', ended).executeTakeFirstOrThrow()).name
      const refused = await signUp(await adult(), ended, self)
      expect([refused.status, refused.body.error?.message]).toEqual([409, `${name} ended at 9:00 PM on ${formatDate(day)}.`])
      const employee = await createUser(ctx, 'employee')
      const atDesk = await employee.client.post<Answer>(`/api/desk/customers/${(await adult()).id}/drop-ins/${ended}/registrations`, { participants: self })
      expect([atDesk.status, atDesk.body.error?.message]).toEqual([409, `${name} ended at 9:00 PM on ${formatDate(day)}.`])
      expect((await signUp(await adult(), running, self)).status).toBe(201)
    } finally {
      clock = null
    }
  })
})

describe('signing up', () => {
  test('an adult signs themself up for an adults’ session; a child is refused there', async () => {
    const id = await insertDropIn(ctx.db, dropIn())
    const user = await adult()
    const res = await signUp(user, id, self)
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => [r.child, r.status, r.offering.kind])).toEqual([[null, 'confirmed', 'drop-in-place']])
    const email = (await latestEmailTo(ctx, user.email))?.text
    expect(email).toContain(`You are registered for ${res.body.registrations[0]!.offering.name}. Your place is held.`)
    // One session: its day and hours, not a week of days.
    expect(email).toContain(`${new Date(`${DAY}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })}, ${formatDate(DAY)}, 10:00 AM – 12:00 PM.`)
    expect(email).not.toMatch(/Mondays|1 session/)
    const { parent, ids } = await guardianWith('Maya')
    const child = await signUp(parent, id, [{ childId: ids[0]!, photoConsent: true }])
    expect([child.status, child.body.error.message]).toEqual([400, DROP_IN_MESSAGES.adultsOnly])
  })

  test('a family signs two children up for a children’s session in one order; the account holder is refused there', async () => {
    const id = await insertDropIn(ctx.db, dropIn({ forChildren: true, minAge: 8, maxAge: 12 }))
    const { parent, ids } = await guardianWith('Maya', 'Leo')
    const res = await signUp(parent, id, ids.map((childId) => ({ childId, photoConsent: true })))
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => [r.child?.name, r.status])).toEqual([
      ['Maya Rivera', 'confirmed'],
      ['Leo Rivera', 'confirmed'],
    ])
    await signWaiver(parent)
    const holder = await signUp(parent, id, self)
    expect([holder.status, holder.body.error.message]).toEqual([400, DROP_IN_MESSAGES.childrenOnly])
    expect((await ctx.client().post(`/api/drop-ins/${id}/registrations`, { participants: self })).status).toBe(401)
    const closed = await insertDropIn(ctx.db, dropIn({ isActive: false }))
    expect((await signUp(await adult(), closed, self)).status).toBe(404)
  })

  test('spots while they last, then the waitlist; more spots offer the next place', async () => {
    const id = await insertDropIn(ctx.db, dropIn({ capacity: 2 }))
    const people = await Promise.all(Array.from({ length: 4 }, adult))
    const answers = await Promise.all(people.map((user) => signUp(user, id, self)))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
    const statuses = answers.map((a) => a.body.registrations[0]!.status)
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(2)
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(2)
    expect((await listed()).find((d) => d.id === id)).toMatchObject({ placesLeft: 0, waitlistSize: 2 })
    const raised = await admin.client.post<{ offered: number }>(`/api/admin/drop-ins/${id}`, { capacity: '3' })
    expect([raised.status, raised.body.offered]).toEqual([200, 1])
  })
})

describe('receipts, the door and the desk', () => {
  test('the receipt is its owner’s and staff’s; anyone else gets 404', async () => {
    const id = await insertDropIn(ctx.db, dropIn())
    const user = await adult()
    await signUp(user, id, self)
    const url = `/api/receipts/user/${user.id}/drop-in/${id}`
    const own = await user.client.get<{ receipt: DropInReceipt }>(url)
    expect(own.status, own.text).toBe(200)
    expect(own.body.receipt.dropIn).toMatchObject({ id, date: DAY, startTime: '10:00', endTime: '12:00', academyName: null })
    expect(own.body.receipt.places.map((p) => [p.priceCents, p.balanceCents])).toEqual([[1_000, 1_000]])
    const stranger = await createUser(ctx)
    expect((await stranger.client.get(url)).status).toBe(404)
    expect((await stranger.client.get(`/api/receipts/user/${stranger.id}/drop-in/${id}`)).status).toBe(404)
    expect((await (await createUser(ctx, 'employee')).client.get(url)).status).toBe(200)
  })

  test('staff see the people with the headcount, check a confirmed place in (not a waitlisted one), and the CSV says who came', async () => {
    const id = await insertDropIn(ctx.db, dropIn({ forChildren: true, minAge: 8, maxAge: 12, capacity: 1 }))
    const first = await guardianWith('Maya')
    const next = await guardianWith('Leo')
    const placed = (await signUp(first.parent, id, [{ childId: first.ids[0]!, photoConsent: false }])).body.registrations[0]!
    const waiting = (await signUp(next.parent, id, [{ childId: next.ids[0]!, photoConsent: true }])).body.registrations[0]!
    const employee = await createUser(ctx, 'employee')
    const checkIn = (registrationId: string, checkedIn: unknown, as: TestUser = employee) =>
      as.client.post<{ checkedIn: boolean; headcount: { capacity: number; placesTaken: number; checkedIn: number }; error: { message: string } }>(
        `/api/admin/drop-in-registrations/${registrationId}/check-in`,
        { checkedIn },
      )

    const before = await employee.client.get<DropInParticipants>(`/api/admin/drop-ins/${id}/participants`)
    expect(before.status, before.text).toBe(200)
    expect(before.body.dropIn).toMatchObject({ id, date: DAY, capacity: 1, placesTaken: 1, checkedIn: 0 })
    expect(before.body.participants).toEqual([expect.objectContaining({ name: 'Maya Rivera', age: 10, medicalNotes: 'Maya has asthma', photoConsent: false, checkedIn: false })])
    expect(before.body.waitlist).toEqual([expect.objectContaining({ position: 1, name: 'Leo Rivera' })])

    const done = await checkIn(placed.id, true)
    expect(done.status, done.text).toBe(200)
    expect(done.body).toMatchObject({ checkedIn: true, headcount: { capacity: 1, placesTaken: 1, checkedIn: 1 } })
    expect((await checkIn(placed.id, true)).body.headcount.checkedIn).toBe(1)
    const refused = await checkIn(waiting.id, true)
    expect([refused.status, refused.body.error.message]).toEqual([409, DROP_IN_MESSAGES.notConfirmed])
    expect((await checkIn(placed.id, 'yes')).status).toBe(400)
    expect((await checkIn(placed.id, true, first.parent)).status).toBe(403)
    expect((await checkIn('0'.repeat(8), true)).status).toBe(404)

    const after = await employee.client.get<DropInParticipants>(`/api/admin/drop-ins/${id}/participants`)
    expect(after.body.dropIn.checkedIn).toBe(1)
    expect(after.body.participants[0]!.checkedIn).toBe(true)
    expect((await employee.client.get<{ dropIns: AdminDropIn[] }>('/api/admin/drop-ins')).body.dropIns.find((d) => d.id === id)?.checkedIn).toBe(1)

    // A name with an accent comes out whole, behind the byte order mark.
    await ctx.db.kysely.updateTable('children').set({ lastName: 'Rivière' }).where('id', '=', first.ids[0]!).execute()
    const csv = await downloadCsv(ctx, employee, `/api/admin/drop-ins/${id}/participants.csv`)
    expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="drop-in-open-gym-basketball-\\w+-${DAY}\\.csv"$`))
    expect(csv.text.split('\r\n')[0]).toMatch(/^Name,Age,Guardian,.*,Balance \(dollars\),Checked in$/)
    expect(csv.text).toMatch(/Maya Rivière,10,.*,Yes/)

    expect((await checkIn(placed.id, false)).body).toMatchObject({ checkedIn: false, headcount: { checkedIn: 0 } })
    expect((await first.parent.client.get(`/api/admin/drop-ins/${id}/participants`)).status).toBe(403)
    expect((await first.parent.client.get(`/api/admin/drop-ins/${id}/participants.csv`)).status).toBe(403)
    expect((await employee.client.get(`/api/admin/drop-ins/${'0'.repeat(8)}/participants`)).status).toBe(404)
  })

  test('the desk sells a spot to a customer at the door and takes the payment; not another family’s child, nor a staff account', async () => {
    const id = await insertDropIn(ctx.db, dropIn({ date: daysFromToday(0), registrationDate: daysFromToday(0) }))
    const customer = await adult()
    const employee = await createUser(ctx, 'employee')
    const url = `/api/desk/customers/${customer.id}/drop-ins/${id}/registrations`
    // At the door while the session (10:00 to 12:00) runs.
    clock = sessionStartsAt(daysFromToday(0), '11:00', ctx.config.site.timeZone)
    const res = await employee.client.post<Answer>(url, { participants: self }).finally(() => (clock = null))
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => [r.userId, r.status])).toEqual([[customer.id, 'confirmed']])
    const paid = await employee.client.post<{ registration: RegistrationView }>(`/api/admin/registrations/${res.body.registrations[0]!.id}/payments`, { amount: '10', method: 'cash' })
    expect(paid.status, paid.text).toBe(201)
    expect(paid.body.registration).toMatchObject({ paidCents: 1_000, balanceCents: 0 })

    const other = await guardianWith('Ada')
    const notTheirs = await employee.client.post<Answer>(url, { participants: [{ childId: other.ids[0]!, photoConsent: true }] })
    expect([notTheirs.status, notTheirs.body.error.message]).toEqual([400, 'Choose this customer’s own children.'])
    expect((await employee.client.post(`/api/desk/customers/${employee.id}/drop-ins/${id}/registrations`, { participants: self })).status).toBe(404)
    expect((await customer.client.post(url, { participants: self })).status).toBe(403)
  })

  test('a customer cancels before the day and the spot goes to the waitlist; on the day only the desk cancels', async () => {
    const id = await insertDropIn(ctx.db, dropIn({ capacity: 1 }))
    const first = await adult()
    const next = await adult()
    const placed = (await signUp(first, id, self)).body.registrations[0]!
    const waiting = (await signUp(next, id, self)).body.registrations[0]!
    expect((await first.client.post(`/api/registrations/${placed.id}/cancel`)).status).toBe(200)
    const claimed = await next.client.post<{ registration: RegistrationView }>(`/api/registrations/${waiting.id}/claim`)
    expect(claimed.body.registration.status).toBe('confirmed')

    clock = new Date(`${DAY}T15:00:00Z`)
    try {
      const late = await next.client.post<{ error: { message: string } }>(`/api/registrations/${waiting.id}/cancel`)
      expect(late.status).toBe(409)
      expect(late.body.error.message).toMatch(/ is on .* Ask the front desk to cancel a place on the day of the session\.$/)
      const staff = await createUser(ctx, 'employee')
      expect((await staff.client.post(`/api/admin/registrations/${waiting.id}/cancel`, {})).status).toBe(200)
    } finally {
      clock = null
    }
  })
})
