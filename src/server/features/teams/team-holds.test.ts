import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { facilityToday } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import type { Invitation, MyTeam, TeamLeague, TeamSummary, TeamView } from '../../../shared/contracts/teams.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import type { NewLeague } from '../leagues/leagues.queries.ts'
import { sendRosterReminders } from './roster.ts'
import { releaseExpiredHolds } from './team-holds.ts'

/** Teams staff create from the soccer team waitlist, held for their captain; and roster-deadline reminders. */
let ctx: TestApp
let admin: TestUser
const DAY = 86_400_000
const HOLD_DAYS = 7

beforeAll(async () => {
  ctx = await startTestApp({ env: { TEAM_HOLD_DAYS: String(HOLD_DAYS) } })
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const teamLeague = (overrides: Partial<NewLeague> = {}) =>
  createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 2, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000, ...overrides })

async function holdTeam(leagueId: string, name: string, captainEmail: string) {
  return admin.client.post<{ team: TeamSummary }>('/api/admin/teams', { leagueId, name, captainEmail })
}

async function linkFor(email: string): Promise<URL> {
  const row = await ctx.db.kysely.selectFrom('outbox').select('text').where('recipient', '=', email).orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
  return new URL(/https?:\/\/\S+signUp\?invite=\S+/.exec(row.text)![0])
}

const claim = (user: TestUser, link: URL) =>
  user.client.post<{ team: TeamView }>(`${link.pathname.replace(/\/signUp$/, '').replace(/^\/league\//, '/api/leagues/').replace('/team/', '/teams/')}/claim`, {
    invite: link.searchParams.get('invite'),
  })

describe('a team staff create from the waitlist', () => {
  test("shows on its captain's account list with the link that completes it, and on nobody else's", async () => {
    const leagueId = await teamLeague()
    const captain = await createUser(ctx)
    const stranger = await createRegistrant(ctx)
    const held = await holdTeam(leagueId, 'Account Holders', captain.email)
    expect(held.status, held.text).toBe(201)
    const link = await linkFor(captain.email)

    const mine = await captain.client.get<{ teams: MyTeam[] }>('/api/teams/mine')
    expect(mine.status, mine.text).toBe(200)
    const listed = mine.body.teams.find((t) => t.id === held.body.team.id)
    expect(listed).toMatchObject({ status: 'held', isCaptain: false, heldForYou: { claimPath: link.pathname + link.search } })
    expect(new Date(listed!.heldForYou!.until).getTime()).toBeGreaterThan(Date.now() + (HOLD_DAYS - 1) * DAY)
    expect((await stranger.client.get<{ teams: MyTeam[] }>('/api/teams/mine')).body.teams.some((t) => t.id === held.body.team.id)).toBe(false)
    // The desk sees the hold and its date, not the link: it is an invite, for the captain alone.
    const desk = await createUser(ctx, 'employee')
    const record = await desk.client.get<{ customer: CustomerRecord }>(`/api/desk/customers/${captain.id}`)
    expect(record.status, record.text).toBe(200)
    expect(record.body.customer.teams).toEqual([expect.objectContaining({ id: held.body.team.id, heldForYou: { until: listed!.heldForYou!.until } })])
    expect(record.text).not.toContain(link.searchParams.get('invite'))

    await signWaiver(captain)
    expect((await claim(captain, new URL(listed!.heldForYou!.claimPath, 'http://site.test'))).status).toBe(200)
    const after = (await captain.client.get<{ teams: MyTeam[] }>('/api/teams/mine')).body.teams.find((t) => t.id === held.body.team.id)
    expect(after).toMatchObject({ isCaptain: true, heldForYou: null })
  })

  test('holds a place for its captain, who completes it from the emailed link', async () => {
    const leagueId = await teamLeague()
    const captain = await createUser(ctx)
    const held = await holdTeam(leagueId, 'Waitlist United', captain.email)
    expect(held.status, held.text).toBe(201)
    expect(held.body.team).toMatchObject({ name: 'Waitlist United', status: 'held', captainEmail: captain.email, playerCount: 0 })
    const open = await ctx.client().get<{ leagues: TeamLeague[] }>('/api/leagues/teams?sport=soccer')
    expect(open.body.leagues.find((l) => l.id === leagueId)).toMatchObject({ teamPlacesLeft: 1 })

    const link = await linkFor(captain.email)
    const invitation = await ctx.client().get<{ invitation: Invitation }>(
      `/api/leagues/${leagueId}/teams/${held.body.team.id}/invitation?invite=${link.searchParams.get('invite')}`,
    )
    expect(invitation.body.invitation).toMatchObject({ teamName: 'Waitlist United', heldFor: `${captain.email.slice(0, 2)}***@example.com`, teamFeeCents: 40000 })

    // Someone else with the link cannot take the team.
    const stranger = await createRegistrant(ctx)
    const refused = await claim(stranger, link)
    expect(refused.status).toBe(409)
    expect(refused.text).toContain('Sign in with that address')

    // The captain signs the waiver first, then completes the team.
    const unsigned = await claim(captain, link)
    expect(unsigned.status).toBe(409)
    expect(unsigned.body).toMatchObject({ error: { fields: { waiver: 'WAIVER_REQUIRED' } } })
    await signWaiver(captain)
    const claimed = await claim(captain, link)
    expect(claimed.status, claimed.text).toBe(200)
    expect(claimed.body.team).toMatchObject({ status: 'forming', captain: { userId: captain.id }, viewer: { isCaptain: true } })
    expect(claimed.body.team.entry).toMatchObject({ status: 'confirmed', priceCents: 40000 })
    expect(claimed.body.team.players.map((p) => p.userId)).toEqual([captain.id])
    // The held place became the captain's: still one of two taken.
    const after = await ctx.client().get<{ leagues: TeamLeague[] }>('/api/leagues/teams?sport=soccer')
    expect(after.body.leagues.find((l) => l.id === leagueId)).toMatchObject({ teamPlacesLeft: 1 })
    expect((await claim(captain, link)).status).toBe(200)
  })

  test('two clicks on the emailed link at once complete the team once, and both answer it', async () => {
    for (const name of ['Double Click', 'Twice Over', 'Once More']) {
      const captain = await createRegistrant(ctx)
      expect((await holdTeam(await teamLeague(), name, captain.email)).status).toBe(201)
      const link = await linkFor(captain.email)
      const answers = await Promise.all([claim(captain, link), claim(captain, link)])
      expect(answers.map((a) => a.status), answers.map((a) => a.text).join(' ')).toEqual([200, 200])
      for (const answer of answers) expect(answer.body.team).toMatchObject({ status: 'forming', captain: { userId: captain.id } })
      expect(answers[1]!.body.team.players.map((p) => p.userId)).toEqual([captain.id])
    }
  })

  test('without a free team place staff are told the team keeps waiting; names stay unique', async () => {
    const leagueId = await teamLeague({ teamCapacity: 1 })
    expect((await holdTeam(leagueId, 'First In', 'first@example.com')).status).toBe(201)
    const full = await holdTeam(leagueId, 'Second In', 'second@example.com')
    expect(full.status).toBe(409)
    expect(full.body).toMatchObject({ error: { message: TEAM_MESSAGES.noPlaceToHold } })
    const taken = await holdTeam(leagueId, 'first in', 'third@example.com')
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    const customer = await createRegistrant(ctx)
    expect((await customer.client.post('/api/admin/teams', { leagueId, name: 'Sneaky', captainEmail: customer.email })).status).toBe(403)
  })

  test('an unclaimed hold is released after its days: the next waiting team is offered the place and admins are told', async () => {
    const leagueId = await teamLeague({ teamCapacity: 1 })
    const captain = await createRegistrant(ctx)
    const held = await holdTeam(leagueId, 'Too Slow', captain.email)
    const waiting = await createRegistrant(ctx)
    const queued = await waiting.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams`, { name: 'Patient' })
    expect(queued.body.team.status).toBe('waitlisted')

    const early = await releaseExpiredHolds(ctx.db, { now: new Date(Date.now() + (HOLD_DAYS - 1) * DAY), claimWindowMs: DAY, siteUrl: 'http://facility.test', kinds: ctx.kinds })
    expect(early).toBe(0)
    const released = await releaseExpiredHolds(ctx.db, { now: new Date(Date.now() + HOLD_DAYS * DAY + 60_000), claimWindowMs: DAY, siteUrl: 'http://facility.test', kinds: ctx.kinds })
    expect(released).toBeGreaterThanOrEqual(1)

    const teams = await admin.client.get<{ teams: TeamSummary[] }>(`/api/admin/teams?leagueId=${leagueId}`)
    expect(teams.body.teams.find((t) => t.id === held.body.team.id)).toMatchObject({ status: 'withdrawn' })
    expect(teams.body.teams.find((t) => t.id === queued.body.team.id)).toMatchObject({ status: 'offered' })
    const adminMail = await ctx.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', admin.email).execute()
    expect(adminMail.map((m) => m.subject)).toContain(`Held place released: Too Slow, ${held.body.team.leagueName}`)
    const late = await claim(captain, await linkFor(captain.email))
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ error: { message: TEAM_MESSAGES.holdGone } })
  })
})

describe('roster deadline reminders', () => {
  test('a forming team’s captain is reminded 7 and 2 days before, once each; a complete team is not', async () => {
    const today = facilityToday(new Date(), ctx.config.site.timeZone)
    const deadline = addDays(today, 9)
    const leagueId = await teamLeague({ teamCapacity: 5, rosterMin: 2, teamPayment: 'player-fee', priceCents: 0, rosterDeadline: deadline, registrationDate: daysFromToday(-5) })
    const [forming, done] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const formingTeam = (await forming.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams`, { name: 'Short Handed' })).body.team
    const doneTeam = (await done.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams`, { name: 'Full House' })).body.team
    const friend = await createRegistrant(ctx)
    const invite = new URL(doneTeam.inviteUrl!).searchParams.get('invite')
    expect((await friend.client.post(`/api/leagues/${leagueId}/teams/${doneTeam.id}/players`, { invite })).status).toBe(201)

    const remind = (day: string) => sendRosterReminders(ctx.db, { now: new Date(), today: day, siteUrl: 'http://facility.test' })
    const reminders = async (user: TestUser) =>
      (await ctx.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', user.email).orderBy('createdAt').execute())
        .map((m) => m.subject)
        .filter((s) => s.includes('roster deadline'))

    await remind(addDays(deadline, -8))
    expect(await reminders(forming)).toEqual([])
    await remind(addDays(deadline, -7))
    await remind(addDays(deadline, -6))
    expect(await reminders(forming)).toEqual([`${formingTeam.name}: the roster deadline is in 7 days`])
    await remind(addDays(deadline, -2))
    await remind(addDays(deadline, -1))
    expect(await reminders(forming)).toEqual([`${formingTeam.name}: the roster deadline is in 7 days`, `${formingTeam.name}: the roster deadline is in 2 days`])
    expect(await reminders(done)).toEqual([])
  })
})

describe('adding teams from a CSV file', () => {
  const importTeams = (leagueId: string, text: string, commit = false) =>
    admin.client.post<{ rows: { line: number; name: string; outcome: string; message: string | null }[]; committed: boolean }>('/api/admin/teams/import', {
      leagueId,
      text,
      commit,
    })

  test('a dry run shows every row and its line; nothing is written until a clean file is confirmed; a second import adds nothing', async () => {
    const leagueId = await teamLeague({ teamCapacity: 3 })
    const bad = [
      'Team name,Captain email,Player emails',
      'Hat Trick,hat@example.com,p1@example.com,p2@example.com',
      ',nobody@example.com',
      'Own Goals,not-an-email',
      'hat  trick,other@example.com',
      'Offside,off@example.com,not-a-player',
    ].join('\n')
    const dry = await importTeams(leagueId, bad)
    expect(dry.status, dry.text).toBe(200)
    expect(dry.body.committed).toBe(false)
    expect(dry.body.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
    ])
    expect(dry.body.rows[2]!.message).toBe('Please enter a valid email address.')
    expect(dry.body.rows[3]!.message).toBe('The team hat trick is on line 2 too.')
    expect(dry.body.rows[4]!.message).toBe('“not-a-player” is not an email address.')
    // Confirming a file with bad rows writes nothing.
    expect((await importTeams(leagueId, bad, true)).body.committed).toBe(false)
    expect((await admin.client.get<{ teams: unknown[] }>(`/api/admin/teams?leagueId=${leagueId}`)).body.teams).toEqual([])

    const good = ['Hat Trick,hat@example.com,p1@example.com,p2@example.com', 'Offside,off@example.com', 'Nutmegs,nut@example.com', 'Extra Time,extra@example.com'].join('\r\n')
    const tooMany = await importTeams(leagueId, good)
    expect(tooMany.body.rows.map((r) => r.outcome)).toEqual(['create', 'create', 'create', 'error'])
    expect(tooMany.body.rows[3]!.message).toBe('No team place is left in the league for this team.')

    const three = good.split('\r\n').slice(0, 3).join('\n')
    const done = await importTeams(leagueId, three, true)
    expect(done.body).toMatchObject({ committed: true })
    const teams = (await admin.client.get<{ teams: TeamSummary[] }>(`/api/admin/teams?leagueId=${leagueId}`)).body.teams
    expect(teams.map((t) => [t.name, t.status, t.captainEmail]).sort()).toEqual([
      ['Hat Trick', 'held', 'hat@example.com'],
      ['Nutmegs', 'held', 'nut@example.com'],
      ['Offside', 'held', 'off@example.com'],
    ])
    const again = await importTeams(leagueId, three, true)
    expect(again.body.rows.map((r) => r.outcome)).toEqual(['exists', 'exists', 'exists'])
    expect((await admin.client.get<{ teams: unknown[] }>(`/api/admin/teams?leagueId=${leagueId}`)).body.teams).toHaveLength(3)

    // The players listed are invited once the captain completes the team.
    const captain = await createUser(ctx)
    await ctx.db.kysely.updateTable('users').set({ email: 'hat@example.com' }).where('id', '=', captain.id).execute()
    await signWaiver(captain)
    expect(await ctx.db.kysely.selectFrom('outbox').select('id').where('recipient', '=', 'p1@example.com').execute()).toHaveLength(0)
    const claimed = await claim(captain, await linkFor('hat@example.com'))
    expect(claimed.status, claimed.text).toBe(200)
    const invited = await ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', 'in', ['p1@example.com', 'p2@example.com']).execute()
    expect(invited).toHaveLength(2)
    expect(invited[0]!.text).toContain(claimed.body.team.inviteUrl!)
  })

  test('staff only; an empty or unreadable file is refused with a reason', async () => {
    const leagueId = await teamLeague()
    expect((await importTeams(leagueId, '   ')).status).toBe(400)
    const broken = await importTeams(leagueId, 'A Team,"unclosed@example.com')
    expect(broken.status).toBe(400)
    expect(broken.text).toContain('could not be read as CSV')
    const customer = await createRegistrant(ctx)
    expect((await customer.client.post('/api/admin/teams/import', { leagueId, text: 'X,x@example.com' })).status).toBe(403)
  })
})
