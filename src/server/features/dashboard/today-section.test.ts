import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createUser, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { TodaySection } from '../../../shared/contracts/dashboard-sections.ts'
import { weekdayOf, type Weekday } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import type { RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { publishWaiver } from '../../core/waivers.queries.ts'
import { timestampParam } from '../../db/values.ts'
import { insertAcademy, type NewAcademy } from '../academies/academies.queries.ts'
import { insertCamp, type NewCamp } from '../camps/camps.queries.ts'
import { insertDropIn, type NewDropIn } from '../drop-ins/drop-ins.queries.ts'

/**
 * The Dashboard's Today section (issue 32): today's academy sessions, camp days and drop-ins with
 * the people expected and those without the current waiver, checked against what the raw tables
 * say, worked out here in plain JavaScript, and against the cases the fixture was built to hold.
 */
const NOW = new Date('2026-11-20T18:00:00Z')
let ctx: TestApp
let admin: TestUser
let today: string
let section: TodaySection
const names: Record<string, string> = {}

const program = { sport: 'basketball' as const, location: 'Court 2', isActive: true, capacity: 12, priceCents: 5_000, waiverRequired: true }
const academy = (overrides: Partial<NewAcademy>): NewAcademy => ({
  ...program,
  name: `Academy ${randomUUID().slice(0, 6)}`,
  forChildren: false,
  weekdays: [weekdayOf(today)],
  startTime: '17:00',
  endTime: '18:30',
  registrationDate: addDays(today, -40),
  startDate: addDays(today, -14),
  endDate: addDays(today, 30),
  ...overrides,
})
const camp = (overrides: Partial<NewCamp>): NewCamp => ({
  ...program,
  name: `Camp ${randomUUID().slice(0, 6)}`,
  minAge: 6,
  maxAge: 12,
  startTime: '09:00',
  endTime: '15:00',
  registrationDate: addDays(today, -40),
  startDate: addDays(today, -1),
  endDate: addDays(today, 2),
  ...overrides,
})
const dropIn = (overrides: Partial<NewDropIn>): NewDropIn => ({
  ...program,
  name: `Open Gym ${randomUUID().slice(0, 6)}`,
  forChildren: false,
  date: today,
  startTime: '19:00',
  endTime: '21:00',
  registrationDate: addDays(today, -10),
  ...overrides,
})

let seq = 0
async function place(programId: string, who: { userId: string; childId?: string }, status: RegistrationStatus = 'confirmed') {
  const offering = await ctx.db.kysely
    .selectFrom('offerings')
    .select(['id', 'receiptPrefix'])
    .where((eb) => eb.or([eb('academyId', '=', programId), eb('campId', '=', programId), eb('dropInId', '=', programId)]))
    .executeTakeFirstOrThrow()
  seq += 1
  const at = timestampParam(ctx.db.dialect, NOW)
  await ctx.db.kysely
    .insertInto('registrations')
    .values({ id: randomUUID(), offeringId: offering.id, userId: who.userId, participantKey: who.childId ?? 'self', childId: who.childId ?? null, status, seq, receiptNumber: `${offering.receiptPrefix}-T${seq}`, idempotencyKey: null, offerExpiresAt: null, waiverVersion: null, teamId: null, leagueSlot: null, createdAt: at, updatedAt: at })
    .execute()
}

beforeAll(async () => {
  ctx = await startTestApp({ now: () => NOW })
  today = facilityToday(NOW, ctx.config.site.timeZone)
  admin = await createUser(ctx, 'admin')
  const [signedNow, signedBefore, neverSigned, waitlisted, parent] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx), createUser(ctx), createUser(ctx)])
  const [oldWaiverChild, signedChild] = [await addChild(parent, { firstName: 'Olive', lastName: 'Old' }), await addChild(parent, { firstName: 'Sunny', lastName: 'Signed' })]
  await Promise.all([signWaiver(signedBefore), signWaiver(parent, oldWaiverChild)])
  await publishWaiver(ctx.db, 'The second version.', admin.id, NOW)
  await Promise.all([signWaiver(signedNow), signWaiver(parent, signedChild)])
  Object.assign(names, { signedNow: signedNow.displayName, signedBefore: signedBefore.displayName, neverSigned: neverSigned.displayName })

  const meets = await insertAcademy(ctx.db, academy({ name: 'Evening Skills' }))
  const otherDay = await insertAcademy(ctx.db, academy({ weekdays: [((weekdayOf(today) % 7) + 1) as Weekday] }))
  const skipped = await insertAcademy(ctx.db, academy({ skippedDates: [today] }))
  const closed = await insertAcademy(ctx.db, academy({ isActive: false }))
  const ended = await insertAcademy(ctx.db, academy({ startDate: addDays(today, -60), endDate: addDays(today, -1) }))
  const campToday = await insertCamp(ctx.db, camp({ name: 'Winter Break Camp' }), NOW)
  const campOver = await insertCamp(ctx.db, camp({ startDate: addDays(today, -5), endDate: addDays(today, -1) }), NOW)
  const openGym = await insertDropIn(ctx.db, dropIn({ name: 'Open Gym', waiverRequired: false }), NOW)
  const tomorrowGym = await insertDropIn(ctx.db, dropIn({ date: addDays(today, 1) }), NOW)

  await place(meets, { userId: signedNow.id })
  await place(meets, { userId: signedBefore.id })
  await place(meets, { userId: neverSigned.id })
  await place(meets, { userId: waitlisted.id }, 'waitlisted')
  await place(meets, { userId: parent.id, childId: oldWaiverChild }, 'cancelled')
  await place(campToday, { userId: parent.id, childId: oldWaiverChild })
  await place(campToday, { userId: parent.id, childId: signedChild })
  await place(campToday, { userId: neverSigned.id }, 'held')
  await place(openGym, { userId: neverSigned.id })
  await place(openGym, { userId: signedNow.id })
  for (const elsewhere of [otherDay, skipped, closed, ended, campOver, tomorrowGym]) await place(elsewhere, { userId: neverSigned.id })

  const res = await admin.client.get<TodaySection>('/api/dashboard/today')
  expect(res.status, res.text).toBe(200)
  section = res.body
}, 60_000)
afterAll(() => ctx.close())

/** Today's sessions as the raw tables say, worked out without the app's queries. */
async function fromTables() {
  const k = ctx.db.kysely
  const [academies, camps, dropIns, offerings, registrations, signatures, waivers, users, children] = await Promise.all([
    k.selectFrom('academies').selectAll().execute(),
    k.selectFrom('camps').selectAll().execute(),
    k.selectFrom('dropIns').selectAll().execute(),
    k.selectFrom('offerings').selectAll().execute(),
    k.selectFrom('registrations').selectAll().execute(),
    k.selectFrom('waiverSignatures').selectAll().execute(),
    k.selectFrom('waivers').select('version').execute(),
    k.selectFrom('users').select(['id', 'displayName']).execute(),
    k.selectFrom('children').select(['id', 'firstName', 'lastName']).execute(),
  ])
  const yes = (v: boolean | number) => v === true || v === 1
  const isoWeekday = (day: string) => String(((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1)
  const current = Math.max(...waivers.map((w) => w.version))
  const meeting = [
    ...academies
      .filter((a) => yes(a.isActive) && a.startDate <= today && today <= a.endDate && a.weekdays.split(',').includes(isoWeekday(today)) && !a.skippedDates.split(',').includes(today))
      .map((a) => ({ kind: 'academy' as const, row: a, ownerKey: 'academyId' as const })),
    ...camps.filter((c) => yes(c.isActive) && c.startDate <= today && today <= c.endDate).map((c) => ({ kind: 'camp' as const, row: c, ownerKey: 'campId' as const })),
    ...dropIns.filter((d) => yes(d.isActive) && d.date === today).map((d) => ({ kind: 'drop-in' as const, row: d, ownerKey: 'dropInId' as const })),
  ]
  return meeting.map(({ kind, row, ownerKey }) => {
    const offering = offerings.find((o) => o[ownerKey] === row.id && o.kind === `${kind}-place`)!
    const confirmed = registrations.filter((r) => r.offeringId === offering.id && r.status === 'confirmed')
    const nameOf = (r: (typeof registrations)[number]) => {
      const child = children.find((c) => c.id === r.childId)
      return child ? `${child.firstName} ${child.lastName}` : users.find((u) => u.id === r.userId)!.displayName
    }
    const signed = (r: (typeof registrations)[number]) => signatures.some((s) => s.userId === r.userId && s.subjectKey === (r.childId ?? 'self') && s.waiverVersion === current)
    return {
      kind,
      id: row.id,
      name: row.name,
      location: row.location,
      startTime: row.startTime,
      endTime: row.endTime,
      expected: confirmed.length,
      capacity: offering.capacity,
      missingWaivers: yes(row.waiverRequired)
        ? confirmed
            .filter((r) => !signed(r))
            .map((r) => ({ registrationId: r.id, userId: r.userId, participant: nameOf(r) }))
            .sort((a, b) => a.participant.localeCompare(b.participant) || a.registrationId.localeCompare(b.registrationId))
        : [],
    }
  })
}

describe('the Today section', () => {
  test('lists today’s academy sessions, camp days and drop-ins with the people expected and those without the current waiver, as the raw tables say', async () => {
    const expected = (await fromTables()).sort((a, b) => a.startTime!.localeCompare(b.startTime!) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    expect(section).toEqual({ today, sessions: expected })
  })

  test('holds what the fixture was made to show: an academy meeting today, a camp on its second day and tonight’s drop-in, nothing else', () => {
    expect(section.sessions.map((s) => [s.kind, s.name, s.startTime, s.expected])).toEqual([
      ['camp', 'Winter Break Camp', '09:00', 2],
      ['academy', 'Evening Skills', '17:00', 3],
      ['drop-in', 'Open Gym', '19:00', 2],
    ])
    const missing = Object.fromEntries(section.sessions.map((s) => [s.name, s.missingWaivers.map((m) => m.participant).sort()]))
    expect(missing).toEqual({ 'Evening Skills': [names.neverSigned, names.signedBefore].sort(), 'Winter Break Camp': ['Olive Old'], 'Open Gym': [] })
  })

  test('is the manager’s: an employee and a customer are refused, a visitor asked to sign in', async () => {
    const [employee, customer] = await Promise.all([createUser(ctx, 'employee'), createUser(ctx)])
    expect((await employee.client.get('/api/dashboard/today')).status).toBe(403)
    expect((await customer.client.get('/api/dashboard/today')).status).toBe(403)
    expect((await ctx.client().get('/api/dashboard/today')).status).toBe(401)
  })
})
