import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createArea, createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../../../tests/schedule.ts'
import type { Game, Schedule } from '../../../shared/contracts/schedule.ts'
import type { Standings } from '../../../shared/contracts/scores.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const base = (leagueId: string) => `/api/admin/leagues/${leagueId}/schedule`
const read = async (leagueId: string) => (await admin.client.get<{ schedule: Schedule }>(base(leagueId))).body.schedule
const plays = (teamId: string) => (g: Game) => g.home.id === teamId || g.away.id === teamId
const cancelledMail = (address: string) => ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', address.toLowerCase()).where((eb) => eb.or([eb('subject', 'like', 'Game cancelled:%'), eb('subject', 'like', 'Schedule change: % games cancelled')])).execute()

/** Four Complete teams (a captain and a player each) on one court, Tuesdays and Thursdays, with a draft. */
async function drafted(name: string) {
  const leagueId = await createTeamLeague(ctx, { name })
  const teams = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'], 1)
  await setNights(admin, leagueId, nightsInput([(await createArea(admin)).id]))
  const schedule = await generate(admin, leagueId)
  return { leagueId, schedule, owls: teams[0]!, others: teams.slice(1) }
}

async function published(name: string) {
  const made = await drafted(name)
  expect((await admin.client.post(`${base(made.leagueId)}/publish`, {})).status).toBe(200)
  return made
}

type Road = (entryId: string, captain: TestUser) => Promise<{ status: number; text: string }>
const ROADS: [string, Road][] = [
  ['its captain withdraws it', (entryId, captain) => captain.client.post(`/api/registrations/${entryId}/cancel`, {})],
  ['staff cancel its entry', (entryId) => admin.client.post(`/api/admin/registrations/${entryId}/cancel`, {})],
  ['staff cancel its entry with a refund', (entryId) => admin.client.post(`/api/admin/registrations/${entryId}/cancel`, { refund: true })],
]

describe('a team leaving a published schedule', () => {
  test.each(ROADS)('when %s: its unplayed games go (slots freed), its played game stays and counts, each opponent’s people are emailed once', async (_road, leave) => {
    const { leagueId, schedule, owls, others } = await published(`Leaving Hoops ${_road}`)
    const owlsGames = schedule.games.filter(plays(owls.team.id))
    expect(owlsGames).toHaveLength(3)
    const [played, ...unplayed] = owlsGames as [Game, ...Game[]]
    await ctx.db.kysely.updateTable('games').set({ homeScore: 40, awayScore: 30 }).where('id', '=', played.id).execute()

    const res = await leave(owls.team.entry!.registrationId, owls.captain)
    expect(res.status, res.text).toBe(200)

    const after = await read(leagueId)
    expect(after.games.filter(plays(owls.team.id)).map((g) => g.id)).toEqual([played.id])
    expect(after.games).toHaveLength(schedule.games.length - unplayed.length)
    for (const g of unplayed) expect(after.freeSlots).toContainEqual({ date: g.date, startTime: g.startTime, endTime: g.endTime, area: g.area })
    // The played game keeps its result, and the standings count it for both teams.
    const standings = (await ctx.client().get<{ standings: Standings }>(`/api/leagues/${leagueId}/standings`)).body.standings
    const playedOf = (teamId: string) => standings.rows.find((r) => r.team.id === teamId)?.played
    expect(playedOf(owls.team.id)).toBe(1)
    expect(playedOf(played.home.id === owls.team.id ? played.away.id : played.home.id)).toBe(1)

    for (const other of others) {
      const lost = unplayed.filter(plays(other.team.id))
      for (const person of [other.captain, ...other.players]) {
        const mail = await cancelledMail(person.email)
        expect(mail, `${other.team.name}: ${person.email}`).toHaveLength(lost.length === 0 ? 0 : 1)
        if (lost.length === 1) expect(mail[0]!.subject).toBe(`Game cancelled: ${lost[0]!.home.name} v ${lost[0]!.away.name}`)
        if (lost.length > 0) expect(mail[0]!.text).toContain('Owls has left')
      }
    }
    for (const person of [owls.captain, ...owls.players]) expect(await cancelledMail(person.email)).toEqual([])
  })
})

describe('a team leaving a draft', () => {
  test('its games all go, its unplaced games too, and nobody is emailed about games', async () => {
    const leagueId = await createTeamLeague(ctx, { name: 'Draft Leaving Hoops' })
    const [owls, ...others] = await createTeams(ctx, leagueId, ['Owls', 'Hawks', 'Bears', 'Wolves'])
    await setNights(admin, leagueId, nightsInput([(await createArea(admin)).id], { weekdays: [3], lastGameTime: '18:00' }))
    const draft = await generate(admin, leagueId)
    expect(draft.report.unplaced.length).toBeGreaterThan(0)
    expect((await admin.client.post(`/api/admin/registrations/${owls!.team.entry!.registrationId}/cancel`, {})).status).toBe(200)
    const after = await read(leagueId)
    expect(after.games.filter(plays(owls!.team.id))).toEqual([])
    expect(after.games).toEqual(draft.games.filter((g) => !plays(owls!.team.id)(g)))
    expect(after.report.unplaced.filter((u) => [u.home.id, u.away.id].includes(owls!.team.id))).toEqual([])
    expect(after.report.spread.map((s) => s.team.name)).toEqual(['Bears', 'Hawks', 'Wolves'])
    for (const other of others) expect(await cancelledMail(other!.captain.email)).toEqual([])
  })
})

describe('at the same moment', () => {
  test('a team leaving while staff move one of its games: either order, no game of it left unplayed, never a 500', async () => {
    const { leagueId, schedule, owls } = await published('Racing Hoops')
    const game = schedule.games.find(plays(owls.team.id))!
    const free = schedule.freeSlots.at(-1)!
    const [moved, left] = await Promise.all([
      admin.client.post(`${base(leagueId)}/games/${game.id}/move`, { date: free.date, startTime: free.startTime, areaId: free.area.id }),
      owls.captain.client.post(`/api/registrations/${owls.team.entry!.registrationId}/cancel`, {}),
    ])
    expect(left.status, left.text).toBe(200)
    expect([200, 404], moved.text).toContain(moved.status)
    expect((await read(leagueId)).games.filter(plays(owls.team.id))).toEqual([])
  })
})
