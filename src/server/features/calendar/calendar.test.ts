import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAcademy, placeChild } from '../../../../tests/academy-places.ts'
import { randomUUID } from 'node:crypto'
import { createLeague, createRegistrant, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { createTeam, join } from '../../../../tests/teams.ts'
import { timestampParam } from '../../db/values.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { CalendarLink } from '../../../shared/contracts/calendar.ts'

/**
 * Private calendar feeds (issue 33): the link for those who take part and for staff, the feed read
 * back by ical.js (Mozilla's parser, not the library that wrote it), its UIDs stable across a
 * change of schedule, and a renewed link ending the old one.
 */

let ctx: TestApp
let admin: TestUser
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  ;[admin, employee] = await Promise.all([createUser(ctx, 'admin'), createUser(ctx, 'employee')])
})
afterAll(() => ctx.close())

const linkOf = async (academyId: string, as: TestUser) => {
  const res = await as.client.get<CalendarLink>(`/api/academies/${academyId}/calendar`)
  expect(res.status, res.text).toBe(200)
  return res.body.path
}

interface ParsedEvent {
  uid: string
  start: string
  zone: string | undefined
  startsAt: string
  end: string
  summary: string
  location: string
  description: string
  status: string
  sequence: number
}

/** The feed as a calendar app reads it: every VTIMEZONE registered, then each event with its zone. */
async function readFeed(path: string): Promise<{ name: string; events: ParsedEvent[] }> {
  const res = await ctx.client().get<string>(path)
  expect(res.status, res.text).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  const calendar = new ICAL.Component(ICAL.parse(res.text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      start: event.startDate.toString(),
      zone: event.startDate.zone?.tzid,
      startsAt: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
    }
  })
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events }
}

describe('an academy’s feed', () => {
  test('every session at its wall-clock time in the facility’s zone, across a change of clocks, where it meets', async () => {
    // Tuesdays and Thursdays at 18:00 across the second Sunday of March, when New York's clocks go forward.
    const academyId = await createAcademy(ctx, { name: 'Spring Skills', startDate: '2027-03-09', endDate: '2027-03-18', location: 'Court 2' })
    const { name, events } = await readFeed(await linkOf(academyId, admin))
    expect(name).toBe(`Spring Skills — ${ctx.config.site.facilityName}`)
    expect(events.map((e) => e.start)).toEqual(['2027-03-09T18:00:00', '2027-03-11T18:00:00', '2027-03-16T18:00:00', '2027-03-18T18:00:00'])
    expect(new Set(events.map((e) => e.zone))).toEqual(new Set([ctx.config.site.timeZone]))
    expect(ctx.config.site.timeZone).toBe('America/New_York')
    // 18:00 EST is 23:00 UTC; after the change, 18:00 EDT is 22:00 UTC.
    expect(events.map((e) => e.startsAt)).toEqual(['2027-03-09T23:00:00.000Z', '2027-03-11T23:00:00.000Z', '2027-03-16T22:00:00.000Z', '2027-03-18T22:00:00.000Z'])
    expect(events.every((e) => e.end.endsWith('T19:00:00') && e.summary === 'Spring Skills' && e.location === 'Court 2' && e.status === 'CONFIRMED')).toBe(true)
    expect(new Set(events.map((e) => e.uid)).size).toBe(4)
  })

  test('a session cancelled leaves the feed; the others keep their UIDs, so a subscribed calendar moves nothing twice', async () => {
    const academyId = await createAcademy(ctx, { startDate: daysFromToday(14), endDate: daysFromToday(27) })
    const path = await linkOf(academyId, admin)
    const before = (await readFeed(path)).events
    const cancelled = before[1]!.start.slice(0, 10)
    const res = await admin.client.post(`/api/admin/academies/${academyId}/sessions/${cancelled}/cancel`, {})
    expect(res.status, res.text).toBe(200)
    const after = (await readFeed(path)).events
    expect(after.map((e) => e.uid)).toEqual(before.filter((e) => !e.start.startsWith(cancelled)).map((e) => e.uid))
  })

  test('a family with a place reads the link; one on the waitlist, another customer and a visitor do not; staff do', async () => {
    const academyId = await createAcademy(ctx, { capacity: 1 })
    const { guardian } = await placeChild(ctx, academyId)
    const { guardian: waiting, registration } = await placeChild(ctx, academyId)
    expect(registration.status).toBe('waitlisted')
    const path = await linkOf(academyId, guardian)
    expect(path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
    expect(await linkOf(academyId, employee)).toBe(path)
    for (const someone of [waiting, await createUser(ctx)]) {
      const refused = await someone.client.get<{ error: { message: string } }>(`/api/academies/${academyId}/calendar`)
      expect(refused.status).toBe(404)
      expect(refused.body.error.message).toBe('There is no such academy.')
    }
    expect((await ctx.client().get(`/api/academies/${academyId}/calendar`)).status).toBe(401)
    expect((await ctx.client().get(`/api/academies/no-such-academy/calendar`)).status).toBe(401)
    expect((await admin.client.get(`/api/academies/no-such-academy/calendar`)).status).toBe(404)
  })

  test('renewing the link ends the old one at once, and only an admin renews it', async () => {
    const academyId = await createAcademy(ctx)
    const old = await linkOf(academyId, admin)
    expect((await employee.client.post(`/api/admin/academies/${academyId}/calendar/renew`, {})).status).toBe(403)
    const renewed = await admin.client.post<CalendarLink>(`/api/admin/academies/${academyId}/calendar/renew`, {})
    expect(renewed.status, renewed.text).toBe(200)
    expect(renewed.body.path).not.toBe(old)
    expect(await linkOf(academyId, admin)).toBe(renewed.body.path)
    const gone = await ctx.client().get<{ error: { message: string } }>(old)
    expect(gone.status).toBe(404)
    expect(gone.body.error.message).toContain('This calendar link no longer works')
    expect((await readFeed(renewed.body.path)).events.length).toBeGreaterThan(0)
  })

  test('a token the site never made, or not a token at all, is a 404 or a 400, never a feed', async () => {
    expect((await ctx.client().get(`/calendar/${'A'.repeat(32)}.ics`)).status).toBe(404)
    const malformed = await ctx.client().get<{ error: { message: string } }>('/calendar/short.ics')
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.message).toBe('This calendar link is not one the site made.')
  })
})


describe('a team’s feed', () => {
  /** A team league with two teams, the first with a player besides its captain, and a court. */
  async function league() {
    const leagueId = await createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 30000, priceCents: 4000 })
    const [captain, player, rivalCaptain] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx), createRegistrant(ctx)])
    const team = await createTeam(captain, leagueId, `Hoop Dreams ${randomUUID().slice(0, 4)}`)
    expect((await join(player, team)).status).toBe(201)
    const rival = await createTeam(rivalCaptain, leagueId, `Net Gains ${randomUUID().slice(0, 4)}`)
    const areaId = randomUUID()
    const at = timestampParam(ctx.db.dialect, new Date())
    await ctx.db.kysely.insertInto('playingAreas').values({ id: areaId, name: `Court ${areaId.slice(0, 4)}`, nameKey: areaId, sports: 'basketball', createdAt: at, updatedAt: at }).execute()
    return { leagueId, captain, player, rivalCaptain, team, rival, areaId }
  }
  type League = Awaited<ReturnType<typeof league>>

  async function publish({ leagueId, areaId }: League, publishedAt: Date | null) {
    const night = { weekdays: '2', firstGameTime: '19:00', lastGameTime: '21:00', gameMinutes: 60, areaIds: areaId, countKind: 'round-robin' as const, countNumber: 1, winPoints: 2, tiePoints: 1, lossPoints: 0, forfeitWinnerScore: 20, forfeitLoserScore: 0, tieBreaks: 'head-to-head,difference,points-for' }
    const stamps = { publishedAt: publishedAt && timestampParam(ctx.db.dialect, publishedAt), updatedAt: timestampParam(ctx.db.dialect, new Date()) }
    await ctx.db.kysely.insertInto('gameNights').values({ leagueId, ...night, ...stamps }).onConflict((oc) => oc.column('leagueId').doUpdateSet(stamps)).execute()
  }

  async function addGame({ leagueId, team, rival, areaId }: League, date: string, startTime: string): Promise<string> {
    const id = randomUUID()
    const at = timestampParam(ctx.db.dialect, new Date(Date.now() - 60_000))
    const endTime = `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, '0')}:00`
    await ctx.db.kysely.insertInto('games').values({ id, leagueId, homeTeamId: team.id, awayTeamId: rival.id, areaId, date, startTime, endTime, homeScore: null, awayScore: null, forfeitedBy: null, createdAt: at, updatedAt: at }).execute()
    return id
  }

  const linkOfTeam = async ({ leagueId, team }: League, as: TestUser) => {
    const res = await as.client.get<CalendarLink>(`/api/leagues/${leagueId}/teams/${team.id}/calendar`)
    expect(res.status, res.text).toBe(200)
    return res.body.path
  }

  test('a draft schedule shows nothing; once published, each game on its court with the home team first', async () => {
    const l = await league()
    await addGame(l, '2027-01-12', '19:00')
    await addGame(l, '2027-01-19', '20:00')
    const path = await linkOfTeam(l, l.player)
    expect((await readFeed(path)).events).toEqual([])
    await publish(l, null)
    expect((await readFeed(path)).events).toEqual([])
    await publish(l, new Date())
    const { name, events } = await readFeed(path)
    expect(name).toBe(`${l.team.name} — ${ctx.config.site.facilityName}`)
    expect(events.map((e) => [e.start, e.end, e.zone, e.summary, e.location])).toEqual([
      ['2027-01-12T19:00:00', '2027-01-12T20:00:00', 'America/New_York', `${l.team.name} vs ${l.rival.name}`, `Court ${l.areaId.slice(0, 4)}`],
      ['2027-01-19T20:00:00', '2027-01-19T21:00:00', 'America/New_York', `${l.team.name} vs ${l.rival.name}`, `Court ${l.areaId.slice(0, 4)}`],
    ])
  })

  test('a game moved keeps its UID with a higher SEQUENCE, so a subscribed calendar moves it; a result shows in it', async () => {
    const l = await league()
    await publish(l, new Date())
    const gameId = await addGame(l, '2027-02-02', '19:00')
    const path = await linkOfTeam(l, l.captain)
    const [before] = (await readFeed(path)).events
    await ctx.db.kysely.updateTable('games').set({ date: '2027-02-04', startTime: '20:00', endTime: '21:00', homeScore: 42, awayScore: 38, updatedAt: timestampParam(ctx.db.dialect, new Date()) }).where('id', '=', gameId).execute()
    const [after] = (await readFeed(path)).events
    expect(after!.uid).toBe(before!.uid)
    expect(after!.start).toBe('2027-02-04T20:00:00')
    expect(after!.sequence).toBeGreaterThan(before!.sequence)
    expect(after!.description).toContain(`Final: ${l.team.name} 42, ${l.rival.name} 38`)
  })

  test('its captain, its players and staff read the link; another team’s captain does not; only the captain and staff renew it', async () => {
    const l = await league()
    const path = await linkOfTeam(l, l.captain)
    expect(await linkOfTeam(l, l.player)).toBe(path)
    expect(await linkOfTeam(l, employee)).toBe(path)
    const url = `/api/leagues/${l.leagueId}/teams/${l.team.id}/calendar`
    for (const someone of [l.rivalCaptain, await createUser(ctx)]) expect((await someone.client.get(url)).status).toBe(404)
    expect((await l.player.client.post(`${url}/renew`, {})).status).toBe(404)
    const renewed = await l.captain.client.post<CalendarLink>(`${url}/renew`, {})
    expect(renewed.status, renewed.text).toBe(200)
    expect((await ctx.client().get(path)).status).toBe(404)
    expect(await linkOfTeam(l, l.player)).toBe(renewed.body.path)
  })
})
