import { afterAll, beforeAll, expect, test } from 'vitest'
import { createUser, daysFromToday, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { RegistrationSection } from '../../../shared/contracts/dashboard-sections.ts'
import { insertDropIn, type NewDropIn } from '../drop-ins/drop-ins.queries.ts'

/**
 * The Registration section lists camps and drop-in sessions beside leagues and academies: an
 * active camp, and an active drop-in session from today on (one already past, or closed, is left
 * out), each with its places against capacity; and sign-ups in them count among the day's.
 */
let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const token = () => Math.random().toString(36).slice(2, 8)

async function camp(isActive: boolean): Promise<{ id: string; name: string }> {
  const name = `Skills Day ${token()}`
  const res = await admin.client.post<{ camp: { id: string } }>('/api/admin/camps', {
    name,
    sport: 'basketball',
    location: 'Court 2',
    isActive: String(isActive),
    minAge: '8',
    maxAge: '12',
    startTime: '09:00',
    endTime: '15:00',
    registrationDate: daysFromToday(-1),
    startDate: daysFromToday(20),
    endDate: daysFromToday(21),
    price: '45',
    capacity: '12',
  })
  expect(res.status, res.text).toBe(201)
  return { id: res.body.camp.id, name }
}

async function dropIn(date: string, isActive = true): Promise<{ id: string; name: string }> {
  const input: NewDropIn = {
    name: `Open Gym ${token()}`,
    sport: 'basketball',
    location: 'Court 1',
    isActive,
    forChildren: false,
    date,
    startTime: '10:00',
    endTime: '12:00',
    registrationDate: daysFromToday(-3),
    capacity: 15,
    priceCents: 1_000,
  }
  const id = await insertDropIn(ctx.db, input)
  return { id, name: input.name }
}

const section = async () => {
  const res = await admin.client.get<RegistrationSection>('/api/dashboard/registration')
  expect(res.status, res.text).toBe(200)
  return res.body
}

test('an active camp and the drop-in sessions still to come show their places; closed and past ones do not; their sign-ups count', async () => {
  const open = await camp(true)
  const closed = await camp(false)
  const coming = await dropIn(daysFromToday(5))
  const today = await dropIn(daysFromToday(0))
  const past = await dropIn(daysFromToday(-2))
  const shut = await dropIn(daysFromToday(5), false)
  const before = await section()

  const adult = await createUser(ctx)
  await signWaiver(adult)
  const signUp = await adult.client.post(`/api/drop-ins/${coming.id}/registrations`, { participants: [{ childId: null, photoConsent: true }] })
  expect(signUp.status, signUp.text).toBeLessThan(300)

  const after = await section()
  const row = (id: string) => after.programs.find((p) => p.ownerId === id)
  expect(row(open.id)).toEqual({ ownerId: open.id, kind: 'camp', name: open.name, day: null, placesTaken: 0, capacity: 12, waiting: 0, teams: null })
  expect(row(coming.id)).toEqual({ ownerId: coming.id, kind: 'drop-in', name: coming.name, day: daysFromToday(5), placesTaken: 1, capacity: 15, waiting: 0, teams: null })
  expect(row(today.id)).toMatchObject({ kind: 'drop-in', day: daysFromToday(0), placesTaken: 0 })
  for (const gone of [closed, past, shut]) expect(row(gone.id), gone.name).toBeUndefined()
  expect(after.registrations.today).toBe(before.registrations.today + 1)
})
