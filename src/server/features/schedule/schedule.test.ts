import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { Schedule, ScheduleReport } from '../../../shared/contracts/schedule.ts'
import { minutesOf, SCHEDULE_MESSAGES } from '../../../shared/schemas/schedule.ts'
import { addDays } from '../../../shared/registration-window.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Booking = { date: string; startTime: string; endTime: string }
const overlap = (x: Booking, y: Booking) => x.date === y.date && minutesOf(x.startTime) < minutesOf(y.endTime) && minutesOf(y.startTime) < minutesOf(x.endTime)

type Answer = { schedule: Schedule; report: ScheduleReport; error?: { message: string } }
const post = (leagueId: string, path: string, as = admin) => as.client.post<Answer>(`/api/admin/leagues/${leagueId}/schedule/${path}`, {})
const read = async (leagueId: string) => (await admin.client.get<Answer>(`/api/admin/leagues/${leagueId}/schedule`)).body.schedule
const pairs = (schedule: Schedule) => schedule.games.map((g) => [g.home.name, g.away.name].sort().join(' v ')).sort()
const entries = (leagueId: string) => ctx.db.kysely.selectFrom('auditEntries').select(['action', 'before', 'after']).where('entityId', '=', leagueId).orderBy('at').execute()

/** A team league of four Complete teams and one forming, with game nights on one court of its own. */
async function leagueOfFour(name = 'Draft Hoops') {
  const leagueId = await createTeamLeague(ctx, { name, rosterMin: 2 })
  await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'], 1)
  await createTeams(ctx, leagueId, ['Forming Foxes'])
  const court = await createArea(admin)
  await setNights(admin, leagueId, nightsInput([court.id]))
  return { leagueId, court }
}

describe('generating a draft', () => {
  test('every pair of the Complete teams meets once, on the game nights, with names; a forming team is left out', async () => {
    const { leagueId, court } = await leagueOfFour()
    const res = await post(leagueId, 'generate')
    expect(res.status, res.text).toBe(200)
    const { schedule, report } = res.body
    expect(schedule.status).toBe('draft')
    expect(pairs(schedule)).toEqual(['Bears v Hawks', 'Bears v Owls', 'Bears v Wolves', 'Hawks v Owls', 'Hawks v Wolves', 'Owls v Wolves'])
    for (const game of schedule.games) {
      expect(game.area).toEqual({ id: court.id, name: court.name })
      expect(['18:00', '19:00', '20:00']).toContain(game.startTime)
      expect(minutesOf(game.endTime) - minutesOf(game.startTime)).toBe(60)
    }
    expect(schedule.problems).toEqual([])
    expect(report.unplaced).toEqual([])
    expect(report.spread.map((s) => [s.team.name, s.games])).toEqual([['Bears', 3], ['Hawks', 3], ['Owls', 3], ['Wolves', 3]])
    expect(report.spread[0]!.areas).toEqual([{ area: { id: court.id, name: court.name }, games: 3 }])
    expect(schedule.freeSlots.some((s) => schedule.games.some((g) => g.date === s.date && g.startTime === s.startTime))).toBe(false)
    expect(await read(leagueId)).toEqual(schedule)
  })

  test('generating again replaces the draft whole, and each generation is audited', async () => {
    const { leagueId } = await leagueOfFour()
    const first = await generate(admin, leagueId)
    const second = await generate(admin, leagueId)
    expect(second.games).toHaveLength(6)
    expect(second.games.map((g) => g.id).filter((id) => first.games.some((f) => f.id === id))).toEqual([])
    expect(await ctx.db.kysely.selectFrom('games').select('id').where('leagueId', '=', leagueId).execute()).toHaveLength(6)
    const generated = (await entries(leagueId)).filter((e) => e.action === 'schedule-generated')
    expect(generated.map((e) => JSON.parse(e.before!).draftGames)).toEqual([0, 6])
    expect(JSON.parse(generated[1]!.after!)).toMatchObject({ games: 6, unplaced: 0, teams: ['Bears', 'Hawks', 'Owls', 'Wolves'] })
  })

  test('games the slots cannot take are reported unplaced, and a blackout that could not be kept is named', async () => {
    const leagueId = await createTeamLeague(ctx)
    const [owls] = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id], { weekdays: [3], lastGameTime: '18:00' }))
    const nights = (await admin.client.get<{ gameNights: { dates: string[] } }>(`/api/admin/leagues/${leagueId}/game-nights`)).body.gameNights.dates
    await ctx.db.kysely.insertInto('teamBlackouts').values(nights.map((date) => ({ teamId: owls!.team.id, date }))).execute()
    const { schedule, report } = (await post(leagueId, 'generate')).body
    expect(schedule.games.length).toBe(3)
    expect(report.unplaced).toHaveLength(3)
    expect(report.unplaced.every((u) => typeof u.home.name === 'string' && u.home.name !== u.home.id)).toBe(true)
    const owlsGames = schedule.games.filter((g) => [g.home.id, g.away.id].includes(owls!.team.id))
    expect(report.blackoutsBroken).toEqual(owlsGames.map((g) => ({ team: { id: owls!.team.id, name: 'Owls' }, date: g.date })))
    const warned = schedule.problems.filter((p) => p.rule === 'blackout')
    expect(warned.map((p) => p.gameIds)).toEqual(owlsGames.map((g) => [g.id]))
    for (const problem of warned) expect(problem.message).toMatch(/^Owls asked not to play on \d+\/\d+\/\d{4} \(a blackout date\)/)
    // A reload reads the same report: the unplaced games are stored, the rest comes from the games.
    const reread = await read(leagueId)
    expect(reread.report).toEqual(report)
    expect(reread.report.unplaced).toEqual(report.unplaced)
    expect(reread.blackouts).toEqual([{ team: { id: owls!.team.id, name: 'Owls' }, dates: nights }])
  })

  test('the report follows the stored games: a move changes the spread and the broken blackouts; generating again replaces the unplaced games', async () => {
    const leagueId = await createTeamLeague(ctx)
    const [owls] = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id], { weekdays: [3], lastGameTime: '18:00' }))
    const draft = await generate(admin, leagueId)
    const before = await read(leagueId)
    expect(before.report.unplaced).toHaveLength(3)
    expect(before.report.spread.reduce((n, s) => n + s.games, 0)).toBe(draft.games.length * 2)
    const game = draft.games.find((g) => [g.home.id, g.away.id].includes(owls!.team.id))!
    const slot = draft.freeSlots[0]!
    await ctx.db.kysely.insertInto('teamBlackouts').values({ teamId: owls!.team.id, date: slot.date }).execute()
    const moved = await admin.client.post(`/api/admin/leagues/${leagueId}/schedule/games/${game.id}/move`, { date: slot.date, startTime: slot.startTime, areaId: slot.area.id })
    expect(moved.status, moved.text).toBe(200)
    const after = await read(leagueId)
    expect(after.report.blackoutsBroken).toEqual([{ team: { id: owls!.team.id, name: 'Owls' }, date: slot.date }])
    expect(after.report.byes.length).toBeGreaterThan(0)
    expect(after.report.byes.every((b) => !after.games.some((g) => [g.home.id, g.away.id].includes(b.team.id) && b.week <= g.date && g.date < addDays(b.week, 7)))).toBe(true)
    await ctx.db.kysely.deleteFrom('teamBlackouts').where('teamId', '=', owls!.team.id).execute()
    await setNights(admin, leagueId, nightsInput([court.id], { weekdays: [2, 3, 4], lastGameTime: '20:00' }))
    await generate(admin, leagueId)
    expect((await read(leagueId)).report).toMatchObject({ unplaced: [], blackoutsBroken: [] })
  })

  test('another league’s games, a draft’s too, keep their slots: a second league is scheduled around them, overlapping none', async () => {
    const court = await createArea(admin, ['basketball'], 'Shared Court')
    const first = await createTeamLeague(ctx, { name: 'First Hoops' })
    const second = await createTeamLeague(ctx, { name: 'Second Hoops' })
    await createTeams(ctx, first, ['A1', 'A2', 'A3', 'A4'])
    await createTeams(ctx, second, ['B1', 'B2', 'B3', 'B4'])
    await setNights(admin, first, nightsInput([court.id]))
    // Fifty-minute games from 18:30: any of them would overlap an hour's game of the first league but the last.
    await setNights(admin, second, nightsInput([court.id], { firstGameTime: '18:30', lastGameTime: '20:10', gameMinutes: 50 }))
    const a = await generate(admin, first)
    const { schedule: b, report } = (await post(second, 'generate')).body
    expect(b.games.length).toBeGreaterThan(0)
    expect(b.games.filter((g) => a.games.some((h) => overlap(g, h)))).toEqual([])
    expect(b.games.length + report.unplaced.length).toBe(6)
    expect((await read(first)).freeSlots.filter((s) => b.games.some((g) => overlap(g, s)))).toEqual([])
  })

  test('a playing area with games is not deleted, saying how many and whose', async () => {
    const { leagueId, court } = await leagueOfFour('Kept Hoops')
    await generate(admin, leagueId)
    const res = await admin.client.post<Answer>(`/api/admin/playing-areas/${court.id}/delete`, {})
    expect(res.status).toBe(409)
    expect(res.body.error!.message).toBe(SCHEDULE_MESSAGES.areaHasGames(court.name, 6, ['Kept Hoops']))
  })

  test('refused without game nights, with fewer than two Complete teams, for a league of individual players', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Lonely Hoops' })
    expect((await post(leagueId, 'generate')).body.error!.message).toBe(SCHEDULE_MESSAGES.noGameNights('Lonely Hoops'))
    await createTeams(ctx, leagueId, ['Solo'])
    await setNights(admin, leagueId, nightsInput([(await createArea(admin)).id]))
    const one = await post(leagueId, 'generate')
    expect(one.status).toBe(409)
    expect(one.body.error!.message).toBe(SCHEDULE_MESSAGES.tooFewTeams('Lonely Hoops', 1))
    const individual = await createLeague(ctx, { name: 'Solo Swimmers' })
    expect((await post(individual, 'generate')).status).toBe(409)
    expect((await admin.client.get(`/api/admin/leagues/${individual}/schedule`)).status).toBe(409)
    expect((await post('no-such-league', 'generate')).status).toBe(404)
  })

  test('two admins generating at once leave one whole draft', async () => {
    const { leagueId } = await leagueOfFour()
    const other = await createUser(ctx, 'admin')
    const answers = await Promise.all([admin, other, admin, other].map((who) => post(leagueId, 'generate', who)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const schedule = await read(leagueId)
    expect(pairs(schedule)).toHaveLength(6)
    expect(new Set(pairs(schedule)).size).toBe(6)
  })

  test('two leagues generating at once on one court never share a slot', async () => {
    const court = await createArea(admin)
    const leagues = await Promise.all(['Race One', 'Race Two', 'Race Three'].map((name) => createTeamLeague(ctx, { name })))
    for (const [i, leagueId] of leagues.entries()) {
      await createTeams(ctx, leagueId, [`R${i}a`, `R${i}b`, `R${i}c`, `R${i}d`])
      await setNights(admin, leagueId, nightsInput([court.id]))
    }
    const answers = await Promise.all(leagues.map((leagueId) => post(leagueId, 'generate')))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const games = answers.flatMap((a) => a.body.schedule.games)
    expect(new Set(games.map((g) => `${g.date} ${g.startTime}`)).size).toBe(games.length)
    expect(games.length + answers.reduce((n, a) => n + a.body.report.unplaced.length, 0)).toBe(18)
  })
})

describe('publishing', () => {
  test('publishes once (again changes nothing), after which generating is refused', async () => {
    const { leagueId } = await leagueOfFour()
    const empty = await post(leagueId, 'publish')
    expect(empty.status).toBe(409)
    expect(empty.body.error!.message).toBe(SCHEDULE_MESSAGES.nothingToPublish('Draft Hoops'))
    const draft = await generate(admin, leagueId)
    const published = await post(leagueId, 'publish')
    expect(published.status, published.text).toBe(200)
    expect(published.body.schedule).toMatchObject({ status: 'published', games: draft.games })
    const again = await post(leagueId, 'publish')
    expect(again.body.schedule.publishedAt).toBe(published.body.schedule.publishedAt)
    const refused = await post(leagueId, 'generate')
    expect(refused.status).toBe(409)
    expect(refused.body.error!.message).toBe('The schedule is published: move games one at a time.')
    expect((await read(leagueId)).games).toEqual(draft.games)
    expect((await entries(leagueId)).map((e) => e.action).filter((a) => a === 'schedule-published')).toHaveLength(1)
  })

  test('a publish and a generation at once: the draft is whole and published, or the generation is refused', async () => {
    const { leagueId } = await leagueOfFour()
    await generate(admin, leagueId)
    const [generated, published] = await Promise.all([post(leagueId, 'generate'), post(leagueId, 'publish')])
    expect(published.status).toBe(200)
    expect([200, 409]).toContain(generated.status)
    const schedule = await read(leagueId)
    expect(schedule.status).toBe('published')
    expect(new Set(pairs(schedule)).size).toBe(6)
  })
})

describe('access', () => {
  test('customers and employees are refused every schedule route', async () => {
    const { leagueId } = await leagueOfFour()
    for (const who of [await createUser(ctx, 'customer'), await createUser(ctx, 'employee')]) {
      expect((await who.client.get(`/api/admin/leagues/${leagueId}/schedule`)).status).toBe(403)
      for (const path of ['generate', 'publish']) expect((await post(leagueId, path, who)).status).toBe(403)
    }
  })
})
