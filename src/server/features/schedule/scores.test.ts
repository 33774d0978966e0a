import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { Schedule } from '../../../shared/contracts/schedule.ts'
import type { ScoreGame, Standings } from '../../../shared/contracts/scores.ts'
import type { GameNightsInput } from '../../../shared/schemas/schedule.ts'

let ctx: TestApp
let admin: TestUser
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  employee = await createUser(ctx, 'employee')
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

type Sheet = { leagues: { id: string; name: string; gamesToScore: number }[]; league: { id: string } | null; games: ScoreGame[]; today: string }
type Scored = { game: ScoreGame; error?: { message: string } }
const enter = (leagueId: string, g: { id: string }, body: Record<string, unknown>, as = employee) => as.client.post<Scored>(`/api/admin/leagues/${leagueId}/games/${g.id}/score`, body)
const entries = (leagueId: string) => ctx.db.kysely.selectFrom('auditEntries').select(['action', 'staffId', 'entityLabel', 'before', 'after']).where('entityId', '=', leagueId).where('action', 'in', ['score-entered', 'score-corrected']).orderBy('at').orderBy('id').execute()

/** The published league with Owls v Hawks played yesterday, Owls v Bears two days ago, and Hawks v Bears still weeks away. */
async function playedLeague() {
  const league = await publishedLeague()
  const [owlsHawks, owlsBears] = [league.game('Owls', 'Hawks'), league.game('Owls', 'Bears')]
  await ctx.db.kysely.updateTable('games').set({ date: daysFromToday(-1) }).where('id', '=', owlsHawks.id).execute()
  await ctx.db.kysely.updateTable('games').set({ date: daysFromToday(-2) }).where('id', '=', owlsBears.id).execute()
  return { ...league, owlsHawks, owlsBears, hawksBears: league.game('Hawks', 'Bears') }
}

describe('entering scores', () => {
  test('an employee enters a score, corrects it and clears it; each change is audited and the standings follow', async () => {
    const { leagueId, owlsHawks: game } = await playedLeague()
    const home = game.home.name
    const entered = await enter(leagueId, game, { outcome: 'score', version: 0, homeScore: 5, awayScore: 3 })
    expect(entered.status, entered.text).toBe(200)
    expect(entered.body.game).toMatchObject({ id: game.id, homeScore: 5, awayScore: 3, forfeitedBy: null, scoreVersion: 1, started: true })
    expect(table((await readStandings(leagueId)).body.standings)[0]).toBe(`1 ${home} 1-1-0-0 5:3 2`)

    const corrected = await enter(leagueId, game, { outcome: 'score', version: 1, homeScore: 3, awayScore: 5 }, admin)
    expect(corrected.body.game).toMatchObject({ homeScore: 3, awayScore: 5, scoreVersion: 2 })
    expect(table((await readStandings(leagueId)).body.standings)[0]).toBe(`1 ${game.away.name} 1-1-0-0 5:3 2`)
    // The same result again: nothing changes, nothing is written.
    expect((await enter(leagueId, game, { outcome: 'score', version: 2, homeScore: 3, awayScore: 5 })).body.game.scoreVersion).toBe(2)

    const cleared = await enter(leagueId, game, { outcome: 'clear', version: 2 })
    expect(cleared.body.game).toMatchObject({ homeScore: null, awayScore: null, scoreVersion: 3 })
    expect((await readStandings(leagueId)).body.standings.results).toBe(0)

    const label = `${home} v ${game.away.name} on ${daysFromToday(-1)} in `
    expect((await entries(leagueId)).map((e) => ({ ...e, entityLabel: e.entityLabel.slice(0, label.length), before: JSON.parse(e.before ?? 'null'), after: JSON.parse(e.after!) }))).toEqual([
      { action: 'score-entered', staffId: employee.id, entityLabel: label, before: null, after: { result: `${home} 5 – 3 ${game.away.name}`, homeScore: 5, awayScore: 3, forfeitedBy: null } },
      { action: 'score-corrected', staffId: admin.id, entityLabel: label, before: { result: `${home} 5 – 3 ${game.away.name}`, homeScore: 5, awayScore: 3 }, after: { result: `${home} 3 – 5 ${game.away.name}`, homeScore: 3, awayScore: 5 } },
      { action: 'score-corrected', staffId: employee.id, entityLabel: label, before: { result: `${home} 3 – 5 ${game.away.name}`, homeScore: 3, awayScore: 5 }, after: { result: 'no result', homeScore: null, awayScore: null } },
    ])
  })

  test('a forfeit records the league’s forfeit score, the forfeiting team losing; a team not in the game is refused', async () => {
    const { leagueId, id, owlsBears: game } = await playedLeague()
    const foreign = await enter(leagueId, game, { outcome: 'forfeit', version: 0, forfeitedBy: id.Hawks })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error!.message).toBe(`The team that forfeited is one of this game’s two teams: ${game.home.name} or ${game.away.name}.`)
    const res = await enter(leagueId, game, { outcome: 'forfeit', version: 0, forfeitedBy: id.Bears })
    expect(res.status, res.text).toBe(200)
    const bearsHome = game.home.id === id.Bears
    expect(res.body.game).toMatchObject({ forfeitedBy: id.Bears, homeScore: bearsHome ? 0 : 20, awayScore: bearsHome ? 20 : 0 })
    expect(table((await readStandings(leagueId)).body.standings)).toEqual(['1 Owls 1-1-0-0 20:0 2', '2 Hawks 0-0-0-0 0:0 0', '3 Bears 1-0-1-0 0:20 0'])
    const [entry] = await entries(leagueId)
    expect(JSON.parse(entry!.after!)).toMatchObject({ result: expect.stringMatching(/^Bears forfeited \((Owls 20 – 0 Bears|Bears 0 – 20 Owls)\)$/), forfeitedBy: 'Bears' })
  })

  test('refused: a stale version (with the result now), a game not started, a draft, another league’s game, a score out of bounds', async () => {
    const { leagueId, owlsHawks, hawksBears } = await playedLeague()
    expect((await enter(leagueId, owlsHawks, { outcome: 'score', version: 0, homeScore: 2, awayScore: 1 })).status).toBe(200)
    const stale = await enter(leagueId, owlsHawks, { outcome: 'score', version: 0, homeScore: 7, awayScore: 1 }, admin)
    expect(stale.status).toBe(409)
    expect(stale.body.error!.message).toBe(`This game’s score was changed by someone else: it is now ${owlsHawks.home.name} 2 – 1 ${owlsHawks.away.name}. Check it, and enter yours again if it still needs changing.`)

    const early = await enter(leagueId, hawksBears, { outcome: 'score', version: 0, homeScore: 1, awayScore: 0 })
    expect(early.status).toBe(409)
    expect(early.body.error!.message).toBe(`${hawksBears.home.name} v ${hawksBears.away.name} starts on ${hawksBears.date} at ${hawksBears.startTime}: its result can be entered once it has started.`)

    const other = await publishedLeague()
    expect((await enter(other.leagueId, owlsHawks, { outcome: 'clear', version: 1 })).status).toBe(404)

    for (const [body, message] of [
      [{ outcome: 'score', version: 1, homeScore: -1, awayScore: 0 }, 'The home team’s score is a whole number from 0 to 999.'],
      [{ outcome: 'score', version: 1, homeScore: 1, awayScore: 1000 }, 'The away team’s score is a whole number from 0 to 999.'],
      [{ outcome: 'score', version: 1, homeScore: 2.5, awayScore: 1 }, 'The home team’s score is a whole number from 0 to 999.'],
      [{ outcome: 'won', version: 1 }, 'Send the result as { outcome: "score", homeScore, awayScore }, { outcome: "forfeit", forfeitedBy } or { outcome: "clear" }, with the version you saw.'],
    ] as const) {
      const res = await enter(leagueId, owlsHawks, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error!.message).toBe(message)
    }

    const draft = await createTeamLeague(ctx, { name: 'Draft Only' })
    await createTeams(ctx, draft, ['Owls', 'Hawks'])
    await setNights(admin, draft, nightsInput([(await createArea(admin)).id]))
    const [draftGame] = (await generate(admin, draft)).games
    const refused = await enter(draft, draftGame!, { outcome: 'clear', version: 0 })
    expect(refused.status).toBe(409)
    expect(refused.body.error!.message).toBe('Draft Only’s schedule is not published: scores are entered on a published schedule’s games.')
    expect((await enter(leagueId, owlsHawks, { outcome: 'clear', version: 1 }, await createRegistrant(ctx))).status).toBe(403)
  })

  test('two scorers correcting at once: exactly one wins, the other is told the result now', async () => {
    const { leagueId, owlsHawks: game } = await playedLeague()
    expect((await enter(leagueId, game, { outcome: 'score', version: 0, homeScore: 1, awayScore: 1 })).status).toBe(200)
    const answers = await Promise.all([enter(leagueId, game, { outcome: 'score', version: 1, homeScore: 4, awayScore: 1 }), enter(leagueId, game, { outcome: 'score', version: 1, homeScore: 1, awayScore: 4 }, admin)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const won = answers.find((a) => a.status === 200)!.body.game
    const stored = await ctx.db.kysely.selectFrom('games').select(['homeScore', 'awayScore', 'scoreVersion']).where('id', '=', game.id).executeTakeFirstOrThrow()
    expect(stored).toEqual({ homeScore: won.homeScore, awayScore: won.awayScore, scoreVersion: 2 })
    expect(answers.find((a) => a.status === 409)!.body.error!.message).toContain(`it is now ${game.home.name} ${won.homeScore} – ${won.awayScore} ${game.away.name}.`)
    expect((await entries(leagueId)).map((e) => e.action)).toEqual(['score-entered', 'score-corrected'])
  })
})

describe('the scorer’s sheet', () => {
  test('lists the published leagues, and the games today first, then earlier ones without a result, then those with one', async () => {
    const { leagueId, owlsHawks, owlsBears, hawksBears } = await playedLeague()
    await ctx.db.kysely.updateTable('games').set({ date: daysFromToday(-3) }).where('id', '=', owlsHawks.id).execute()
    await ctx.db.kysely.updateTable('games').set({ date: daysFromToday(0), startTime: '00:00' }).where('id', '=', hawksBears.id).execute()
    expect((await enter(leagueId, owlsBears, { outcome: 'score', version: 0, homeScore: 1, awayScore: 0 })).status).toBe(200)
    const res = await employee.client.get<Sheet>(`/api/admin/scores?leagueId=${leagueId}`)
    expect(res.status, res.text).toBe(200)
    expect(res.body.games.map((g) => [g.id, g.started])).toEqual([[hawksBears.id, true], [owlsHawks.id, true], [owlsBears.id, true]])
    expect(res.body.leagues.find((l) => l.id === leagueId)).toMatchObject({ gamesToScore: 2 })
    expect(res.body.today).toBe(daysFromToday(0))
    const unknown = await employee.client.get<Sheet>('/api/admin/scores?leagueId=nope')
    expect(unknown.status).toBe(404)
    expect((await employee.client.get<Sheet>('/api/admin/scores')).status).toBe(200)
  })
})
