import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, latestEmailTo, leagueForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { create, createTeam, inviteOf, join, read } from '../../../../tests/teams.ts'
import type { AdminLeague } from '../../../shared/contracts/leagues.ts'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import type { Invitation, MyTeam, PlayerView, TeamLeague, TeamSummary, TeamView } from '../../../shared/contracts/teams.ts'
import { newDbStats } from '../../db/stats.ts'
import type { NewLeague } from '../leagues/leagues.queries.ts'
import { TEAM_MESSAGES, type TeamPayment } from '../../../shared/schemas/team.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const teamLeague = (overrides: Partial<NewLeague> = {}) =>
  createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 30000, priceCents: 4000, ...overrides })


async function subjectsTo(email: string): Promise<string[]> {
  const rows = await ctx.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', email).orderBy('createdAt').execute()
  return rows.map((r) => r.subject)
}

describe('creating a team', () => {
  test('the creator is captain and first player, owes the team fee, and the team is forming', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId, 'Net Gains')
    expect(team).toMatchObject({ name: 'Net Gains', status: 'forming', captain: { userId: captain.id }, viewer: { isCaptain: true } })
    expect(team.entry).toMatchObject({ status: 'confirmed', priceCents: 30000, balanceCents: 30000 })
    expect(team.players).toEqual([expect.objectContaining({ userId: captain.id, isCaptain: true, status: 'confirmed', balanceCents: 0, waiverSigned: true })])
    expect(team.inviteUrl).toMatch(new RegExp(`/league/${leagueId}/team/${team.id}/signUp\\?invite=[\\w-]{32}$`))
    expect(await subjectsTo(captain.email)).toContain(`Registration confirmed: ${team.leagueName}`)
    expect((await latestEmailTo(ctx, captain.email))?.text).toContain(`Your team Net Gains is registered for ${team.leagueName}. Your place is held.`)

    const receipt = await captain.client.get<{ receipt: Receipt }>(`/api/receipts/user/${captain.id}/league/${leagueId}/team/${team.id}`)
    expect(receipt.status, receipt.text).toBe(200)
    expect(receipt.body.receipt).toMatchObject({ offering: { kind: 'team-place', details: { kind: 'team-place', team: { id: team.id, name: 'Net Gains' } } }, priceCents: 30000 })
  })

  test('team names are unique within a league, ignoring letter case and spaces', async () => {
    const leagueId = await teamLeague()
    const [a, b] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    await createTeam(a, leagueId, 'Hoop Dreams')
    const clash = await create(b, leagueId, 'hoop  DREAMS')
    expect(clash.status).toBe(409)
    expect(clash.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    // Another league may have a team of the same name.
    await createTeam(b, await teamLeague(), 'Hoop Dreams')
  })

  test('one team per captain per league; the same request again answers the same team', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const [first, second] = await Promise.all([create(captain, leagueId, 'Twice'), create(captain, leagueId, 'Twice')])
    expect([first.status, second.status].sort()).toEqual([200, 201])
    expect(first.body.team.id).toBe(second.body.team.id)
    const other = await create(captain, leagueId, 'Another')
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ error: { message: TEAM_MESSAGES.alreadyCaptain } })
  })

  test('the waiver comes first, and an individual league takes no teams', async () => {
    const leagueId = await teamLeague()
    const unsigned = await createUser(ctx)
    const res = await create(unsigned, leagueId, 'Unsigned')
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: { fields: { waiver: 'WAIVER_REQUIRED' } } })
    const individual = await createLeague(ctx)
    expect((await create(await createRegistrant(ctx), individual, 'Nope')).status).toBe(404)
  })

  test('ten captains for four team places at once: four teams hold places, six wait in order', async () => {
    const leagueId = await teamLeague({ teamCapacity: 4 })
    const captains = await Promise.all(Array.from({ length: 10 }, () => createRegistrant(ctx)))
    const stats = newDbStats()
    ctx.db.stats = stats
    const results = await Promise.all(captains.map((c, i) => create(c, leagueId, `Rush ${i}`))).finally(() => {
      ctx.db.stats = undefined
    })
    for (const res of results) expect(res.status, res.text).toBe(201)
    // Written as groups (the engine's), not one transaction each.
    expect(stats.placeRequests).toBe(10)
    expect(stats.groups).toBeLessThan(10)
    const statuses = results.map((r) => r.body.team.status)
    expect(statuses.filter((s) => s === 'forming')).toHaveLength(4)
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(6)
    const positions = results.map((r) => r.body.team.entry!.waitlistPosition).filter((p) => p !== null)
    expect(positions.sort()).toEqual([1, 2, 3, 4, 5, 6])
    const waiting = results.findIndex((r) => r.body.team.entry!.waitlistPosition === 6)
    expect((await latestEmailTo(ctx, captains[waiting]!.email))?.text).toContain(`Your team Rush ${waiting} is number 6 on the waitlist.`)
    const leagues = await ctx.client().get<{ leagues: TeamLeague[] }>('/api/leagues/teams?sport=basketball')
    expect(leagues.body.leagues.find((l) => l.id === leagueId)).toMatchObject({ teamPlacesLeft: 0, teamWaitlistSize: 6 })
    const admin = await createUser(ctx, 'admin')
    const staffView = await admin.client.get<{ leagues: AdminLeague[] }>('/api/admin/leagues')
    expect(staffView.body.leagues.find((l) => l.id === leagueId)).toMatchObject({
      teamCapacity: 4,
      teamsTaken: 4,
      teams: { forming: 4, complete: 0, waitlisted: 6, offered: 0, withdrawn: 0 },
    })

    // Staff raise the team capacity: the first waiting team is offered the place, its captain emailed.
    const first = results.find((r) => r.body.team.entry!.waitlistPosition === 1)!.body.team
    const raised = await admin.client.post<{ league: AdminLeague; offered: number }>(`/api/admin/leagues/${leagueId}`, { teamCapacity: '5' })
    expect(raised.status, raised.text).toBe(200)
    expect(raised.body.offered).toBe(1)
    const captain = captains[results.indexOf(results.find((r) => r.body.team.id === first.id)!)]!
    const offered = (await read(captain, first)).body.team
    expect(offered).toMatchObject({ status: 'offered', entry: { status: 'offered' } })
    expect(await subjectsTo(captain.email)).toContain(`A place opened up: ${offered.leagueName}`)
    const claimed = await captain.client.post(`/api/registrations/${offered.entry!.registrationId}/claim`, {})
    expect(claimed.status, claimed.text).toBe(200)
    expect((await read(captain, first)).body.team.status).toBe('forming')
  })

  test('a name asked for twice or a captain asking twice in one group fails only its own request', async () => {
    const leagueId = await teamLeague({ teamCapacity: 3, rosterMax: 6 })
    const [alpha, clash, bravo, delta, echo] = await Promise.all(Array.from({ length: 5 }, () => createRegistrant(ctx)))
    const asks: [TestUser, string][] = [
      [alpha!, 'Alpha'],
      [bravo!, 'Bravo'],
      [clash!, 'ALPHA '],
      [alpha!, 'Alpha'],
      [delta!, 'Delta'],
      [echo!, 'Echo'],
    ]
    const results = await Promise.all(asks.map(([captain, name]) => create(captain, leagueId, name)))

    const [alphaFirst, , clashed, alphaAgain] = results
    if (clashed!.status === 201) {
      expect([alphaFirst!.status, alphaAgain!.status]).toEqual([409, 409])
      expect(alphaFirst!.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    } else {
      expect(clashed!.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
      expect([alphaFirst!.status, alphaAgain!.status].sort()).toEqual([200, 201])
      expect(alphaFirst!.body.team.id).toBe(alphaAgain!.body.team.id)
    }
    for (const res of [results[1], results[4], results[5]]) expect(res!.status, res!.text).toBe(201)

    const teams = await ctx.db.kysely.selectFrom('teams').select(['id', 'captainUserId']).where('leagueId', '=', leagueId).execute()
    expect(teams).toHaveLength(4)
    const rosters = await ctx.db.kysely
      .selectFrom('offerings as o')
      .innerJoin('registrations as r', 'r.offeringId', 'o.id')
      .select(['o.teamId', 'o.placesTaken', 'o.seq', 'r.userId', 'r.status', 'r.seq as place'])
      .where('o.leagueId', '=', leagueId)
      .where('o.kind', '=', 'roster-place')
      .execute()
    // Each team's roster: its captain alone, in place 1, the roster's counters saying so.
    expect(rosters.map((r) => [r.teamId, r.userId]).sort()).toEqual(teams.map((t) => [t.id, t.captainUserId]).sort())
    for (const roster of rosters) expect(roster).toMatchObject({ placesTaken: 1, seq: 1, status: 'confirmed', place: 1 })
    const entries = await ctx.db.kysely
      .selectFrom('registrations as r')
      .innerJoin('offerings as o', 'o.id', 'r.offeringId')
      .select(['r.status', 'r.seq', 'o.placesTaken', 'o.waiting'])
      .where('o.leagueId', '=', leagueId)
      .where('o.kind', '=', 'team-place')
      .orderBy('r.seq')
      .execute()
    expect(entries.map((e) => [e.seq, e.status])).toEqual([
      [1, 'confirmed'],
      [2, 'confirmed'],
      [3, 'confirmed'],
      [4, 'waitlisted'],
    ])
    expect(entries[0]).toMatchObject({ placesTaken: 3, waiting: 1 })
  })

  test('staff set who pays and the team fee on the league form', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.post<{ league: AdminLeague }>(
      '/api/admin/leagues',
      leagueForm({ sport: 'basketball', kind: 'team', teamCapacity: '6', rosterMin: '5', rosterMax: '9', teamPayment: 'deposit-and-player-fee', teamFee: '250', price: '40', rosterDeadline: daysFromToday(15) }),
    )
    expect(res.status, res.text).toBe(201)
    expect(res.body.league).toMatchObject({ teamPayment: 'deposit-and-player-fee', teamFeeCents: 25000, priceCents: 4000, teamCapacity: 6, rosterDeadline: daysFromToday(15) })
    const open = await ctx.client().get<{ leagues: TeamLeague[] }>('/api/leagues/teams')
    expect(open.body.leagues.find((l) => l.id === res.body.league.id)).toMatchObject({ teamFeeCents: 25000, playerFeeCents: 4000, teamPlacesLeft: 6 })
    const missing = await admin.client.post('/api/admin/leagues', leagueForm({ kind: 'team', teamPayment: '' }))
    expect(missing.status).toBe(400)
    expect(missing.text).toContain('Choose who pays.')
  })
})

describe('joining through the invite link', () => {
  test('the invitation names the league, the team and the captain’s first name; a player joins and the captain hears', async () => {
    const leagueId = await teamLeague({ rosterMin: 2 })
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId, 'Fast Breaks')
    const invitation = await ctx.client().get<{ invitation: Invitation }>(`/api/leagues/${leagueId}/teams/${team.id}/invitation?invite=${inviteOf(team)}`)
    expect(invitation.status, invitation.text).toBe(200)
    expect(invitation.body.invitation).toMatchObject({ teamName: 'Fast Breaks', captainFirstName: 'Person', playerCount: 1, rosterMax: 5, rosterFull: false, rosterOpen: true, playerFeeCents: null })

    const player = await createRegistrant(ctx)
    const joined = await join(player, team)
    expect(joined.status, joined.text).toBe(201)
    expect(joined.body.team.players.map((p) => p.userId)).toEqual([captain.id, player.id])
    // A player sees the roster, not the others' contact or payment details, nor the invite link.
    expect(joined.body.team.inviteUrl).toBeNull()
    expect(joined.body.team.players[0]).toMatchObject({ email: null, balanceCents: null })
    expect(await subjectsTo(captain.email)).toContain(`${player.displayName} joined Fast Breaks`)
    expect((await latestEmailTo(ctx, player.email))?.text).toContain(`You joined Fast Breaks in ${team.leagueName}. Your place on the roster is held.`)
    // Joining again answers the same place.
    expect((await join(player, team)).status).toBe(200)
  })

  test('a wrong or regenerated invite is refused with a clear message', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId)
    const player = await createRegistrant(ctx)
    const wrong = await join(player, team, 'x'.repeat(32))
    expect(wrong.status).toBe(404)
    expect(wrong.body).toMatchObject({ error: { message: TEAM_MESSAGES.badInvite } })

    const fresh = await captain.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams/${team.id}/invite`, {})
    expect(fresh.status, fresh.text).toBe(200)
    expect(fresh.body.team.inviteUrl).not.toBe(team.inviteUrl)
    expect((await join(player, team)).status).toBe(404)
    expect((await join(player, fresh.body.team)).status).toBe(201)
    // Only the captain and staff may regenerate; a player gets the 404 of a missing team.
    expect((await player.client.post(`/api/leagues/${leagueId}/teams/${team.id}/invite`, {})).status).toBe(404)
  })

  test('thirty people joining a roster of five at once: never more than five', async () => {
    const leagueId = await teamLeague({ rosterMax: 5 })
    const team = await createTeam(await createRegistrant(ctx), leagueId)
    const people = await Promise.all(Array.from({ length: 30 }, () => createRegistrant(ctx)))
    const results = await Promise.all(people.map((p) => join(p, team)))
    expect(results.filter((r) => r.status === 201)).toHaveLength(4)
    const refused = results.filter((r) => r.status === 409)
    expect(refused).toHaveLength(26)
    expect(refused[0]!.body).toMatchObject({ error: { message: TEAM_MESSAGES.rosterFull } })
    const places = await ctx.db.kysely.selectFrom('offerings').select('placesTaken').where('teamId', '=', team.id).executeTakeFirstOrThrow()
    expect(places.placesTaken).toBe(5)
  })

  test('players joining together are placed as one group; the captain hears of each with the roster’s size, and once that the team is complete', async () => {
    const leagueId = await teamLeague({ rosterMin: 5, rosterMax: 9, teamPayment: 'team-fee' })
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId, 'Full Court')
    const admin = await createUser(ctx, 'admin')
    const paid = await admin.client.post(`/api/admin/registrations/${team.entry!.registrationId}/payments`, { amount: '300.00', method: 'cash', reference: '' })
    expect(paid.status, paid.text).toBe(201)
    const people = await Promise.all(Array.from({ length: 8 }, () => createRegistrant(ctx)))
    const stats = newDbStats()
    ctx.db.stats = stats
    const results = await Promise.all(people.map((p) => join(p, team))).finally(() => {
      ctx.db.stats = undefined
    })
    for (const res of results) expect(res.status, res.text).toBe(201)
    expect(stats.placeRequests).toBe(8)
    expect(stats.groups).toBeLessThan(8)

    const news = await ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', captain.email).execute()
    const joined = news.filter((n) => n.subject.endsWith(' joined Full Court'))
    expect(joined.map((n) => n.subject).sort()).toEqual(people.map((p) => `${p.displayName} joined Full Court`).sort())
    const sizes = joined.map((n) => Number(/The roster has (\d+) players now/.exec(n.text)?.[1]))
    expect(sizes.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(news.filter((n) => n.subject === 'Full Court is complete')).toHaveLength(1)
    expect((await read(captain, team)).body.team.status).toBe('complete')
  })

  test('nobody plays for two teams of one league, even asking for both at once', async () => {
    const leagueId = await teamLeague()
    const [t1, t2] = await Promise.all([createTeam(await createRegistrant(ctx), leagueId), createTeam(await createRegistrant(ctx), leagueId)])
    const player = await createRegistrant(ctx)
    const [a, b] = await Promise.all([join(player, t1), join(player, t2)])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    expect((a.status === 409 ? a : b).body).toMatchObject({ error: { message: TEAM_MESSAGES.alreadyOnTeam } })
  })

  test('a captain cannot join another team of the league, nor a player create one', async () => {
    const leagueId = await teamLeague()
    const [captain, player] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const [t1, t2] = await Promise.all([createTeam(captain, leagueId), createTeam(await createRegistrant(ctx), leagueId)])
    const captainJoins = await join(captain, t2)
    expect(captainJoins.status).toBe(409)
    expect(captainJoins.body).toMatchObject({ error: { message: TEAM_MESSAGES.alreadyOnTeam } })
    expect((await join(player, t1)).status).toBe(201)
    const playerCreates = await create(player, leagueId, 'Breakaway')
    expect(playerCreates.status).toBe(409)
    expect(playerCreates.body).toMatchObject({ error: { message: TEAM_MESSAGES.alreadyOnTeam } })
  })

  test('after the roster deadline nobody joins', async () => {
    const leagueId = await teamLeague({ rosterDeadline: daysFromToday(-1), registrationDate: daysFromToday(-10) })
    // The team was made before the deadline: insert it through the API with an open deadline, then close it.
    await ctx.db.kysely.updateTable('leagues').set({ rosterDeadline: null }).where('id', '=', leagueId).execute()
    const team = await createTeam(await createRegistrant(ctx), leagueId)
    await ctx.db.kysely.updateTable('leagues').set({ rosterDeadline: daysFromToday(-1) }).where('id', '=', leagueId).execute()
    const late = await join(await createRegistrant(ctx), team)
    expect(late.status).toBe(409)
    expect(late.text).toMatch(/closed on/)
  })
})

describe('fees and status', () => {
  async function teamOf(payment: TeamPayment, rosterMin = 2) {
    const leagueId = await teamLeague({ teamPayment: payment, teamFeeCents: payment === 'player-fee' ? null : 20000, priceCents: 5000, rosterMin })
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId)
    return { leagueId, captain, team }
  }

  test('team fee: the captain owes it, players owe nothing', async () => {
    const { team } = await teamOf('team-fee')
    const joined = await join(await createRegistrant(ctx), team)
    expect(joined.body.team.entry!.balanceCents).toBe(20000)
    expect(joined.body.team.players.find((p) => !p.isCaptain)).toMatchObject({ balanceCents: 0 })
  })

  test('player fee: each player owes it, the team nothing', async () => {
    const { team, captain } = await teamOf('player-fee')
    expect(team.entry!.balanceCents).toBe(0)
    const player = await createRegistrant(ctx)
    await join(player, team)
    const view = (await read(captain, team)).body.team
    expect(view.players.map((p) => p.balanceCents)).toEqual([5000, 5000])
    const receipt = await player.client.get<{ receipt: Receipt }>(`/api/receipts/user/${player.id}/league/${team.leagueId}/team/${team.id}`)
    expect(receipt.body.receipt).toMatchObject({ offering: { kind: 'roster-place' }, priceCents: 5000 })
  })

  test('deposit and player fee: both are owed; the team is complete once the roster minimum plays and all is paid', async () => {
    const { team, captain } = await teamOf('deposit-and-player-fee', 2)
    const player = await createRegistrant(ctx)
    await join(player, team)
    let view = (await read(captain, team)).body.team
    expect(view.entry!.balanceCents).toBe(20000)
    expect(view.players.map((p) => p.balanceCents)).toEqual([5000, 5000])
    expect(view.status).toBe('forming')

    const admin = await createUser(ctx, 'admin')
    const pay = (registrationId: string, cents: number) =>
      admin.client.post(`/api/admin/registrations/${registrationId}/payments`, { amount: (cents / 100).toFixed(2), method: 'cash', reference: '' })
    for (const [id, cents] of [[view.entry!.registrationId, 20000], ...view.players.map((p) => [p.registrationId, 5000] as const)] as const) {
      const paid = await pay(id, cents)
      expect(paid.status, paid.text).toBe(201)
    }
    view = (await read(captain, team)).body.team
    expect(view.status).toBe('complete')
    expect((await subjectsTo(captain.email)).filter((s) => s === `${team.name} is complete`)).toHaveLength(1)
  })

  test('a removed player owes nothing and leaves room; the captain hands the captaincy over', async () => {
    const { team, captain } = await teamOf('player-fee')
    const player = await createRegistrant(ctx)
    const joined = (await join(player, team)).body.team
    const playerPlace = joined.players.find((p) => p.userId === player.id)!.registrationId
    const captainPlace = joined.players.find((p) => p.isCaptain)!.registrationId

    const noSelfRemoval = await captain.client.post(`/api/leagues/${team.leagueId}/teams/${team.id}/players/${captainPlace}/remove`, {})
    expect(noSelfRemoval.status).toBe(409)
    const handed = await captain.client.post<{ team: TeamView }>(`/api/leagues/${team.leagueId}/teams/${team.id}/captain`, { registrationId: playerPlace })
    expect(handed.status, handed.text).toBe(200)
    expect(handed.body.team).toMatchObject({ captain: { userId: player.id }, viewer: { isCaptain: false } })
    // The old captain is now a player: they may no longer manage the team.
    expect((await captain.client.post(`/api/leagues/${team.leagueId}/teams/${team.id}/invite`, {})).status).toBe(404)

    const removed = await player.client.post<{ team: TeamView }>(`/api/leagues/${team.leagueId}/teams/${team.id}/players/${captainPlace}/remove`, {})
    expect(removed.status, removed.text).toBe(200)
    expect(removed.body.team.players.map((p) => p.userId)).toEqual([player.id])
    expect((await read(captain, team)).status).toBe(404)
  })
})

describe('who sees a team', () => {
  test('its captain, its players and staff; any other customer gets the 404 of a missing team', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId)
    const [stranger, employee] = await Promise.all([createRegistrant(ctx), createUser(ctx, 'employee')])
    expect((await read(stranger, team)).status).toBe(404)
    const staffView = await read(employee, team)
    expect(staffView.status).toBe(200)
    expect(staffView.body.team).toMatchObject({ viewer: { isStaff: true } })
    expect(staffView.body.team.inviteUrl).not.toBeNull()
    expect((await stranger.client.get(`/api/receipts/user/${captain.id}/league/${leagueId}/team/${team.id}`)).status).toBe(404)
    const mine = await captain.client.get<{ teams: MyTeam[] }>('/api/teams/mine')
    expect(mine.body.teams).toEqual([expect.objectContaining({ id: team.id, isCaptain: true, playerCount: 1, status: 'forming' })])
  })

  test('captains email the invite to a few addresses, checked first', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId, 'Mailers')
    const bad = await captain.client.post(`/api/leagues/${leagueId}/teams/${team.id}/invite/emails`, { emails: 'friend@example.com, not-an-address' })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('not-an-address')
    const sent = await captain.client.post<{ sent: string[] }>(`/api/leagues/${leagueId}/teams/${team.id}/invite/emails`, { emails: 'A.Friend@example.com\nother@example.com' })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.sent).toEqual(['a.friend@example.com', 'other@example.com'])
    const email = await ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', 'other@example.com').orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
    expect(email.subject).toContain('Mailers')
    expect(email.text).toContain(team.inviteUrl!)
  })
})

describe('staff lists of teams', () => {
  test('every team of a league with status, captain, players and what it owes; the CSV neutralises formulas', async () => {
    const leagueId = await teamLeague({ teamPayment: 'deposit-and-player-fee', teamFeeCents: 10000, priceCents: 2500, rosterMin: 2 })
    const [c1, c2] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const plain = await createTeam(c1, leagueId, 'Plain Name')
    await createTeam(c2, leagueId, '=HYPERLINK("http://evil.example","Click")')
    await join(await createRegistrant(ctx), plain)

    const admin = await createUser(ctx, 'admin')
    const list = await admin.client.get<{ teams: TeamSummary[] }>(`/api/admin/teams?leagueId=${leagueId}`)
    expect(list.status, list.text).toBe(200)
    expect(list.body.teams).toHaveLength(2)
    expect(list.body.teams.find((t) => t.id === plain.id)).toMatchObject({ status: 'forming', captainEmail: c1.email, playerCount: 2, owedCents: 10000 + 2 * 2500 })

    const csv = await admin.client.get(`/api/admin/teams.csv?leagueId=${leagueId}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="teams-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe('Team,League,Sport,Status,Captain,Captain email,Players,Roster maximum,Owed (dollars),Created')
    expect(lines.some((l) => l.startsWith('Plain Name,') && l.includes(',Forming,') && l.includes(',2,5,150.00,'))).toBe(true)
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://evil.example"",""Click"")"`))).toBe(true)

    const customer = await createRegistrant(ctx)
    expect((await customer.client.get('/api/admin/teams')).status).toBe(403)
    expect((await customer.client.get('/api/admin/teams.csv')).status).toBe(403)
    // The file is as closed as /teamsView, the admin page that offers it.
    const employee = await createUser(ctx, 'employee')
    expect((await employee.client.get(`/api/admin/teams.csv?leagueId=${leagueId}`)).status).toBe(403)
  })
})

describe('staff place free agents and move players', () => {
  test('a free agent goes onto a team with what they paid; a full roster refuses; a player moves between teams', async () => {
    const soccerTeams = await createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 2, teamPayment: 'player-fee', priceCents: 5000 })
    const freeAgentLeague = await createLeague(ctx, { sport: 'soccer', kind: 'individual', priceCents: 6500 })
    const admin = await createUser(ctx, 'admin')
    const agent = await createRegistrant(ctx)
    const signedUp = await agent.client.post<{ registration: { id: string } }>(`/api/leagues/${freeAgentLeague}/registrations`, {})
    const agentPlace = signedUp.body.registration.id
    const paid = await admin.client.post(`/api/admin/registrations/${agentPlace}/payments`, { amount: '65', method: 'cash', reference: '' })
    expect(paid.status, paid.text).toBe(201)

    const [c1, c2] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const [t1, t2] = await Promise.all([createTeam(c1, soccerTeams, 'Strikers'), createTeam(c2, soccerTeams, 'Keepers')])

    const board = await admin.client.get<{ teams: { id: string; players: { registrationId: string }[] }[]; freeAgents: { registrationId: string; fromLeagueId: string; paidCents: number }[] }>(
      `/api/admin/leagues/${soccerTeams}/players`,
    )
    expect(board.status, board.text).toBe(200)
    expect(board.body.freeAgents).toContainEqual(expect.objectContaining({ registrationId: agentPlace, fromLeagueId: freeAgentLeague, paidCents: 6500 }))

    const placed = await admin.client.post<{ registrationId: string }>(`/api/admin/players/${agentPlace}/move`, { teamId: t1.id })
    expect(placed.status, placed.text).toBe(200)
    const onTeam = (await read(c1, t1)).body.team
    expect(onTeam.players.map((p) => p.userId)).toEqual([c1.id, agent.id])
    // The roster place costs the player fee; the 65 dollars paid count towards it.
    expect(onTeam.players.find((p) => p.userId === agent.id)).toMatchObject({ priceCents: 5000, paidCents: 6500, balanceCents: -1500 })
    const mine = await agent.client.get<{ registrations: { id: string; status: string; paidCents: number; balanceCents: number }[] }>('/api/registrations/mine')
    expect(mine.body.registrations.find((r) => r.id === agentPlace)).toMatchObject({ status: 'moved', paidCents: 0, balanceCents: 0 })
    expect(await subjectsTo(agent.email)).toContain('You are on Strikers')
    expect(await subjectsTo(c1.email)).toContain(`${agent.displayName} was placed on Strikers`)

    // Keepers' captain stays until staff name another; Strikers is full (two): a Keepers player
    // moved there is refused. Neither changes anything.
    const keeperCaptainPlace = (await read(c2, t2)).body.team.players[0]!.registrationId
    const captainMove = await admin.client.post(`/api/admin/players/${keeperCaptainPlace}/move`, { teamId: t1.id })
    expect(captainMove.status).toBe(409)
    expect(captainMove.body).toMatchObject({ error: { message: TEAM_MESSAGES.captainStays } })
    const keeper = await createRegistrant(ctx)
    const keeperPlace = (await join(keeper, t2)).body.team.players.find((p) => p.userId === keeper.id)!.registrationId
    const full = await admin.client.post(`/api/admin/players/${keeperPlace}/move`, { teamId: t1.id })
    expect(full.status).toBe(409)
    expect(full.body).toMatchObject({ error: { message: TEAM_MESSAGES.rosterFull } })
    expect((await read(c2, t2)).body.team.players).toHaveLength(2)
    expect((await keeper.client.post(`/api/registrations/${keeperPlace}/cancel`, {})).status).toBe(200)

    // The placed player moves on to Keepers, their money with them.
    const moved = await admin.client.post(`/api/admin/players/${placed.body.registrationId}/move`, { teamId: t2.id })
    expect(moved.status, moved.text).toBe(200)
    expect((await read(c1, t1)).body.team.players.map((p) => p.userId)).toEqual([c1.id])
    expect((await read(c2, t2)).body.team.players.find((p) => p.userId === agent.id)).toMatchObject({ paidCents: 6500 })

    // The player's page: contact, waiver, money and every move, for staff and the player only.
    const now = (await read(c2, t2)).body.team.players.find((p) => p.userId === agent.id)!.registrationId
    const page = await admin.client.get<{ player: PlayerView }>(`/api/leagues/${soccerTeams}/teams/${t2.id}/players/${now}`)
    expect(page.status, page.text).toBe(200)
    expect(page.body.player).toMatchObject({ email: agent.email, teamName: 'Keepers', waiver: { signed: true }, paidCents: 6500, balanceCents: -1500 })
    expect(page.body.player.payments.map((p) => p.amountCents)).toEqual([6500])
    expect(page.body.player.history.map((h) => `${h.action} ${h.place}`)).toEqual([
      `confirmed ${page.body.player.history[0]!.place}`,
      `payment ${page.body.player.history[0]!.place}`,
      `moved ${page.body.player.history[0]!.place}`,
      'placed Strikers',
      'moved Strikers',
      'placed Keepers',
    ])
    expect((await agent.client.get(`/api/leagues/${soccerTeams}/teams/${t2.id}/players/${now}`)).status).toBe(200)
    expect((await c2.client.get(`/api/leagues/${soccerTeams}/teams/${t2.id}/players/${now}`)).status).toBe(404)

    // Staff only.
    expect((await agent.client.post(`/api/admin/players/${placed.body.registrationId}/move`, { teamId: t1.id })).status).toBe(403)
    expect((await agent.client.get(`/api/admin/leagues/${soccerTeams}/players`)).status).toBe(403)
  })
})

describe('renaming a team', () => {
  test('its captain and staff rename it; names stay unique; a player may not', async () => {
    const leagueId = await teamLeague()
    const [c1, c2] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const [t1] = await Promise.all([createTeam(c1, leagueId, 'Old Name'), createTeam(c2, leagueId, 'Taken Name')])
    const rename = (who: TestUser, name: string) => who.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams/${t1.id}/name`, { name })
    expect((await rename(c1, 'New Name')).body.team.name).toBe('New Name')
    expect((await rename(c1, 'new name')).body.team.name).toBe('new name')
    const clash = await rename(c1, 'TAKEN name')
    expect(clash.status).toBe(409)
    expect(clash.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    const player = await createRegistrant(ctx)
    await join(player, t1)
    expect((await rename(player, 'Mine Now')).status).toBe(404)
    expect((await rename(await createUser(ctx, 'employee'), 'Staff Name')).body.team.name).toBe('Staff Name')
  })

  test('the same new name sent twice at once renames the team, and both answer it', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId, 'Before')
    for (const name of ['After', 'Later', 'Last']) {
      const answers = await Promise.all([0, 1].map(() => captain.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams/${team.id}/name`, { name })))
      expect(answers.map((a) => a.status), answers.map((a) => a.text).join(' ')).toEqual([200, 200])
      expect(answers.map((a) => a.body.team.name)).toEqual([name, name])
    }
  })
})

describe('leaving a team', () => {
  test('a player leaves before the roster deadline; the captain hands over first; after the deadline only staff change the roster', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId)
    const [stays, leaves] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const placeOf = async (who: TestUser) => (await join(who, team)).body.team.players.find((p) => p.userId === who.id)!.registrationId
    const [staysPlace, leavesPlace] = [await placeOf(stays), await placeOf(leaves)]
    const cancel = (who: TestUser, registrationId: string) => who.client.post(`/api/registrations/${registrationId}/cancel`, {})

    expect((await cancel(leaves, leavesPlace)).status).toBe(200)
    const captainPlace = (await read(captain, team)).body.team.players.find((p) => p.isCaptain)!.registrationId
    const captainLeaves = await cancel(captain, captainPlace)
    expect(captainLeaves.status).toBe(409)
    expect(captainLeaves.text).toContain('hand the captaincy')

    await ctx.db.kysely.updateTable('leagues').set({ rosterDeadline: daysFromToday(-1) }).where('id', '=', leagueId).execute()
    const late = await cancel(stays, staysPlace)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ error: { message: TEAM_MESSAGES.rosterClosed } })
    expect((await read(captain, team)).body.team.players.map((p) => p.userId)).toEqual([captain.id, stays.id])
  })
})
