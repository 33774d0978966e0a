import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import { BLACKOUT_MESSAGES, MOST_BLACKOUTS, type TeamBlackouts } from '../../../shared/contracts/blackouts.ts'
import type { Schedule } from '../../../shared/contracts/schedule.ts'
import { addDays } from '../../../shared/registration-window.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Answer = { blackouts: TeamBlackouts; error?: { message: string; fields?: Record<string, string> } }
const path = (leagueId: string, teamId: string) => `/api/leagues/${leagueId}/teams/${teamId}/blackouts`
const save = (who: TestUser, leagueId: string, teamId: string, body: unknown) => who.client.post<Answer>(path(leagueId, teamId), body)
const read = (who: TestUser, leagueId: string, teamId: string) => who.client.get<Answer>(path(leagueId, teamId))

/** A team league whose season runs 2027-03-01 to 2027-05-31, with two Complete teams, each with a player. */
async function league() {
  const leagueId = await createTeamLeague(ctx, { name: 'Blackout Hoops', startDate: '2027-03-01', endDate: '2027-05-31' })
  const [owls, hawks] = await createTeams(ctx, leagueId, ['Owls', 'Hawks'], 1)
  return { leagueId, owls: owls!, hawks: hawks! }
}

describe('blackout dates', () => {
  test('the captain sets them (in order, once each), reads them back, and the league’s schedule page shows them to staff', async () => {
    const { leagueId, owls } = await league()
    const res = await save(owls.captain, leagueId, owls.team.id, { dates: ['2027-04-10', '2027-03-02', '2027-04-10'] })
    expect(res.status, res.text).toBe(200)
    expect(res.body.blackouts).toEqual({ team: { id: owls.team.id, name: 'Owls' }, season: { startDate: '2027-03-01', endDate: '2027-05-31' }, dates: ['2027-03-02', '2027-04-10'], most: MOST_BLACKOUTS })
    expect((await read(owls.captain, leagueId, owls.team.id)).body.blackouts.dates).toEqual(['2027-03-02', '2027-04-10'])
    const schedule = (await admin.client.get<{ schedule: Schedule }>(`/api/admin/leagues/${leagueId}/schedule`)).body.schedule
    expect(schedule.blackouts).toEqual([{ team: { id: owls.team.id, name: 'Owls' }, dates: ['2027-03-02', '2027-04-10'] }])
    // An empty list clears them; the captain's own change is not a staff action.
    expect((await save(owls.captain, leagueId, owls.team.id, { dates: [] })).body.blackouts.dates).toEqual([])
    expect(await ctx.db.kysely.selectFrom('auditEntries').select('id').where('entityId', '=', owls.team.id).where('action', '=', 'blackouts-set').execute()).toEqual([])
  })

  test('the generator keeps the dates the captain set', async () => {
    const { leagueId, owls } = await league()
    await createTeams(ctx, leagueId, ['Bears', 'Wolves'])
    await setNights(admin, leagueId, nightsInput([(await createArea(admin)).id]))
    const owlsDates = (schedule: Schedule) => schedule.games.filter((g) => [g.home.id, g.away.id].includes(owls.team.id)).map((g) => g.date)
    const first = owlsDates(await generate(admin, leagueId))[0]!
    expect((await save(owls.captain, leagueId, owls.team.id, { dates: [first] })).status).toBe(200)
    const again = await generate(admin, leagueId)
    expect(owlsDates(again)).not.toContain(first)
    expect(again.problems).toEqual([])
    expect(again.report.blackoutsBroken).toEqual([])
  })

  test('staff set them too, audited with the dates before and after', async () => {
    const { leagueId, owls } = await league()
    const employee = await createUser(ctx, 'employee')
    expect((await save(employee, leagueId, owls.team.id, { dates: ['2027-05-01'] })).status).toBe(200)
    expect((await save(admin, leagueId, owls.team.id, { dates: ['2027-05-02'] })).body.blackouts.dates).toEqual(['2027-05-02'])
    const entries = await ctx.db.kysely.selectFrom('auditEntries').select(['before', 'after']).where('entityId', '=', owls.team.id).where('action', '=', 'blackouts-set').orderBy('at').execute()
    expect(entries.map((e) => [JSON.parse(e.before!), JSON.parse(e.after!)])).toEqual([
      [{ dates: [] }, { dates: ['2027-05-01'] }],
      [{ dates: ['2027-05-01'] }, { dates: ['2027-05-02'] }],
    ])
  })

  test('a player, another captain and a visitor are answered as if the team did not exist', async () => {
    const { leagueId, owls, hawks } = await league()
    for (const who of [owls.players[0]!, hawks.captain]) {
      expect((await read(who, leagueId, owls.team.id)).status).toBe(404)
      expect((await save(who, leagueId, owls.team.id, { dates: [] })).status).toBe(404)
    }
    expect((await ctx.client().post(path(leagueId, owls.team.id), { dates: [] })).status).toBe(401)
    expect((await read(owls.captain, leagueId, hawks.team.id)).status).toBe(404)
    expect((await read(owls.captain, 'no-such-league', owls.team.id)).status).toBe(404)
  })

  test('bad lists are refused with a sentence a person understands, and change nothing', async () => {
    const { leagueId, owls } = await league()
    await save(owls.captain, leagueId, owls.team.id, { dates: ['2027-03-05'] })
    const outside = await save(owls.captain, leagueId, owls.team.id, { dates: ['2027-03-05', '2027-06-01'] })
    expect(outside.status).toBe(400)
    expect(outside.body.error!.message).toBe(BLACKOUT_MESSAGES.outsideSeason('Blackout Hoops', '3/1/2027', '5/31/2027'))
    const tooMany = await save(owls.captain, leagueId, owls.team.id, { dates: Array.from({ length: MOST_BLACKOUTS + 1 }, (_, i) => addDays('2027-03-01', i)) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error!.message).toBe(BLACKOUT_MESSAGES.tooMany)
    for (const body of [{ dates: ['next Tuesday'] }, { dates: '2027-03-05' }, [], null, { dates: [20270305] }]) {
      const res = await save(owls.captain, leagueId, owls.team.id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error!.message).toMatch(/^(Write each blackout date|Send the blackout dates)/)
    }
    expect((await read(owls.captain, leagueId, owls.team.id)).body.blackouts.dates).toEqual(['2027-03-05'])
  })

  test('a team that left the league keeps no blackout dates to change (409)', async () => {
    const { leagueId, owls } = await league()
    expect((await owls.captain.client.post(`/api/registrations/${owls.team.entry!.registrationId}/cancel`, {})).status).toBe(200)
    const res = await save(admin, leagueId, owls.team.id, { dates: ['2027-03-05'] })
    expect(res.status).toBe(409)
    expect(res.body.error!.message).toBe(BLACKOUT_MESSAGES.withdrawn)
  })

  test('the captain and staff saving at once leave one of the two lists whole', async () => {
    const { leagueId, owls } = await league()
    const lists = [['2027-03-02', '2027-03-03'], ['2027-03-03', '2027-03-04', '2027-03-05']]
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([save(owls.captain, leagueId, owls.team.id, { dates: lists[0] }), save(admin, leagueId, owls.team.id, { dates: lists[1] })])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect(lists).toContainEqual((await read(owls.captain, leagueId, owls.team.id)).body.blackouts.dates)
    }
  })
})
