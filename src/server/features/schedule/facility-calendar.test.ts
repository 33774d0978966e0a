import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import { weekdayOf } from '../../../shared/academy-schedule.ts'
import type { CalendarDay } from '../../../shared/contracts/schedule.ts'
import { addDays } from '../../../shared/registration-window.ts'

/** The facility's one calendar for staff (issue 33, docs/decisions/0034): what is on each playing area, day by day. */

let ctx: TestApp
let admin: TestUser
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  employee = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

type Answer = { days: CalendarDay[]; error?: { message: string; fields?: Record<string, string> } }
const calendar = (query: string, as = admin) => as.client.get<Answer>(`/api/admin/playing-areas/calendar?${query}`)

describe('the facility calendar for staff', () => {
  test('a game, an academy session and a drop-in on one court show on its day in order of time, for an employee too', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Calendar League' })
    await createTeams(ctx, leagueId, ['Hoops', 'Dunkers'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id], { firstGameTime: '18:00', lastGameTime: '18:00' }))
    const [game] = (await generate(admin, leagueId)).games
    const date = game!.date
    const academy = await admin.client.post('/api/admin/academies', {
      name: 'Early Skills', sport: 'basketball', description: '', coach: '', location: court.name, isActive: 'true', forChildren: 'true', minAge: '8', maxAge: '10',
      weekdays: String(weekdayOf(date)), startTime: '16:00', endTime: '17:00', registrationDate: daysFromToday(-1), startDate: date, endDate: addDays(date, 7), skippedDates: '', price: '180', capacity: '16',
    })
    expect(academy.status, academy.text).toBe(201)
    const dropIn = await admin.client.post('/api/admin/drop-ins', {
      name: 'Late Open Gym', sport: 'basketball', description: '', location: court.name, academy: '', isActive: 'true', forChildren: 'false', minAge: '', maxAge: '',
      date, startTime: '19:30', endTime: '20:30', registrationDate: daysFromToday(-1), price: '10', capacity: '20',
    })
    expect(dropIn.status, dropIn.text).toBe(201)

    for (const as of [admin, employee]) {
      const res = await calendar(`from=${addDays(date, -1)}&to=${date}`, as)
      expect(res.status, res.text).toBe(200)
      expect(res.body.days.map((d) => d.date)).toEqual([addDays(date, -1), date])
      expect(res.body.days[0]!.areas.find((a) => a.id === court.id)).toBeUndefined()
      const onCourt = res.body.days[1]!.areas.find((a) => a.id === court.id)!
      expect(onCourt.name).toBe(court.name)
      expect(onCourt.bookings.map((b) => [b.kind, b.what, b.startTime, b.endTime])).toEqual([
        ['academy', 'Early Skills', '16:00', '17:00'],
        ['game', `Calendar League: ${game!.home.name} vs ${game!.away.name}`, '18:00', '19:00'],
        ['drop-in', 'Late Open Gym', '19:30', '20:30'],
      ])
    }
  })

  test('a range with nothing booked lists each day empty', async () => {
    const res = await calendar('from=1990-03-01&to=1990-03-31')
    expect(res.status, res.text).toBe(200)
    expect(res.body.days).toHaveLength(31)
    expect(res.body.days.every((d) => d.areas.length === 0)).toBe(true)
  })

  test('a bad date, a first day after the last and more than 31 days are refused with 400 saying why; a customer is refused', async () => {
    const bad = await calendar('from=2027-02-30&to=2027-03-02')
    expect(bad.status).toBe(400)
    expect(bad.body.error!.fields).toMatchObject({ from: 'Enter a date such as 2027-01-05.' })
    const backwards = await calendar('from=2027-03-02&to=2027-03-01')
    expect(backwards.status).toBe(400)
    expect(backwards.body.error!.fields).toMatchObject({ to: 'The first day (from) must not be after the last (to).' })
    const long = await calendar('from=2027-03-01&to=2027-04-01')
    expect(long.status).toBe(400)
    expect(long.body.error!.fields).toMatchObject({ to: 'Show at most 31 days at once.' })
    expect((await calendar('from=2027-03-01')).status).toBe(400)
    expect((await calendar('from=2027-03-01&to=2027-03-07', await createUser(ctx))).status).toBe(403)
  })
})
