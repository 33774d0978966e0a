import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { downloadCsv } from '../../../../tests/csv.ts'
import { addChild, createUser, daysFromToday, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AcademyParticipants } from '../../../shared/contracts/academies.ts'
import type { HistoryEntry, Payment, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { admitParticipant } from '../../core/registrations/admission.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import { findAcademyOffering } from './academy-kind.ts'
import { insertAcademy, type NewAcademy } from './academies.queries.ts'

/**
 * Staff run an academy's participants (issue 23): the list with what the coach must know, the
 * waitlist, moving a participant to another academy, cancelling with a refund, the CSV.
 */

let ctx: TestApp
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  employee = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

/** Ages 8 to 10 on 5 January 2027: the factory's child, born 20 May 2018, is 8. */
const newAcademy = (overrides: Partial<NewAcademy> = {}) =>
  insertAcademy(ctx.db, {
    name: `Skills Academy ${Math.random().toString(36).slice(2, 8)}`,
    sport: 'soccer',
    isActive: true,
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: daysFromToday(-1),
    startDate: '2027-01-05',
    endDate: '2027-01-28',
    capacity: 2,
    priceCents: 18_000,
    ...overrides,
  })

interface Family {
  parent: TestUser
  childId: string
}

/** A parent with a child whose waiver is signed. */
async function family(child: Partial<Record<string, string>> = {}): Promise<Family> {
  const parent = await createUser(ctx)
  const childId = await addChild(parent, child)
  await signWaiver(parent, childId)
  return { parent, childId }
}

/** A child's place (or waitlist position) taken through the engine, as the family's sign-up will. */
async function enrol(academyId: string, { parent, childId }: Family): Promise<RegistrationView> {
  const offering = await findAcademyOffering(ctx.db, academyId)
  if (!offering) throw new Error('the academy is not open')
  const admission = await admitParticipant(ctx.db, offering, { userId: parent.id, childId })
  const result = await takePlace(ctx.db, { ...admission, offering, userId: parent.id, idempotencyKey: null, now: new Date(), today: daysFromToday(0), siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })
  return result.registration
}

const participants = (academyId: string, as: TestUser = employee) => as.client.get<AcademyParticipants>(`/api/admin/academies/${academyId}/participants`)
const move = (registrationId: string, academyId: string, as: TestUser = employee) =>
  as.client.post<{ registration: RegistrationView; error: { message: string } }>(`/api/admin/academy-registrations/${registrationId}/move`, { academyId })
const pay = async (registrationId: string, amount: string) => {
  const res = await employee.client.post(`/api/admin/registrations/${registrationId}/payments`, { amount, method: 'cash', reference: '' })
  expect(res.status, res.text).toBe(201)
}
const detail = async (registrationId: string) =>
  (await employee.client.get<{ registration: RegistrationView; payments: Payment[]; history: HistoryEntry[] }>(`/api/admin/registrations/${registrationId}`)).body

async function markAttendance(registrationId: string, marks: Record<string, boolean>) {
  await ctx.db.kysely
    .insertInto('academyAttendance')
    .values(
      Object.entries(marks).map(([sessionDate, present]) => ({
        registrationId,
        sessionDate,
        present: boolParam(ctx.db.dialect, present),
        markedBy: employee.id,
        markedAt: timestampParam(ctx.db.dialect, new Date()),
      })),
    )
    .execute()
}

describe('an academy’s participants and waitlist', () => {
  test('staff see each child with age, guardian, emergency contact, medical notes, waiver, photo consent, balance and attendance; then the waitlist in order', async () => {
    const academyId = await newAcademy()
    const maya = await family({ firstName: 'Maya', lastName: 'Okafor', notes: 'Peanut allergy: EpiPen in her bag', emergencyContactName: 'Grace Okafor', emergencyContactPhone: '555-010-7777' })
    const leo = await family({ firstName: 'Leo', lastName: 'Brandt' })
    const mayaPlace = await enrol(academyId, maya)
    await enrol(academyId, leo)
    const [first, second] = [await enrol(academyId, await family({ firstName: 'Ada' })), await enrol(academyId, await family({ firstName: 'Ben' }))]
    await ctx.db.kysely.updateTable('registrations').set({ photoConsent: boolParam(ctx.db.dialect, true) }).where('id', '=', mayaPlace.id).execute()
    await pay(mayaPlace.id, '50.00')
    await markAttendance(mayaPlace.id, { '2027-01-05': true, '2027-01-07': true, '2027-01-12': false })

    const res = await participants(academyId)
    expect(res.status, res.text).toBe(200)
    expect(res.body.academy).toMatchObject({ id: academyId, capacity: 2, placesTaken: 2 })
    expect(res.body.participants.map((p) => p.name)).toEqual(['Leo Brandt', 'Maya Okafor'])
    expect(res.body.participants.find((p) => p.name === 'Maya Okafor')).toEqual({
      registrationId: mayaPlace.id,
      name: 'Maya Okafor',
      age: 8,
      guardianName: maya.parent.displayName,
      guardianPhone: '(555) 010-1234',
      guardianEmail: maya.parent.email,
      emergencyContactName: 'Grace Okafor',
      emergencyContactPhone: '(555) 010-7777',
      medicalNotes: 'Peanut allergy: EpiPen in her bag',
      waiverSigned: true,
      photoConsent: true,
      status: 'confirmed',
      priceCents: 18_000,
      paidCents: 5_000,
      balanceCents: 13_000,
      attended: 2,
    })
    expect(res.body.participants.find((p) => p.name === 'Leo Brandt')).toMatchObject({ medicalNotes: null, photoConsent: null, attended: 0, balanceCents: 18_000 })
    expect(res.body.waitlist).toMatchObject([
      { registrationId: first.id, position: 1, name: 'Ada Rivera' },
      { registrationId: second.id, position: 2, name: 'Ben Rivera' },
    ])
  })

  test('customers are refused, visitors asked to sign in, an unknown academy is not found; the notes stay out of the family’s own answers', async () => {
    const academyId = await newAcademy()
    const maya = await family({ notes: 'Asthma: inhaler' })
    const place = await enrol(academyId, maya)
    expect((await participants(academyId, maya.parent)).status).toBe(403)
    expect((await maya.parent.client.get(`/api/admin/academies/${academyId}/participants.csv`)).status).toBe(403)
    expect((await move(place.id, academyId, maya.parent)).status).toBe(403)
    expect((await ctx.client().get(`/api/admin/academies/${academyId}/participants`)).status).toBe(401)
    const unknown = await participants('no-such-academy')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain('There is no such academy.')
    for (const url of ['/api/registrations/mine', `/api/registrations/${place.id}/receipt`]) {
      const own = await maya.parent.client.get(url)
      expect(own.status, own.text).toBe(200)
      expect(own.text).not.toContain('Asthma')
    }
  })
})

describe('moving a participant to another academy', () => {
  test('the place moves with what was paid, the place left is offered to the old waitlist, and both places say so in their history', async () => {
    const from = await newAcademy({ capacity: 1 })
    const to = await newAcademy({ capacity: 5, priceCents: 20_000 })
    const maya = await family({ firstName: 'Maya' })
    const place = await enrol(from, maya)
    const waiting = await enrol(from, await family({ firstName: 'Ada' }))
    await pay(place.id, '60.00')

    const res = await move(place.id, to)
    expect(res.status, res.text).toBe(200)
    expect(res.body.registration).toMatchObject({ status: 'confirmed', child: { id: maya.childId }, offering: { ownerId: to }, priceCents: 20_000, paidCents: 6_000, balanceCents: 14_000 })
    expect((await detail(place.id)).registration).toMatchObject({ status: 'moved', paidCents: 0 })
    expect((await detail(place.id)).history.at(-1)).toMatchObject({ action: 'moved', actorName: employee.displayName })
    expect((await detail(waiting.id)).registration.status).toBe('offered')
    expect((await participants(to)).body.participants.map((p) => p.registrationId)).toEqual([res.body.registration.id])
    expect((await participants(from)).body).toMatchObject({ participants: [{ registrationId: waiting.id, status: 'offered' }], waitlist: [] })
  })

  test('a full academy refuses the move with the reason, and nothing changes', async () => {
    const from = await newAcademy()
    const full = await newAcademy({ capacity: 1 })
    await enrol(full, await family())
    const place = await enrol(from, await family())
    const res = await move(place.id, full)
    expect(res.status, res.text).toBe(409)
    expect(res.body.error.message).toMatch(/is full/)
    expect((await detail(place.id)).registration.status).toBe('confirmed')
    expect((await participants(full)).body.participants).toHaveLength(1)
  })

  test('two participants moved at once into the last place: one moves, the other is refused', async () => {
    const to = await newAcademy({ capacity: 1 })
    const from = await newAcademy({ capacity: 5 })
    const places = [await enrol(from, await family()), await enrol(from, await family())]
    const statuses = (await Promise.all(places.map((p) => move(p.id, to)))).map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409])
    expect((await participants(to)).body.participants).toHaveLength(1)
    expect((await participants(from)).body.participants).toHaveLength(1)
  })

  test('a child outside the other academy’s ages, the same academy, an ended place or a closed academy are refused with a reason', async () => {
    const from = await newAcademy()
    const teens = await newAcademy({ minAge: 13, maxAge: 17 })
    const closed = await newAcademy({ isActive: false })
    const place = await enrol(from, await family({ firstName: 'Maya' }))
    const tooYoung = await move(place.id, teens)
    expect(tooYoung.status, tooYoung.text).toBe(400)
    expect(tooYoung.body.error.message).toMatch(/Maya/)
    expect((await move(place.id, from)).body.error.message).toBe('This participant is already in this academy.')
    expect((await move(place.id, closed)).status).toBe(404)
    expect((await move('no-such-place', teens)).status).toBe(404)
    const empty = await employee.client.post(`/api/admin/academy-registrations/${place.id}/move`, {})
    expect(empty.status).toBe(400)
    expect(empty.text).toContain('Choose the academy to move to.')
  })
})

describe('cancelling a participant', () => {
  test('an admin cancels with the refund recorded (an employee may not refund); the place is offered to the first on the waitlist', async () => {
    const academyId = await newAcademy({ capacity: 1 })
    const place = await enrol(academyId, await family())
    const waiting = await enrol(academyId, await family())
    await pay(place.id, '180.00')
    expect((await employee.client.post(`/api/admin/registrations/${place.id}/cancel`, { refund: true })).status).toBe(403)
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.post<{ registration: RegistrationView }>(`/api/admin/registrations/${place.id}/cancel`, { refund: true })
    expect(res.status, res.text).toBe(200)
    expect(res.body.registration).toMatchObject({ status: 'cancelled', paidCents: 0 })
    expect((await detail(place.id)).payments.map((p) => p.amountCents)).toEqual([18_000, -18_000])
    expect((await participants(academyId)).body).toMatchObject({ participants: [{ registrationId: waiting.id, status: 'offered' }], waitlist: [] })
  })
})

describe('the participants CSV', () => {
  test('one row per participant with the table’s columns; a cell a spreadsheet would run is kept as text', async () => {
    const academyId = await newAcademy({ name: 'Skills & Drills' })
    const maya = await family({ firstName: 'Maya', lastName: 'Okafor', notes: 'Peanut allergy' })
    const place = await enrol(academyId, maya)
    await ctx.db.kysely.updateTable('children').set({ notes: '=HYPERLINK("http://evil.example","x")' }).where('id', '=', maya.childId).execute()
    await enrol(academyId, await family({ firstName: 'Léo', lastName: 'Müller' }))
    await pay(place.id, '20.00')

    const res = await downloadCsv(ctx, employee, `/api/admin/academies/${academyId}/participants.csv`)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="academy-skills-drills-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = res.text.trim().split('\r\n')
    expect(lines[0]).toBe('Name,Age,Guardian,Phone,Email,Emergency contact,Emergency phone,Medical notes,Waiver,Photo consent,Status,Owed (dollars),Paid (dollars),Balance (dollars),Attended')
    expect(lines).toHaveLength(3)
    expect(lines.some((l) => l.startsWith('Léo Müller,'))).toBe(true)
    const mayaRow = lines.find((l) => l.startsWith('Maya Okafor'))
    expect(mayaRow).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(mayaRow).toMatch(/,Signed,Not asked,Confirmed,180\.00,20\.00,160\.00,0$/)
  })
})
