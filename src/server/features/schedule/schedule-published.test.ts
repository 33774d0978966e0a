import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { LeagueSummary } from '../../../shared/contracts/leagues.ts'
import type { TeamLeague } from '../../../shared/contracts/teams.ts'

/*
 * The league page's read and the open list of team leagues say whether a league's schedule and
 * standings are open (issue 33), so both pages link to /schedule/:leagueId once it is published.
 */

let ctx: TestApp
let admin: TestUser
let person: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  person = await createUser(ctx)
})
afterAll(() => ctx.close())

async function published(leagueId: string) {
  const one = await person.client.get<{ league: LeagueSummary }>(`/api/leagues/${leagueId}`)
  expect(one.status).toBe(200)
  const list = await ctx.client().get<{ leagues: TeamLeague[] }>('/api/leagues/teams')
  expect(list.status).toBe(200)
  return { page: one.body.league.schedulePublished, list: list.body.leagues.find((l) => l.id === leagueId)?.schedulePublished }
}

describe('whether a team league’s schedule is published, on its league page and in the open list', () => {
  test('false with no game nights and with a draft, true once published; another league stays false', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Published Hoops' })
    const otherId = await createTeamLeague(ctx, { name: 'Unscheduled Hoops' })
    expect(await published(leagueId)).toEqual({ page: false, list: false })

    await createTeams(ctx, leagueId, ['Owls', 'Hawks'])
    const court = await createArea(admin)
    await setNights(admin, leagueId, nightsInput([court.id]))
    await generate(admin, leagueId)
    expect(await published(leagueId)).toEqual({ page: false, list: false })

    const res = await admin.client.post(`/api/admin/leagues/${leagueId}/schedule/publish`, {})
    expect(res.status).toBe(200)
    expect(await published(leagueId)).toEqual({ page: true, list: true })
    expect(await published(otherId)).toEqual({ page: false, list: false })
  })

  test('an individual league’s page says false', async () => {
    const leagueId = await createLeague(ctx, { kind: 'individual' })
    const one = await person.client.get<{ league: LeagueSummary }>(`/api/leagues/${leagueId}`)
    expect(one.status).toBe(200)
    expect(one.body.league.schedulePublished).toBe(false)
  })
})
