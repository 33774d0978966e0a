import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAcademy, placeAdult, placeChild } from '../../../../tests/academy-places.ts'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AttendanceMark, AttendanceSheet } from '../../../shared/contracts/attendance.ts'

/** The coach's attendance sheet (issue 23): marks saved at once from tablets at the door, read back on the sheet. */

let ctx: TestApp
let coach: TestUser
let desk: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  ;[coach, desk] = await Promise.all([createUser(ctx, 'employee'), createUser(ctx, 'admin')])
})
afterAll(() => ctx.close())

interface Answer {
  mark: AttendanceMark
  error: { message: string; fields?: Record<string, string> }
}

const sheetOf = async (academyId: string, as: TestUser = coach) => {
  const res = await as.client.get<AttendanceSheet>(`/api/admin/academies/${academyId}/attendance`)
  expect(res.status, res.text).toBe(200)
  return res.body
}
const mark = (academyId: string, body: unknown, as: TestUser = coach) => as.client.post<Answer>(`/api/admin/academies/${academyId}/attendance`, body)
const cell = (sheet: AttendanceSheet, registrationId: string, sessionDate: string) =>
  sheet.marks.find((m) => m.registrationId === registrationId && m.sessionDate === sessionDate)?.present

describe('the sheet', () => {
  test('one row per confirmed place with the child’s age, one column per session; the waitlist is not on it', async () => {
    const academyId = await createAcademy(ctx, { capacity: 2, skippedDates: ['2027-01-14'] })
    const sam = await placeChild(ctx, academyId, { firstName: 'Sam', dateOfBirth: '2017-06-01' })
    await placeChild(ctx, academyId, { firstName: 'Alex', dateOfBirth: '2016-02-10', guardian: sam.guardian })
    const waiting = await placeChild(ctx, academyId, { firstName: 'Zoe' })
    expect(waiting.registration.status).toBe('waitlisted')
    const sheet = await sheetOf(academyId)
    expect(sheet.sessions).toEqual(['2027-01-05', '2027-01-07', '2027-01-12', '2027-01-19', '2027-01-21', '2027-01-26', '2027-01-28'])
    expect(sheet.participants.map((p) => p.name)).toEqual(['Alex Rivera', 'Sam Rivera'])
    expect(sheet.participants.every((p) => typeof p.age === 'number' && p.age >= 9)).toBe(true)
    expect(sheet.academy).toMatchObject({ coach: 'Coach Daniela Ortiz', schedule: 'Tuesdays and Thursdays, 6:00 PM – 7:00 PM' })
    expect(sheet.marks).toEqual([])
  })

  test('an adult taking part is listed by their own name, without an age', async () => {
    const academyId = await createAcademy(ctx, { forChildren: false, minAge: null, maxAge: null })
    const { person } = await placeAdult(ctx, academyId)
    expect((await sheetOf(academyId)).participants).toEqual([expect.objectContaining({ name: person.displayName, age: null })])
  })
})

describe('marking at the door', () => {
  test('a mark is saved and read back; marking the cell again replaces it', async () => {
    const academyId = await createAcademy(ctx)
    const { registration } = await placeChild(ctx, academyId)
    const first = await mark(academyId, { registrationId: registration.id, sessionDate: '2027-01-07', present: true })
    expect(first.status, first.text).toBe(200)
    expect(first.body.mark).toEqual({ registrationId: registration.id, sessionDate: '2027-01-07', present: true })
    expect(cell(await sheetOf(academyId), registration.id, '2027-01-07')).toBe(true)
    expect((await mark(academyId, { registrationId: registration.id, sessionDate: '2027-01-07', present: false }, desk)).status).toBe(200)
    const sheet = await sheetOf(academyId)
    expect(sheet.marks).toEqual([{ registrationId: registration.id, sessionDate: '2027-01-07', present: false }])
  })

  test('two tablets marking 20 cells each at once, on different cells and then on the same ones: no mark is lost, and the last mark of a cell wins', async () => {
    const academyId = await createAcademy(ctx, { capacity: 20 })
    const places = await Promise.all(Array.from({ length: 10 }, (_, i) => placeChild(ctx, academyId, { firstName: `Kid${i}` })))
    const ids = places.map((p) => p.registration.id)
    const tabletA = ids.flatMap((registrationId) => ['2027-01-05', '2027-01-07'].map((sessionDate) => ({ registrationId, sessionDate, present: true })))
    const tabletB = ids.flatMap((registrationId) => ['2027-01-12', '2027-01-14'].map((sessionDate) => ({ registrationId, sessionDate, present: false })))
    const answers = await Promise.all([...tabletA.map((m) => mark(academyId, m, coach)), ...tabletB.map((m) => mark(academyId, m, desk))])
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200))
    let sheet = await sheetOf(academyId)
    expect(sheet.marks).toHaveLength(40)
    for (const m of [...tabletA, ...tabletB]) expect(cell(sheet, m.registrationId, m.sessionDate)).toBe(m.present)

    // Now both tablets mark the same 20 cells at once, each the other way.
    const same = await Promise.all([
      ...tabletA.map((m) => mark(academyId, { ...m, present: false }, coach)),
      ...tabletA.map((m) => mark(academyId, { ...m, present: true }, desk)),
    ])
    expect(same.map((a) => a.status)).toEqual(Array(40).fill(200))
    sheet = await sheetOf(academyId)
    expect(sheet.marks).toHaveLength(40)
    // Then the later of two marks of each cell, one after the other, is the one kept.
    for (const m of tabletA) {
      await mark(academyId, { ...m, present: true })
      expect((await mark(academyId, { ...m, present: false }, desk)).status).toBe(200)
    }
    sheet = await sheetOf(academyId)
    for (const m of tabletA) expect(cell(sheet, m.registrationId, m.sessionDate)).toBe(false)
    for (const m of tabletB) expect(cell(sheet, m.registrationId, m.sessionDate)).toBe(false)
  })
})

describe('refusals', () => {
  test('a date that is not a session (a skipped date, a day it does not meet, not a date) is refused with the reason', async () => {
    const academyId = await createAcademy(ctx, { skippedDates: ['2027-01-14'] })
    const { registration } = await placeChild(ctx, academyId)
    for (const sessionDate of ['2027-01-14', '2027-01-06']) {
      const res = await mark(academyId, { registrationId: registration.id, sessionDate, present: true })
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.message).toMatch(/^Skills Academy \w+ has no session on 1\/\d+\/2027\.$/)
    }
    const garbled = await mark(academyId, { registrationId: registration.id, sessionDate: 'next tuesday', present: true })
    expect(garbled.status).toBe(400)
    expect(garbled.body.error.message).toBe('The session date must be a date such as 2027-01-05.')
  })

  test('a place of another academy, on the waitlist, or unknown is a 404 saying so; an unknown academy is a 404', async () => {
    const academyId = await createAcademy(ctx, { capacity: 1 })
    const other = await placeChild(ctx, await createAcademy(ctx))
    await placeChild(ctx, academyId)
    const waiting = await placeChild(ctx, academyId)
    for (const registrationId of [other.registration.id, waiting.registration.id, 'no-such-place']) {
      const res = await mark(academyId, { registrationId, sessionDate: '2027-01-05', present: true })
      expect(res.status, res.text).toBe(404)
      expect(res.body.error.message).toMatch(/^There is no such participant in Skills Academy/)
    }
    expect((await mark('no-such-academy', { registrationId: other.registration.id, sessionDate: '2027-01-05', present: true })).status).toBe(404)
    expect((await coach.client.get('/api/admin/academies/no-such-academy/attendance')).status).toBe(404)
  })

  test('a customer — even the guardian of a participant — may neither read the sheet nor mark; a visitor is asked to sign in', async () => {
    const academyId = await createAcademy(ctx)
    const { guardian, registration } = await placeChild(ctx, academyId)
    const body = { registrationId: registration.id, sessionDate: '2027-01-05', present: true }
    expect((await guardian.client.get(`/api/admin/academies/${academyId}/attendance`)).status).toBe(403)
    expect((await mark(academyId, body, guardian)).status).toBe(403)
    expect((await ctx.client().post(`/api/admin/academies/${academyId}/attendance`, body)).status).toBe(401)
    expect((await sheetOf(academyId)).marks).toEqual([])
  })
})
