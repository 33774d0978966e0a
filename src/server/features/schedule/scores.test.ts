import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { Schedule } from '../../../shared/contracts/schedule.ts'
import type { Standings } from '../../../shared/contracts/scores.ts'
import type { GameNightsInput } from '../../../shared/schemas/schedule.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Answer = { standings: Standings; error?: { message: string } }
const readStandings = (leagueId: string, as = ctx.client()) => as.get<Answer>(`/api/leagues/${leagueId}/standings`)
/** Each row as `rank name played-won-lost-tied for:against points`. */
const table = (s: Standings) => s.rows.map((r) => `${r.rank} ${r.team.name} ${r.played}-${r.won}-${r.lost}-${r.tied} ${r.pointsFor}:${r.pointsAgainst} ${r.points}`)

/** A published single round robin of Owls, Hawks and Bears, on game nights with the given standings rules. */
async function publishedLeague(standings?: GameNightsInput['standings']) {
  const leagueId = await createTeamLeague(ctx)
  const teams = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears'])
  const court = await createArea(admin)
  await setNights(admin, leagueId, nightsInput([court.id], standings ? { standings } : {}))
  await generate(admin, leagueId)
  const published = await admin.client.post<{ schedule: Schedule }>(`/api/admin/leagues/${leagueId}/schedule/publish`, {})
  expect(published.status, published.text).toBe(200)
  const id = Object.fromEntries(teams.map((t) => [t.team.name, t.team.id]))
  const game = (home: string, away: string) => published.body.schedule.games.find((g) => [g.home.id, g.away.id].sort().join() === [id[home], id[away]].sort().join())!
  return { leagueId, id, game }
}

describe('standings', () => {
  test('are refused (404) for a league without a published schedule, and an individual league', async () => {
    const leagueId = await createTeamLeague(ctx)
    await createTeams(ctx, leagueId, ['Owls', 'Hawks'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id]))
    await generate(admin, leagueId)
    const draft = await readStandings(leagueId)
    expect(draft.status).toBe(404)
    expect(draft.body.error!.message).toBe('This league has no standings: it is not a team league with a published schedule.')
    expect((await readStandings('no-such-league')).status).toBe(404)
    expect((await readStandings(await createLeague(ctx))).status).toBe(404)
  })

  test('a visitor reads every team level before a result, listed by name', async () => {
    const { leagueId } = await publishedLeague()
    const res = await readStandings(leagueId)
    expect(res.status, res.text).toBe(200)
    expect(res.body.standings.results).toBe(0)
    expect(table(res.body.standings)).toEqual(['1 Bears 0-0-0-0 0:0 0', '1 Hawks 0-0-0-0 0:0 0', '1 Owls 0-0-0-0 0:0 0'])
  })

  test('are recomputed from the stored scores: entered, corrected, a forfeit by the league’s forfeit score', async () => {
    const { leagueId, id, game } = await publishedLeague({ win: 3, tie: 1, loss: 0, forfeitScore: { winner: 2, loser: 0 }, tieBreaks: ['points-for', 'head-to-head', 'difference'] })
    const score = (home: string, away: string, homeScore: number | null, awayScore: number | null, forfeitedBy: string | null = null) => {
      const g = game(home, away)
      const [h, a] = g.home.id === id[home] ? [homeScore, awayScore] : [awayScore, homeScore]
      return ctx.db.kysely.updateTable('games').set({ homeScore: h, awayScore: a, forfeitedBy: forfeitedBy && id[forfeitedBy]! }).where('id', '=', g.id).execute()
    }
    const now = async () => table((await readStandings(leagueId)).body.standings)

    await score('Owls', 'Hawks', 5, 3)
    // Hawks and Bears level on 0 points: Hawks' 3 points for (the first tie-break) put them second.
    expect(await now()).toEqual(['1 Owls 1-1-0-0 5:3 3', '2 Hawks 1-0-1-0 3:5 0', '3 Bears 0-0-0-0 0:0 0'])
    // Corrected to a tie.
    await score('Owls', 'Hawks', 4, 4)
    expect(await now()).toEqual(['1 Hawks 1-0-0-1 4:4 1', '1 Owls 1-0-0-1 4:4 1', '3 Bears 0-0-0-0 0:0 0'])
    // Bears forfeit to Owls: the league's 2–0, whatever was written in the scores.
    await score('Owls', 'Bears', 9, 9, 'Bears')
    expect(await now()).toEqual(['1 Owls 2-1-0-1 6:4 4', '2 Hawks 1-0-0-1 4:4 1', '3 Bears 1-0-1-0 0:2 0'])
    // Hawks beat Bears 1–0: level with Owls on 4 points; points for (the first tie-break) puts Owls first.
    await score('Hawks', 'Bears', 1, 0)
    expect(await now()).toEqual(['1 Owls 2-1-0-1 6:4 4', '2 Hawks 2-1-0-1 5:4 4', '3 Bears 2-0-2-0 0:3 0'])
    expect((await readStandings(leagueId)).body.standings).toMatchObject({ results: 3, rules: { win: 3, tieBreaks: ['points-for', 'head-to-head', 'difference'] } })
  })
})
