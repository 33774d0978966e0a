import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { Game, PlayingArea, Schedule, ScheduleProblem } from '../../../shared/contracts/schedule.ts'
import { SCHEDULE_MESSAGES } from '../../../shared/schemas/schedule.ts'
import { formatTime, WEEKDAY_NAMES, weekdayOf } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Answer = { schedule: Schedule; warnings: ScheduleProblem[]; notified: number; error?: { message: string; fields?: Record<string, string> } }
type Slot = { date: string; startTime: string; areaId: string }
const base = (leagueId: string) => `/api/admin/leagues/${leagueId}/schedule`
const move = (leagueId: string, game: Game, to: Slot, as = admin) => as.client.post<Answer>(`${base(leagueId)}/games/${game.id}/move`, to)
const swap = (leagueId: string, a: Game, b: Game, as = admin) => as.client.post<Answer>(`${base(leagueId)}/swap`, { gameIds: [a.id, b.id] })
const publish = async (leagueId: string) => expect((await admin.client.post(`${base(leagueId)}/publish`, {})).status).toBe(200)
const slotOf = (s: { date: string; startTime: string; area: { id: string } }): Slot => ({ date: s.date, startTime: s.startTime, areaId: s.area.id })
const teamsOf = (g: Game) => [g.home.id, g.away.id]
const mailTo = (address: string) => ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', address.toLowerCase()).where('subject', 'like', '%moved%').execute()

/** Four Complete teams (a captain and two players each) on one court, Tuesdays and Thursdays at 18:00, 19:00 and 20:00, with a draft. */
async function drafted(name = 'Moving Hoops') {
  const leagueId = await createTeamLeague(ctx, { name })
  const teams = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'], 2)
  const court = await createArea(admin)
  await setNights(admin, leagueId, nightsInput([court.id]))
  const schedule = await generate(admin, leagueId)
  const people = (teamId: string) => teams.filter((t) => t.team.id === teamId).flatMap((t) => [t.captain, ...t.players])
  return { leagueId, court, schedule, teams, people }
}

describe('moving a game', () => {
  test('in a draft: it takes the free slot, is audited, and nobody is emailed', async () => {
    const { leagueId, schedule, people } = await drafted()
    const [game] = schedule.games
    const free = schedule.freeSlots.at(-1)!
    const res = await move(leagueId, game!, slotOf(free))
    expect(res.status, res.text).toBe(200)
    expect(res.body.notified).toBe(0)
    expect(res.body.schedule.games.find((g) => g.id === game!.id)).toMatchObject({ date: free.date, startTime: free.startTime, endTime: free.endTime, area: free.area })
    expect(res.body.schedule.freeSlots).toContainEqual({ date: game!.date, startTime: game!.startTime, endTime: game!.endTime, area: game!.area })
    for (const person of teamsOf(game!).flatMap(people)) expect(await mailTo(person.email)).toEqual([])
    const entry = await ctx.db.kysely.selectFrom('auditEntries').select(['entityLabel', 'before', 'after']).where('entityId', '=', leagueId).where('action', '=', 'game-moved').executeTakeFirstOrThrow()
    expect(entry.entityLabel).toBe(`${game!.home.name} v ${game!.away.name} in Moving Hoops`)
    const was = { date: game!.date, startTime: game!.startTime, area: game!.area.name }
    const now = { date: free.date, startTime: free.startTime, area: free.area.name }
    const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => was[k] !== now[k])
    expect(JSON.parse(entry.after!)).toEqual(Object.fromEntries(changed.map((k) => [k, now[k]])))
  })

  test('a slot another game holds is refused with 409 naming it, from this league or another', async () => {
    const { leagueId, court, schedule } = await drafted()
    const [first, second] = schedule.games as [Game, Game]
    const held = await move(leagueId, first, slotOf(second))
    expect(held.status).toBe(409)
    expect(held.body.error!.message).toBe(SCHEDULE_MESSAGES.slotHeld(court.name, second.date, second.startTime, `Moving Hoops: ${second.home.name} vs ${second.away.name}`))

    const other = await createTeamLeague(ctx, { name: 'Neighbours' })
    await createTeams(ctx, other, ['N1', 'N2'])
    const shared = await createArea(admin)
    await setNights(admin, other, nightsInput([shared.id]))
    const theirs = (await generate(admin, other)).games[0]!
    const across = await move(leagueId, first, slotOf(theirs))
    expect(across.status).toBe(409)
    expect(across.body.error!.message).toContain('Neighbours: N')
    // Overlapping without the same start is held too.
    const half = await move(leagueId, first, { ...slotOf(theirs), startTime: theirs.startTime.replace(':00', ':30') })
    expect(half.status).toBe(409)
  })

  test('a change that breaks a rule is made, and answered with the warning', async () => {
    const { leagueId, schedule } = await drafted()
    // A game, and another game of one of its teams on another date with a free slot.
    const [game, sameDay] = schedule.games
      .flatMap((g) => schedule.games.filter((o) => o.date !== g.date && teamsOf(o).some((t) => teamsOf(g).includes(t))).map((o) => [g, o] as const))
      .find(([, o]) => schedule.freeSlots.some((s) => s.date === o.date))!
    const res = await move(leagueId, game, slotOf(schedule.freeSlots.find((s) => s.date === sameDay.date)!))
    expect(res.status, res.text).toBe(200)
    expect(res.body.warnings.map((w) => w.rule)).toContain('team-twice-on-a-day')
    expect(res.body.warnings.find((w) => w.rule === 'team-twice-on-a-day')!.gameIds.sort()).toEqual([game.id, sameDay.id].sort())

    const wednesday = addDays(schedule.games.map((g) => g.date).find((d) => weekdayOf(d) === 2)!, 1)
    const off = await move(leagueId, game, { ...slotOf(game), date: wednesday })
    expect(off.status, off.text).toBe(200)
    expect(off.body.warnings).toContainEqual(expect.objectContaining({ rule: 'not-a-slot', gameIds: [game.id] }))
    expect(off.body.schedule.problems).toEqual(expect.arrayContaining(off.body.warnings))
  })

  test('after publishing, the captains and players of the two teams are emailed once, saying what changed; a repeat sends nothing', async () => {
    const { leagueId, schedule, people, teams } = await drafted('Published Hoops')
    await publish(leagueId)
    const [game] = schedule.games as [Game]
    const free = schedule.freeSlots.at(-1)!
    const res = await move(leagueId, game, slotOf(free))
    expect(res.status, res.text).toBe(200)
    const reached = teamsOf(game).flatMap(people)
    expect(res.body.notified).toBe(6)
    for (const person of reached) {
      const mail = await mailTo(person.email)
      expect(mail.map((m) => m.subject)).toEqual([`Game moved: ${game.home.name} v ${game.away.name}`])
      expect(mail[0]!.text).toContain(`Was: ${WEEKDAY_NAMES[weekdayOf(game.date)]} ${formatDate(game.date)}, ${formatTime(game.startTime)} on ${game.area.name}`)
      expect(mail[0]!.text).toContain(`Now: ${WEEKDAY_NAMES[weekdayOf(free.date)]} ${formatDate(free.date)}, ${formatTime(free.startTime)} on ${free.area.name}`)
      expect(mail[0]!.text).toContain('The Published Hoops schedule has changed')
    }
    const others = teams.filter((t) => !teamsOf(game).includes(t.team.id)).flatMap((t) => [t.captain, ...t.players])
    for (const person of others) expect(await mailTo(person.email)).toEqual([])

    const again = await move(leagueId, game, slotOf(free))
    expect(again.body.notified).toBe(0)
    for (const person of reached) expect(await mailTo(person.email)).toHaveLength(1)
  })

  test.each([
    [{ date: '2027-02-30', startTime: '18:00' }, 'Write the new date as a date such as 2027-01-05.'],
    [{ date: '2031-02-04', startTime: '25:00' }, 'Write the new start as a time such as 18:00 (24-hour).'],
    [{ date: '2031-02-04', startTime: '23:30' }, 'A 60-minute game starting at 11:30 PM would end at midnight or later: choose an earlier start.'],
    [{ date: '2031-02-04', startTime: '18:00', areaId: 'no-such-area' }, SCHEDULE_MESSAGES.noSuchArea],
  ])('%j is refused: %s', async (body, message) => {
    const { leagueId, schedule, court } = await drafted()
    const res = await move(leagueId, schedule.games[0]!, { areaId: court.id, ...body } as Slot)
    expect(res.status).toBe(400)
    expect(res.body.error!.message).toBe(message)
  })

  test('a playing area without the league’s sport is refused; an unknown game or another league’s is a 404', async () => {
    const { leagueId, schedule } = await drafted()
    const turf: PlayingArea = await createArea(admin, ['soccer'], `Turf ${leagueId.slice(0, 6)}`)
    const res = await move(leagueId, schedule.games[0]!, { ...slotOf(schedule.games[0]!), areaId: turf.id })
    expect(res.status).toBe(400)
    expect(res.body.error!.message).toBe(SCHEDULE_MESSAGES.areaDoesNotHost(turf.name, 'basketball'))
    const other = await drafted('Elsewhere Hoops')
    expect((await move(leagueId, other.schedule.games[0]!, slotOf(other.schedule.freeSlots[0]!))).status).toBe(404)
    expect((await admin.client.post(`${base(leagueId)}/games/nope/move`, slotOf(schedule.freeSlots[0]!))).status).toBe(404)
  })

  test('two admins moving two games into one free slot at once: one moves, the other is refused, never two games in the slot', async () => {
    const { leagueId, schedule } = await drafted()
    const other = await createUser(ctx, 'admin')
    const free = slotOf(schedule.freeSlots.at(-1)!)
    const answers = await Promise.all([move(leagueId, schedule.games[0]!, free), move(leagueId, schedule.games[1]!, free, other)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const inSlot = await ctx.db.kysely.selectFrom('games').select('id').where('areaId', '=', free.areaId).where('date', '=', free.date).where('startTime', '=', free.startTime).execute()
    expect(inSlot).toHaveLength(1)
  })

  test('two leagues’ games moved at once to overlapping times of one court (no unique key between them): one moves, the other is refused', async () => {
    const court = await createArea(admin)
    const leagues = await Promise.all(['Overlap One', 'Overlap Two'].map((name) => createTeamLeague(ctx, { name })))
    const drafts: Schedule[] = []
    for (const [i, leagueId] of leagues.entries()) {
      await createTeams(ctx, leagueId, [`O${i}a`, `O${i}b`])
      await setNights(admin, leagueId, nightsInput([court.id]))
      drafts.push(await generate(admin, leagueId))
    }
    const free = slotOf((await admin.client.get<Answer>(base(leagues[0]!))).body.schedule.freeSlots.at(-1)!)
    const half = { ...free, startTime: free.startTime.replace(':00', ':30') }
    const other = await createUser(ctx, 'admin')
    const answers = await Promise.all([move(leagues[0]!, drafts[0]!.games[0]!, free), move(leagues[1]!, drafts[1]!.games[0]!, half, other)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})

describe('swapping two games', () => {
  test('in a draft: each takes the other’s slot, audited, nobody emailed', async () => {
    const { leagueId, schedule, people } = await drafted()
    const [a, b] = [schedule.games[0]!, schedule.games.at(-1)!]
    const res = await swap(leagueId, a, b)
    expect(res.status, res.text).toBe(200)
    expect(res.body.notified).toBe(0)
    const after = (id: string) => res.body.schedule.games.find((g) => g.id === id)!
    expect(slotOf(after(a.id))).toEqual(slotOf(b))
    expect(slotOf(after(b.id))).toEqual(slotOf(a))
    for (const person of [...teamsOf(a), ...teamsOf(b)].flatMap(people)) expect(await mailTo(person.email)).toEqual([])
    const entry = await ctx.db.kysely.selectFrom('auditEntries').select(['action', 'after']).where('entityId', '=', leagueId).where('action', '=', 'games-swapped').executeTakeFirstOrThrow()
    expect(JSON.parse(entry.after!).games[0]).toEqual({ game: `${a.home.name} v ${a.away.name}`, date: b.date, startTime: b.startTime, area: b.area.name })
  })

  test('after publishing, everyone on the moved teams is emailed once, a team in both games with both in one email', async () => {
    const { leagueId, schedule, people } = await drafted()
    await publish(leagueId)
    const a = schedule.games[0]!
    const b = schedule.games.find((g) => g.id !== a.id && g.date !== a.date && teamsOf(g).some((t) => teamsOf(a).includes(t)))!
    const res = await swap(leagueId, a, b)
    expect(res.status, res.text).toBe(200)
    const shared = teamsOf(a).find((t) => teamsOf(b).includes(t))!
    const teamIds = [...new Set([...teamsOf(a), ...teamsOf(b)])]
    expect(res.body.notified).toBe(teamIds.length * 3)
    for (const person of people(shared)) expect((await mailTo(person.email)).map((m) => m.subject)).toEqual(['Schedule change: 2 games moved'])
    for (const teamId of teamIds.filter((t) => t !== shared)) {
      const game = teamsOf(a).includes(teamId) ? a : b
      for (const person of people(teamId)) expect((await mailTo(person.email)).map((m) => m.subject)).toEqual([`Game moved: ${game.home.name} v ${game.away.name}`])
    }
  })

  test('the same game twice is refused; an unknown game is a 404', async () => {
    const { leagueId, schedule } = await drafted()
    const same = await swap(leagueId, schedule.games[0]!, schedule.games[0]!)
    expect(same.status).toBe(400)
    expect(same.body.error!.message).toBe('Choose two different games to swap.')
    expect((await admin.client.post(`${base(leagueId)}/swap`, { gameIds: [schedule.games[0]!.id, 'nope'] })).status).toBe(404)
    expect((await admin.client.post(`${base(leagueId)}/swap`, { gameIds: [schedule.games[0]!.id] })).body).toMatchObject({ error: { message: 'Choose the two games to swap, as a list of their two ids.' } })
  })
})

describe('access', () => {
  test('customers and employees cannot move or swap games', async () => {
    const { leagueId, schedule } = await drafted()
    for (const who of [await createUser(ctx, 'customer'), await createUser(ctx, 'employee')]) {
      expect((await move(leagueId, schedule.games[0]!, slotOf(schedule.freeSlots[0]!), who)).status).toBe(403)
      expect((await swap(leagueId, schedule.games[0]!, schedule.games[1]!, who)).status).toBe(403)
    }
  })
})
