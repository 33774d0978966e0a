import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { OpenGame, TeamGame } from '../../../shared/contracts/open-schedule.ts'
import type { MyTeam } from '../../../shared/contracts/teams.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'

let ctx: TestApp
let admin: TestUser
let visitor: ReturnType<TestApp['client']>
let clock: Date | null = null
beforeAll(async () => {
  ctx = await startTestApp({ now: () => clock ?? new Date() })
  admin = await createUser(ctx, 'admin')
  visitor = ctx.client()
})
afterAll(() => ctx.close())

type LeagueAnswer = { league: { id: string; name: string }; games: OpenGame[]; error?: { message: string } }
type TeamAnswer = { published: boolean; team: { id: string; name: string }; games: TeamGame[]; next: TeamGame | null; error?: { message: string } }
const leagueGames = (leagueId: string) => visitor.get<LeagueAnswer>(`/api/leagues/${leagueId}/games`)
const teamGames = (leagueId: string, teamId: string) => visitor.get<TeamAnswer>(`/api/leagues/${leagueId}/teams/${teamId}/games`)

/** A team league of three Complete teams with a drafted schedule on one court. */
async function draftedLeague() {
  const leagueId = await createTeamLeague(ctx, { name: 'Open Hoops' })
  const teams = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears'])
  const court = await createArea(admin)
  await setNights(admin, leagueId, nightsInput([court.id]))
  const schedule = await generate(admin, leagueId)
  const ids = Object.fromEntries(teams.map((t) => [t.team.name, t.team.id])) as Record<'Owls' | 'Hawks' | 'Bears', string>
  return { leagueId, ids, court, games: schedule.games }
}

const publish = async (leagueId: string) => expect((await admin.client.post(`/api/admin/leagues/${leagueId}/schedule/publish`, {})).status).toBe(200)
const score = (gameId: string, values: { homeScore?: number | null; awayScore?: number | null; forfeitedBy?: string | null }) =>
  ctx.db.kysely.updateTable('games').set(values).where('id', '=', gameId).execute()

describe('a league’s schedule, open to everyone', () => {
  test('a draft is not shown: the league’s games are a 404 and a team has none', async () => {
    const { leagueId, ids } = await draftedLeague()
    const league = await leagueGames(leagueId)
    expect(league.status).toBe(404)
    expect(league.body.error?.message).toBe('This league’s schedule is not published yet.')
    const team = await teamGames(leagueId, ids.Owls)
    expect(team.status).toBe(200)
    expect(team.body).toMatchObject({ published: false, games: [], next: null, team: { id: ids.Owls, name: 'Owls' } })
  })

  test('once published, a visitor reads every game by date with its court, teams and results, a forfeit as such', async () => {
    const { leagueId, court, games } = await draftedLeague()
    await publish(leagueId)
    const [first, second] = games
    await score(first!.id, { homeScore: 52, awayScore: 47 })
    await score(second!.id, { forfeitedBy: second!.away.id })
    const res = await leagueGames(leagueId)
    expect(res.status, res.text).toBe(200)
    expect(res.body.league).toMatchObject({ id: leagueId, name: 'Open Hoops' })
    expect(res.body.games).toHaveLength(3)
    expect(res.body.games.map((g) => `${g.date} ${g.startTime}`)).toEqual([...res.body.games.map((g) => `${g.date} ${g.startTime}`)].sort())
    expect(res.body.games.every((g) => g.area.id === court.id && g.area.name === court.name)).toBe(true)
    expect(res.body.games.find((g) => g.id === first!.id)).toMatchObject({ homeScore: 52, awayScore: 47, forfeitedBy: null, home: first!.home, away: first!.away })
    expect(res.body.games.find((g) => g.id === second!.id)).toMatchObject({ forfeitedBy: second!.away.id })
    expect(res.body.games[2]).toMatchObject({ homeScore: null, awayScore: null, forfeitedBy: null })
  })

  test('a team’s own games read from its side: the opponent, and W, L or T with its score', async () => {
    const { leagueId, ids, games } = await draftedLeague()
    await publish(leagueId)
    const owlsGames = games.filter((g) => [g.home.id, g.away.id].includes(ids.Owls))
    const [won, forfeited] = owlsGames
    const owlsHome = won!.home.id === ids.Owls
    await score(won!.id, owlsHome ? { homeScore: 60, awayScore: 40 } : { homeScore: 40, awayScore: 60 })
    await score(forfeited!.id, { forfeitedBy: ids.Owls })
    const res = await teamGames(leagueId, ids.Owls)
    expect(res.status, res.text).toBe(200)
    expect(res.body.published).toBe(true)
    expect(res.body.games.map((g) => g.id)).toEqual(owlsGames.map((g) => g.id))
    expect(res.body.games[0]).toMatchObject({ home: owlsHome, opponent: owlsHome ? won!.away : won!.home, result: { outcome: 'W', for: 60, against: 40, forfeit: null } })
    expect(res.body.games[1]!.result).toEqual({ outcome: 'L', for: null, against: null, forfeit: 'team' })
    const opponent = forfeited!.home.id === ids.Owls ? forfeited!.away.id : forfeited!.home.id
    expect((await teamGames(leagueId, opponent)).body.games.find((g) => g.id === forfeited!.id)!.result).toEqual({ outcome: 'W', for: null, against: null, forfeit: 'opponent' })
    await score(won!.id, { homeScore: 50, awayScore: 50 })
    expect((await teamGames(leagueId, ids.Owls)).body.games[0]!.result).toMatchObject({ outcome: 'T', for: 50, against: 50 })
  })

  test('the next game is the first not ended on the facility’s clock, across midnight in UTC', async () => {
    const { leagueId, ids, games } = await draftedLeague()
    await publish(leagueId)
    const owls = games.filter((g) => [g.home.id, g.away.id].includes(ids.Owls))
    const [late, later] = owls
    // A late game: 20:30 to 21:30 at the facility, when the day in UTC is already the next.
    await ctx.db.kysely.updateTable('games').set({ startTime: '20:30', endTime: '21:30' }).where('id', '=', late!.id).execute()
    const at = (time: string) => DateTime.fromISO(`${late!.date}T${time}`, { zone: ctx.config.site.timeZone }).toJSDate()
    try {
      clock = at('21:29')
      expect(facilityDateInUtc(clock)).not.toBe(late!.date)
      expect((await teamGames(leagueId, ids.Owls)).body.next?.id).toBe(late!.id)
      clock = at('21:30')
      expect((await teamGames(leagueId, ids.Owls)).body.next?.id).toBe(later!.id)
      clock = at('20:00')
      expect((await teamGames(leagueId, ids.Owls)).body.next).toMatchObject({ id: late!.id, date: late!.date, startTime: '20:30', area: late!.area })
      clock = DateTime.fromISO(`${later!.date}T${later!.endTime}`, { zone: ctx.config.site.timeZone }).toJSDate()
      expect((await teamGames(leagueId, ids.Owls)).body.next).toBeNull()
    } finally {
      clock = null
    }
  })

  test('a league that is not a team league, or a team of another league, is a 404 saying so', async () => {
    const { leagueId } = await draftedLeague()
    const other = await draftedLeague()
    expect((await leagueGames('no-such-league')).body.error?.message).toBe('There is no team league at this address.')
    const res = await teamGames(leagueId, other.ids.Owls)
    expect(res.status).toBe(404)
    expect(res.body.error?.message).toBe('There is no such team in this league.')
  })

  test('a captain’s teams carry the next game once the schedule is out: on their account and in their record at the desk', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Account Hoops' })
    const [owls] = await createTeams(ctx, leagueId, ['Owls', 'Hawks'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id]))
    await generate(admin, leagueId)
    const mine = async () => (await owls!.captain.client.get<{ teams: MyTeam[] }>('/api/teams/mine')).body.teams.find((t) => t.id === owls!.team.id)
    expect(await mine()).toMatchObject({ schedulePublished: false, nextGame: null })
    await publish(leagueId)
    const next = (await teamGames(leagueId, owls!.team.id)).body.next
    expect(next).toMatchObject({ area: { id: court.id }, opponent: { name: 'Hawks' } })
    expect(await mine()).toMatchObject({ schedulePublished: true, nextGame: next })
    const record = await admin.client.get<{ customer: CustomerRecord }>(`/api/desk/customers/${owls!.captain.id}`)
    expect(record.status, record.text).toBe(200)
    expect(record.body.customer.teams.find((t) => t.id === owls!.team.id)).toMatchObject({ schedulePublished: true, nextGame: next })
  })
})

const facilityDateInUtc = (at: Date) => at.toISOString().slice(0, 10)
