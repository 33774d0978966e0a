import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAcademy, placeAdult, placeChild } from '../../../../tests/academy-places.ts'
import { createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import type { AttendanceSheet } from '../../../shared/contracts/attendance.ts'

/** Families hear when staff cancel one session of an academy or change its time (issue 23). */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const emailsTo = (to: string) => ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', to).orderBy('createdAt').execute()
const cancel = (academyId: string, date: string, as: TestUser = admin) =>
  as.client.post<{ sessions: string[]; emailed: number; error: { message: string } }>(`/api/admin/academies/${academyId}/sessions/${date}/cancel`, {})

describe('cancelling one session', () => {
  test('the date leaves the sessions and every family with a place gets one email naming their children; the waitlist does not', async () => {
    const academyId = await createAcademy(ctx, { capacity: 3 })
    const sam = await placeChild(ctx, academyId, { firstName: 'Sam' })
    await placeChild(ctx, academyId, { firstName: 'Alex', guardian: sam.guardian })
    const mia = await placeChild(ctx, academyId, { firstName: 'Mia' })
    const waiting = await placeChild(ctx, academyId, { firstName: 'Zoe' })
    const res = await cancel(academyId, '2027-01-12')
    expect(res.status, res.text).toBe(200)
    expect(res.body.emailed).toBe(2)
    expect(res.body.sessions).not.toContain('2027-01-12')
    const sheet = (await admin.client.get<AttendanceSheet>(`/api/admin/academies/${academyId}/attendance`)).body
    expect(sheet.sessions).toEqual(res.body.sessions)
    const academy = (await admin.client.get<{ academies: AdminAcademy[] }>('/api/admin/academies')).body.academies.find((a) => a.id === academyId)
    expect(academy?.skippedDates).toEqual(['2027-01-12'])

    const family = (await emailsTo(sam.guardian.email)).filter((e) => e.subject.endsWith('is cancelled'))
    expect(family).toHaveLength(1)
    expect(family[0]!.subject).toMatch(/^Skills Academy \w+ on 1\/12\/2027 is cancelled$/)
    expect(family[0]!.text).toContain("Alex and Sam's session of Skills Academy")
    expect((await emailsTo(mia.guardian.email)).some((e) => e.text.includes("Mia's session") && e.subject.includes('1/12/2027'))).toBe(true)
    expect((await emailsTo(waiting.guardian.email)).some((e) => e.subject.endsWith('is cancelled'))).toBe(false)
  })

  test('an adult taking part is told it is their session', async () => {
    const academyId = await createAcademy(ctx, { forChildren: false, minAge: null, maxAge: null })
    const { person } = await placeAdult(ctx, academyId)
    expect((await cancel(academyId, '2027-01-05')).status).toBe(200)
    expect((await emailsTo(person.email)).at(-1)?.text).toContain('Your session of Skills Academy')
  })

  test('a day it does not meet, a session already cancelled or already past, and an unknown academy are refused with the reason', async () => {
    const academyId = await createAcademy(ctx)
    const notASession = await cancel(academyId, '2027-01-06')
    expect(notASession.status).toBe(404)
    expect(notASession.body.error.message).toMatch(/has no session on 1\/6\/2027\.$/)
    expect((await cancel(academyId, '2027-01-07')).status).toBe(200)
    const again = await cancel(academyId, '2027-01-07')
    expect(again.status).toBe(409)
    expect(again.body.error.message).toMatch(/on 1\/7\/2027 is already cancelled\.$/)
    const started = await createAcademy(ctx, { startDate: daysFromToday(-14), endDate: daysFromToday(14), weekdays: [1, 2, 3, 4, 5, 6, 7] })
    const past = await cancel(started, daysFromToday(-1))
    expect(past.status).toBe(409)
    expect(past.body.error.message).toMatch(/has already taken place\.$/)
    expect((await cancel('no-such-academy', '2027-01-07')).status).toBe(404)
    expect((await cancel(academyId, 'someday')).status).toBe(400)
  })

  test('two sessions cancelled at the same moment both leave the schedule', async () => {
    const academyId = await createAcademy(ctx)
    const [a, b] = await Promise.all([cancel(academyId, '2027-01-19'), cancel(academyId, '2027-01-21')])
    expect([a.status, b.status]).toEqual([200, 200])
    const academy = (await admin.client.get<{ academies: AdminAcademy[] }>('/api/admin/academies')).body.academies.find((x) => x.id === academyId)
    expect(academy?.skippedDates).toEqual(['2027-01-19', '2027-01-21'])
  })

  test('only an admin cancels a session: the coach (an employee) and customers are refused', async () => {
    const academyId = await createAcademy(ctx)
    expect((await cancel(academyId, '2027-01-05', await createUser(ctx, 'employee'))).status).toBe(403)
    expect((await cancel(academyId, '2027-01-05', await createUser(ctx))).status).toBe(403)
    expect((await ctx.client().post(`/api/admin/academies/${academyId}/sessions/2027-01-05/cancel`, {})).status).toBe(401)
  })
})

describe('changing the time', () => {
  test('new weekdays or times reach every family registered, the waitlist too, with the new schedule; other changes email nobody', async () => {
    const academyId = await createAcademy(ctx, { capacity: 1 })
    const placed = await placeChild(ctx, academyId, { firstName: 'Sam' })
    const waiting = await placeChild(ctx, academyId, { firstName: 'Zoe' })
    const count = async () => (await emailsTo(placed.guardian.email)).filter((e) => e.subject.startsWith('New time for')).length

    expect((await admin.client.post(`/api/admin/academies/${academyId}`, { coach: 'Coach Marcus Hill', location: 'Field 2' })).status).toBe(200)
    expect(await count()).toBe(0)

    const res = await admin.client.post(`/api/admin/academies/${academyId}`, { weekdays: '1,3', startTime: '17:30', endTime: '18:45' })
    expect(res.status, res.text).toBe(200)
    expect(await count()).toBe(1)
    const email = (await emailsTo(placed.guardian.email)).at(-1)!
    expect(email.subject).toMatch(/^New time for Skills Academy/)
    expect(email.text).toContain('From now on: Mondays and Wednesdays, 5:30 PM – 6:45 PM, Field 2.')
    expect(email.text).toContain('Before: Tuesdays and Thursdays, 6:00 PM – 7:00 PM.')
    expect(email.text).toContain('Sam is registered')
    expect((await emailsTo(waiting.guardian.email)).some((e) => e.subject.startsWith('New time for'))).toBe(true)
  })

  test('a change refused by the form rules emails nobody', async () => {
    const academyId = await createAcademy(ctx)
    const { guardian } = await placeChild(ctx, academyId)
    expect((await admin.client.post(`/api/admin/academies/${academyId}`, { startTime: '20:00', endTime: '19:00' })).status).toBe(400)
    expect((await emailsTo(guardian.email)).some((e) => e.subject.startsWith('New time for'))).toBe(false)
  })
})
