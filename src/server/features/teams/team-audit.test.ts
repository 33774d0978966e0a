import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createTeam, join } from '../../../../tests/teams.ts'
import type { TeamView } from '../../../shared/contracts/teams.ts'
import { INVITE_LIMITS, TEAM_MESSAGES } from '../../../shared/schemas/team.ts'

/*
 * What staff do through a captain's own team routes is audited (docs/decisions/0027): renaming,
 * taking a player off, handing the captaincy over, emailing invites and renewing the link. The
 * captain doing the same is the captain's business and writes no entry; a refused change writes none.
 */
let ctx: TestApp
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  employee = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

async function teamOfThree(name: string): Promise<{ team: TeamView; captain: TestUser; players: TestUser[] }> {
  const leagueId = await createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000 })
  const [captain, first, second] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx), createRegistrant(ctx)])
  const team = await createTeam(captain, leagueId, name)
  for (const player of [first, second]) expect((await join(player, team)).status).toBe(201)
  const read = await captain.client.get<{ team: TeamView }>(`/api/leagues/${leagueId}/teams/${team.id}`)
  return { team: read.body.team, captain, players: [first, second] }
}

const entriesOf = (...entityIds: string[]) =>
  ctx.db.kysely.selectFrom('auditEntries').select(['action', 'staffId', 'entityKind', 'entityId', 'entityLabel', 'before', 'after']).where('entityId', 'in', entityIds).orderBy('at').execute()

const base = (team: TeamView) => `/api/leagues/${team.leagueId}/teams/${team.id}`
const placeOf = (team: TeamView, user: TestUser) => team.players.find((p) => p.userId === user.id)!.registrationId

describe('staff through a captain’s team routes', () => {
  test('a rename, a player taken off, the captaincy handed over, invites emailed and a new link are each recorded on the team or the place', async () => {
    const { team, players } = await teamOfThree('Audit Owls')
    const [first, second] = players as [TestUser, TestUser]
    const post = (path: string, body: unknown = {}) => employee.client.post(`${base(team)}${path}`, body)
    expect((await post('/name', { name: 'Audit Eagles' })).status).toBe(200)
    expect((await post(`/players/${placeOf(team, first)}/remove`)).status).toBe(200)
    expect((await post('/captain', { registrationId: placeOf(team, second) })).status).toBe(200)
    expect((await post('/invite/emails', { emails: 'one@example.test, two@example.test' })).status).toBe(200)
    expect((await post('/invite')).status).toBe(200)

    const entries = await entriesOf(team.id, placeOf(team, first))
    expect(entries.map((e) => [e.action, e.staffId, e.entityKind])).toEqual([
      ['team-renamed', employee.id, 'team'],
      ['player-removed', employee.id, 'registration'],
      ['captain-changed', employee.id, 'team'],
      ['team-invites-emailed', employee.id, 'team'],
      ['team-invite-renewed', employee.id, 'team'],
    ])
    expect(entries[0]).toMatchObject({ entityLabel: expect.stringContaining('Audit Eagles'), before: JSON.stringify({ name: 'Audit Owls' }), after: JSON.stringify({ name: 'Audit Eagles' }) })
    expect(entries[1]!.entityLabel).toContain(first.displayName)
    expect(JSON.parse(entries[2]!.after!)).toEqual({ captain: second.displayName })
    expect(JSON.parse(entries[3]!.after!)).toEqual({ emailed: ['one@example.test', 'two@example.test'] })
  })

  test('the captain doing the same writes no entry', async () => {
    const { team, captain, players } = await teamOfThree('Captain Owls')
    const [first, second] = players as [TestUser, TestUser]
    const post = (path: string, body: unknown = {}) => captain.client.post(`${base(team)}${path}`, body)
    expect((await post('/name', { name: 'Captain Eagles' })).status).toBe(200)
    expect((await post(`/players/${placeOf(team, first)}/remove`)).status).toBe(200)
    expect((await post('/invite/emails', { emails: 'three@example.test' })).status).toBe(200)
    expect((await post('/invite')).status).toBe(200)
    expect((await post('/captain', { registrationId: placeOf(team, second) })).status).toBe(200)
    expect(await entriesOf(team.id, placeOf(team, first))).toEqual([])
  })

  test('a change refused leaves no entry: a name taken, the captain taken off, invites over the day’s cap', async () => {
    const { team, captain } = await teamOfThree('Refused Owls')
    await createTeam(await createRegistrant(ctx), team.leagueId, 'Taken Name')
    const post = (path: string, body: unknown = {}) => employee.client.post<{ error: { message: string } }>(`${base(team)}${path}`, body)
    const taken = await post('/name', { name: 'Taken Name' })
    expect([taken.status, taken.body.error.message]).toEqual([409, TEAM_MESSAGES.nameTaken])
    const captainOff = await post(`/players/${placeOf(team, captain)}/remove`)
    expect([captainOff.status, captainOff.body.error.message]).toEqual([409, TEAM_MESSAGES.captainStays])
    const many = Array.from({ length: INVITE_LIMITS.perRequest }, (_, i) => `many${i}@example.test`).join(' ')
    for (let sent = 0; sent + INVITE_LIMITS.perRequest <= INVITE_LIMITS.perTeamPerDay; sent += INVITE_LIMITS.perRequest) {
      expect((await captain.client.post(`${base(team)}/invite/emails`, { emails: many })).status).toBe(200)
    }
    expect((await post('/invite/emails', { emails: many })).status).toBe(429)
    expect(await entriesOf(team.id, placeOf(team, captain))).toEqual([])
  })

  test('two staff renaming two teams to one name at once: one is renamed, the other is told the name is taken, never a 500', async () => {
    const leagues = await Promise.all(Array.from({ length: 4 }, () => createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000 })))
    const pairs = await Promise.all(leagues.map(async (leagueId, i) => Promise.all([`Race ${i} A`, `Race ${i} B`].map(async (name) => createTeam(await createRegistrant(ctx), leagueId, name)))))
    const other = await createUser(ctx, 'employee')
    const answers = await Promise.all(
      pairs.map((pair, i) => Promise.all(pair.map((team, j) => [employee, other][j]!.client.post<{ error: { message: string } }>(`${base(team)}/name`, { name: `Race ${i} Winner` })))),
    )
    for (const pair of answers) {
      expect(pair.map((a) => a.status).sort()).toEqual([200, 409])
      expect(pair.find((a) => a.status === 409)!.body.error.message).toBe(TEAM_MESSAGES.nameTaken)
    }
  })
})
