import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, daysFromToday, type TestUser } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../tests/schedule.ts'
import { weekdayOf } from '../../shared/academy-schedule.ts'
import { addDays } from '../../shared/registration-window.ts'
import type { AcademyFormValues } from '../../shared/schemas/academy.ts'
import { FACILITY_MESSAGES } from '../../shared/schemas/facility-calendar.ts'
import { SCHEDULE_MESSAGES } from '../../shared/schemas/schedule.ts'

/** One calendar of the facility (issue 33, docs/decisions/0034): academies book courts, and games and bookings keep off each other. */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Saved = { academy: { id: string; location: string | null }; error?: { message: string; fields?: Record<string, string> } }

const academyForm = (overrides: Partial<AcademyFormValues>): Partial<AcademyFormValues> => ({
  name: `Skills Academy ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'basketball',
  description: '',
  coach: '',
  isActive: 'true',
  forChildren: 'true',
  minAge: '8',
  maxAge: '10',
  weekdays: '2',
  startTime: '18:00',
  endTime: '19:00',
  registrationDate: daysFromToday(-1),
  startDate: daysFromToday(20),
  endDate: daysFromToday(90),
  skippedDates: '',
  price: '180',
  capacity: '16',
  ...overrides,
})
const createAcademy = (overrides: Partial<AcademyFormValues>) => admin.client.post<Saved>('/api/admin/academies', academyForm(overrides))
const areaOf = async (academyId: string) => (await ctx.db.kysely.selectFrom('academies').select('areaId').where('id', '=', academyId).executeTakeFirstOrThrow()).areaId

describe('the facility calendar', () => {
  test('an academy whose Where names a court books it, under the court’s own name; another place books nothing', async () => {
    const court = await createArea(admin)
    const res = await createAcademy({ location: `  ${court.name.toUpperCase().replace(' ', '')}` })
    expect(res.status, res.text).toBe(201)
    expect(res.body.academy.location).toBe(court.name)
    expect(await areaOf(res.body.academy.id)).toBe(court.id)
    const off = await createAcademy({ location: 'The park across the road' })
    expect(off.status, off.text).toBe(201)
    expect(await areaOf(off.body.academy.id)).toBeNull()
  })

  test('a generated schedule keeps off an academy’s sessions on its courts', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Around Academy' })
    await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'])
    const court = await createArea(admin)
    expect((await createAcademy({ location: court.name, weekdays: '2', startTime: '18:00', endTime: '19:00' })).status).toBe(201)
    await setNights(admin, leagueId, nightsInput([court.id], { weekdays: [2] }))
    const schedule = await generate(admin, leagueId)
    expect(schedule.games).toHaveLength(6)
    for (const game of schedule.games) expect(game.startTime, `${game.date} ${game.startTime}`).not.toBe('18:00')
  })

  test('an academy on a court a game holds is refused with 409 naming the game; moved an hour later it is saved', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Court Holders' })
    await createTeams(ctx, leagueId, ['Hoops', 'Dunkers'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id], { firstGameTime: '18:00', lastGameTime: '18:00' }))
    const [game] = (await generate(admin, leagueId)).games
    const on = { location: court.name, weekdays: String(weekdayOf(game!.date)), startDate: game!.date, endDate: addDays(game!.date, 7), startTime: '18:30', endTime: '19:30' }
    const refused = await createAcademy(on)
    expect(refused.status, refused.text).toBe(409)
    const message = FACILITY_MESSAGES.areaTaken(court.name, { date: game!.date, startTime: '18:00', endTime: '19:00', label: `Court Holders: ${game!.home.name} vs ${game!.away.name}` })
    expect(refused.body.error!.message).toBe(message)
    expect(refused.body.error!.fields).toEqual({ location: message })
    expect(await ctx.db.kysely.selectFrom('academies').select('id').where('startDate', '=', game!.date).where('location', '=', court.name).execute()).toEqual([])
    expect((await createAcademy({ ...on, startTime: '19:00', endTime: '20:00' })).status).toBe(201)
  })

  test('two admins booking one court at one time at once: exactly one is saved, the other is told who holds it', async () => {
    const court = await createArea(admin)
    const both = await Promise.all(['First', 'Second'].map((name) => createAcademy({ name: `${name} ${court.name}`, location: court.name, weekdays: '3', startTime: '17:00', endTime: '18:00' })))
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    const winner = both.find((r) => r.status === 201)!
    const loser = both.find((r) => r.status === 409)!
    const winnerName = (await ctx.db.kysely.selectFrom('academies').select('name').where('id', '=', winner.body.academy.id).executeTakeFirstOrThrow()).name
    expect(loser.body.error!.message).toContain(`by ${winnerName}:`)
  })

  test('a camp and a drop-in on an academy’s court and time are refused; the academy’s own drop-in session is not', async () => {
    const court = await createArea(admin)
    const academy = (await createAcademy({ name: 'Tuesday Skills', location: court.name, weekdays: '2', startTime: '18:00', endTime: '19:00' })).body.academy
    const tuesday = [...Array(14).keys()].map((n) => daysFromToday(20 + n)).find((d) => weekdayOf(d) === 2)!
    const camp = await admin.client.post<Saved>('/api/admin/camps', {
      name: 'Winter Camp', sport: 'basketball', description: '', coach: '', location: court.name, isActive: 'true', minAge: '8', maxAge: '12',
      startTime: '09:00', endTime: '18:30', registrationDate: daysFromToday(-1), startDate: tuesday, endDate: tuesday, price: '100', capacity: '20',
    })
    expect(camp.status, camp.text).toBe(409)
    expect(camp.body.error!.message).toContain('by Tuesday Skills')
    const dropIn = (overrides: Record<string, string>) =>
      admin.client.post<Saved>('/api/admin/drop-ins', {
        name: 'Open Gym', sport: 'basketball', description: '', location: court.name, academy: '', isActive: 'true', forChildren: 'false', minAge: '', maxAge: '',
        date: tuesday, startTime: '18:30', endTime: '19:30', registrationDate: daysFromToday(-1), price: '10', capacity: '20', ...overrides,
      })
    expect((await dropIn({})).status).toBe(409)
    const own = await dropIn({ name: 'One Tuesday Skills session', academy: academy.id, startTime: '18:00', endTime: '19:00', forChildren: 'true', minAge: '8', maxAge: '10' })
    expect(own.status, own.text).toBe(201)
  })

  test('a court renamed: the academy booking it says the new name, and saving the academy again keeps it booked', async () => {
    const court = await createArea(admin)
    const academy = (await createAcademy({ location: court.name })).body.academy
    const renamed = `${court.name} North`
    const change = await admin.client.post(`/api/admin/playing-areas/${court.id}`, { name: renamed })
    expect(change.status, change.text).toBe(200)
    const row = await ctx.db.kysely.selectFrom('academies').select(['location', 'areaId']).where('id', '=', academy.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ location: renamed, areaId: court.id })
    const saved = await admin.client.post(`/api/admin/academies/${academy.id}`, { coach: 'Coach Rivera' })
    expect(saved.status, saved.text).toBe(200)
    expect(await areaOf(academy.id)).toBe(court.id)
  })

  test('a court an academy and a drop-in book is not deleted: 409 names them; free again, it is', async () => {
    const court = await createArea(admin)
    const academy = (await createAcademy({ name: 'Deleted Court Skills', location: court.name })).body.academy
    const dropIn = await admin.client.post<Saved & { dropIn: { id: string } }>('/api/admin/drop-ins', {
      name: 'Deleted Court Open Gym', sport: 'basketball', description: '', location: court.name, academy: '', isActive: 'true', forChildren: 'false', minAge: '', maxAge: '',
      date: daysFromToday(5), startTime: '10:00', endTime: '11:00', registrationDate: daysFromToday(-1), price: '10', capacity: '20',
    })
    expect(dropIn.status, dropIn.text).toBe(201)
    const listed = await admin.client.get<{ areas: { id: string; programs: string[] }[] }>('/api/admin/playing-areas')
    expect(listed.body.areas.find((a) => a.id === court.id)!.programs).toEqual(['Deleted Court Skills', 'Deleted Court Open Gym'])
    const refused = await admin.client.post<{ error: { message: string } }>(`/api/admin/playing-areas/${court.id}/delete`, {})
    expect(refused.status, refused.text).toBe(409)
    expect(refused.body.error.message).toBe(SCHEDULE_MESSAGES.areaBooked(court.name, ['Deleted Court Skills', 'Deleted Court Open Gym']))
    expect(await ctx.db.kysely.selectFrom('playingAreas').select('id').where('id', '=', court.id).execute()).toHaveLength(1)
    const elsewhere = { location: 'The park across the road' }
    expect((await admin.client.post(`/api/admin/academies/${academy.id}`, elsewhere)).status).toBe(200)
    expect((await admin.client.post(`/api/admin/drop-ins/${dropIn.body.dropIn.id}`, elsewhere)).status).toBe(200)
    const deleted = await admin.client.post(`/api/admin/playing-areas/${court.id}/delete`, {})
    expect(deleted.status, deleted.text).toBe(200)
  })
})
