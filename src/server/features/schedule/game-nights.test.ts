import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { GameNights, PlayingArea } from '../../../shared/contracts/schedule.ts'
import { SCHEDULE_MESSAGES } from '../../../shared/schemas/schedule.ts'
import { weekdayOf } from '../../../shared/academy-schedule.ts'
import { DEFAULT_RULES } from './standings.ts'

let ctx: TestApp
let admin: TestUser
let court: PlayingArea
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  court = await createArea(admin, ['basketball', 'kids'])
})
afterAll(() => ctx.close())

type Answer = { gameNights: GameNights | null; defaultStandings: GameNights['standings']; error?: { message: string; fields?: Record<string, string> } }
const url = (leagueId: string) => `/api/admin/leagues/${leagueId}/game-nights`
const post = (leagueId: string, body: unknown, as = admin) => as.client.post<Answer>(url(leagueId), body)

describe('a team league’s game nights', () => {
  test('unset, they read as null with the default standings; set, they read back with their start times, areas and dates', async () => {
    const leagueId = await createTeamLeague(ctx, { startDate: daysFromToday(20), endDate: daysFromToday(60) })
    const first = await admin.client.get<Answer>(url(leagueId))
    expect(first.status, first.text).toBe(200)
    expect(first.body).toMatchObject({ gameNights: null, defaultStandings: { ...DEFAULT_RULES } })

    const second = await createArea(admin)
    // The season's first Tuesday.
    const skipped = daysFromToday(20 + ((2 - weekdayOf(daysFromToday(20)) + 7) % 7))
    const res = await post(leagueId, nightsInput([second.id, court.id], { weekdays: [4, 2], lastGameTime: '20:30', gameMinutes: 75, skippedDates: [skipped] }))
    expect(res.status, res.text).toBe(200)
    const nights = res.body.gameNights!
    expect(nights).toMatchObject({ weekdays: [2, 4], firstGameTime: '18:00', lastGameTime: '20:30', gameMinutes: 75, startTimes: ['18:00', '19:15', '20:30'], skippedDates: [skipped], publishedAt: null })
    expect(nights.areas).toEqual([{ id: second.id, name: second.name }, { id: court.id, name: court.name }])
    expect(nights.standings).toEqual(DEFAULT_RULES)
    expect(nights.dates).not.toContain(skipped)
    expect(nights.dates.every((d) => [2, 4].includes(weekdayOf(d)) && d >= daysFromToday(20) && d <= daysFromToday(60))).toBe(true)
    expect(nights.dates.length).toBeGreaterThanOrEqual(10)
    expect((await admin.client.get<Answer>(url(leagueId))).body.gameNights).toEqual(nights)
    const again = await post(leagueId, nightsInput([second.id, court.id], { weekdays: [2, 4], lastGameTime: '20:30', gameMinutes: 75, skippedDates: [skipped] }))
    expect(again.body.gameNights).toEqual(nights)

    const entries = await ctx.db.kysely.selectFrom('auditEntries').select(['action', 'before', 'after']).where('entityId', '=', leagueId).execute()
    expect(entries.map((e) => e.action)).toEqual(['game-nights-set'])
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ weekdays: [2, 4], areas: [second.name, court.name], gameCount: { kind: 'round-robin', meetings: 1 } })
  })

  test('the standings rules left out stay as saved; sent, they replace them', async () => {
    const leagueId = await createTeamLeague(ctx)
    const rules = { win: 3, tie: 1, loss: 0, forfeitScore: { winner: 3, loser: 0 }, tieBreaks: ['difference', 'head-to-head'] }
    await setNights(admin, leagueId, nightsInput([court.id], { standings: rules as never }))
    const again = await post(leagueId, nightsInput([court.id], { gameCount: { kind: 'weeks', weeks: 8 } }))
    expect(again.body.gameNights).toMatchObject({ standings: rules, gameCount: { kind: 'weeks', weeks: 8 } })
  })

  test.each([
    [{ weekdays: [] }, 'Choose at least one weekday for the game nights.'],
    [{ weekdays: [8] }, 'Weekdays are 1 (Monday) to 7 (Sunday).'],
    [{ weekdays: [2, 2] }, 'Choose each weekday once.'],
    [{ firstGameTime: '6pm' }, 'Write the first game’s start as a time such as 18:00 (24-hour).'],
    [{ lastGameTime: '17:00' }, 'The last game can’t start before the first one (6:00 PM).'],
    [{ lastGameTime: '20:30' }, 'Games start every 60 minutes from 6:00 PM: the last one can start at 8:00 PM or 9:00 PM, not 8:30 PM.'],
    [{ firstGameTime: '22:00', lastGameTime: '23:00' }, 'The last game would end at midnight or later: start it earlier or make the games shorter.'],
    [{ gameMinutes: 15 }, 'A game lasts at least 20 minutes.'],
    [{ gameMinutes: 241 }, 'A game lasts at most 240 minutes.'],
    [{ gameMinutes: 60.5 }, 'Give the game length in whole minutes, from 20 to 240.'],
    [{ areaIds: [] }, 'Choose at least one playing area.'],
    [{ skippedDates: ['2027-02-30'] }, 'Write each skipped date as a date such as 2027-01-05.'],
    [{ gameCount: { kind: 'round-robin', meetings: 3 } }, 'In a round robin every pair of teams meets once or twice (1 or 2).'],
    [{ gameCount: { kind: 'weeks', weeks: 0 } }, 'Give the number of weeks, from 1 to 52.'],
    [{ gameCount: { kind: 'forever' } }, 'Choose how many games each team plays: { kind: "round-robin", meetings: 1 or 2 } or { kind: "weeks", weeks: 1 to 52 }.'],
    [{ standings: { win: 1, tie: 2, loss: 0, forfeitScore: { winner: 20, loser: 0 }, tieBreaks: [] } }, 'A win must be worth more than a loss, and a tie no more than a win and no less than a loss.'],
    [{ standings: { win: 2, tie: 1, loss: 0, forfeitScore: { winner: 0, loser: 0 }, tieBreaks: [] } }, 'A forfeit’s score must put the winner ahead.'],
    [{ standings: { win: 'two', tie: 1, loss: 0, forfeitScore: { winner: 20, loser: 0 }, tieBreaks: [] } }, 'A win is a whole number of table points from 0 to 10.'],
    [{ standings: { win: 2, tie: 1, loss: 0, forfeitScore: { winner: 20 }, tieBreaks: [] } }, 'The forfeit loser’s score is a whole number from 0 to 999.'],
    [{ standings: { win: 2, tie: 1, loss: 0, forfeitScore: { winner: 20, loser: 0 }, tieBreaks: ['coin-toss'] } }, 'Choose tie-breaks from: head-to-head, difference, points-for.'],
  ])('%j is refused: %s', async (change, message) => {
    const leagueId = await createTeamLeague(ctx)
    const res = await post(leagueId, { ...nightsInput([court.id]), ...change })
    expect(res.status, res.text).toBe(400)
    expect(res.body.error!.message).toBe(message)
  })

  test('a playing area that does not host the league’s sport, or no longer exists, and skipped dates outside the season are refused', async () => {
    const leagueId = await createTeamLeague(ctx, { startDate: '2031-01-06', endDate: '2031-03-28' })
    const turf = await createArea(admin, ['soccer'], 'Turf Nights')
    const wrongSport = await post(leagueId, nightsInput([court.id, turf.id]))
    expect(wrongSport.status).toBe(400)
    expect(wrongSport.body.error).toEqual({ message: SCHEDULE_MESSAGES.areaDoesNotHost('Turf Nights', 'basketball'), fields: { areaIds: 'Turf Nights does not host Basketball: choose a playing area that does, or add Basketball to Turf Nights’s sports.' } })
    expect((await post(leagueId, nightsInput(['gone']))).body.error!.message).toBe('Choose the playing areas from the list: one of them no longer exists.')
    const outside = await post(leagueId, nightsInput([court.id], { skippedDates: ['2031-02-03', '2031-04-01', '2030-12-31'] }))
    expect(outside.status).toBe(400)
    expect(outside.body.error!.message).toBe('Skipped dates must fall within the season (1/6/2031 to 3/28/2031): 12/31/2030, 4/1/2031 do not.')
    expect(await ctx.db.kysely.selectFrom('gameNights').select('leagueId').where('leagueId', '=', leagueId).execute()).toEqual([])
  })

  test('a league of individual players has no game nights (409); an unknown league is a 404', async () => {
    const individual = await createLeague(ctx, { name: 'Solo Runners' })
    const res = await post(individual, nightsInput([court.id]))
    expect(res.status).toBe(409)
    expect(res.body.error!.message).toBe(SCHEDULE_MESSAGES.notTeamLeague('Solo Runners'))
    expect((await admin.client.get(url(individual))).status).toBe(409)
    expect((await admin.client.get(url('no-such-league'))).status).toBe(404)
  })

  test('a playing area in a league’s game nights is not deleted and keeps the league’s sport, saying which league', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Nightly Hoops' })
    const area = await createArea(admin, ['basketball', 'soccer'], 'Court Kept')
    await setNights(admin, leagueId, nightsInput([area.id]))
    const deleted = await admin.client.post<Answer>(`/api/admin/playing-areas/${area.id}/delete`, {})
    expect(deleted.status).toBe(409)
    expect(deleted.body.error!.message).toBe('Court Kept is one of the playing areas of Nightly Hoops’s game nights: take it off there first.')
    const sports = await admin.client.post<Answer>(`/api/admin/playing-areas/${area.id}`, { sports: ['soccer'] })
    expect(sports.status).toBe(409)
    expect(sports.body.error!.message).toBe(SCHEDULE_MESSAGES.sportStillNeeded('Court Kept', 'basketball', ['Nightly Hoops']))
    expect((await admin.client.post(`/api/admin/playing-areas/${area.id}`, { sports: ['basketball'] })).status).toBe(200)
    const listed = await admin.client.get<{ areas: PlayingArea[] }>('/api/admin/playing-areas')
    expect(listed.body.areas.find((a) => a.id === area.id)!.leagues).toEqual([{ id: leagueId, name: 'Nightly Hoops' }])
  })

  test('customers and employees are refused', async () => {
    const leagueId = await createTeamLeague(ctx)
    for (const who of [await createUser(ctx, 'customer'), await createUser(ctx, 'employee')]) {
      expect((await who.client.get(url(leagueId))).status).toBe(403)
      expect((await post(leagueId, nightsInput([court.id]), who)).status).toBe(403)
    }
  })
})
