import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { downloadCsv } from '../../../../tests/csv.ts'
import { createLeague, createRegistrant, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { create, createTeam, read } from '../../../../tests/teams.ts'
import { INCOMPLETE_INVITE, type TeamSummary } from '../../../shared/contracts/teams.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import type { NewLeague } from '../leagues/leagues.queries.ts'

/** The smaller holes of issue 21 §1: each answered with a clear 4xx, never a 500 or a silent wrong. */
let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

const teamLeague = (overrides: Partial<NewLeague> = {}) =>
  createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000, ...overrides })

async function linkFor(email: string): Promise<URL> {
  const row = await ctx.db.kysely.selectFrom('outbox').select('text').where('recipient', '=', email).orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
  return new URL(/https?:\/\/\S+signUp\?invite=\S+/.exec(row.text)![0])
}

describe('joining and creating teams', () => {
  test('joining a team staff hold for its captain answers a clear 409', async () => {
    const leagueId = await teamLeague()
    const captainEmail = `held-${Date.now()}@example.com`
    const held = await admin.client.post<{ team: TeamSummary }>('/api/admin/teams', { leagueId, name: 'Held Back', captainEmail })
    expect(held.status, held.text).toBe(201)
    const link = await linkFor(captainEmail)
    const player = await createRegistrant(ctx)
    const res = await player.client.post(`/api/leagues/${leagueId}/teams/${held.body.team.id}/players`, { invite: link.searchParams.get('invite') })
    expect(res.status, res.text).toBe(409)
    expect(res.body).toMatchObject({ error: { message: TEAM_MESSAGES.heldForCaptain } })
  })

  test('no team is created after the roster deadline', async () => {
    const leagueId = await teamLeague({ registrationDate: daysFromToday(-10), rosterDeadline: daysFromToday(-1) })
    const res = await create(await createRegistrant(ctx), leagueId, 'Too Late')
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: { message: TEAM_MESSAGES.noNewTeams } })
  })

  test('team names clash after NFKC folding and without zero-width characters', async () => {
    const leagueId = await teamLeague()
    await createTeam(await createRegistrant(ctx), leagueId, 'Net Ninjas')
    // A zero-width space is a hidden character, refused as such; the joiners are allowed in names (emoji, scripts).
    expect((await create(await createRegistrant(ctx), leagueId, 'Net\u200B Ninjas')).status).toBe(400)
    for (const lookalike of ['Ｎｅｔ Ｎｉｎｊａｓ', 'Net\u200C Ninjas', 'N\u200Det Ninjas', 'NET NINJAS']) {
      const res = await create(await createRegistrant(ctx), leagueId, lookalike)
      expect(res.status, JSON.stringify(lookalike)).toBe(409)
      expect(res.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    }
  })
})

describe('team names that only look alike (issue 30)', () => {
  // Cyrillic Т and е, Greek Η, a macron, capitals and a trailing space: read as the same letters.
  const lookalikes = ['\u0422he Hawks', 'Th\u0435 Hawks', 'The \u0397awks', 'The H\u0101wks', 'The Ha\u0301wks', 'THE HAWKS ', 'the hawks']

  test('clash with a team of the league on every road: a captain creating or renaming, staff holding a place, the roster import', async () => {
    const leagueId = await teamLeague({ teamCapacity: 20 })
    await createTeam(await createRegistrant(ctx), leagueId, 'The Hawks')
    for (const name of lookalikes) {
      const created = await create(await createRegistrant(ctx), leagueId, name)
      expect(created.status, JSON.stringify(name)).toBe(409)
      expect(created.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    }

    const captain = await createRegistrant(ctx)
    const other = await createTeam(captain, leagueId, 'Falcons')
    for (const name of lookalikes) {
      const renamed = await captain.client.post(`/api/leagues/${leagueId}/teams/${other.id}/name`, { name })
      expect(renamed.status, JSON.stringify(name)).toBe(409)
      expect(renamed.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    }

    for (const name of lookalikes) {
      const held = await admin.client.post('/api/admin/teams', { leagueId, name, captainEmail: `lookalike-${Date.now()}@example.com` })
      expect(held.status, JSON.stringify(name)).toBe(409)
      expect(held.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
    }

    const imported = await admin.client.post<{ rows: { outcome: string; message?: string }[] }>('/api/admin/teams/import', {
      leagueId,
      text: lookalikes.map((name, i) => `"${name}",import-${i}-${Date.now()}@example.com`).join('\n'),
    })
    expect(imported.status, imported.text).toBe(200)
    expect(imported.body.rows[0]).toMatchObject({ outcome: 'error', message: 'A team of this name already plays in the league, with another captain.' })
    expect(imported.body.rows.slice(1).map((r) => r.outcome)).toEqual(lookalikes.slice(1).map(() => 'error'))
  })

  test('names that differ in a letter still differ, and another league may use the look-alike', async () => {
    const leagueId = await teamLeague()
    await createTeam(await createRegistrant(ctx), leagueId, 'Hawks')
    for (const name of ['Hawk', 'Hawks 2', 'Howks']) expect((await create(await createRegistrant(ctx), leagueId, name)).status, name).toBe(201)
    const elsewhere = await teamLeague()
    expect((await create(await createRegistrant(ctx), elsewhere, 'H\u0101wks')).status).toBe(201)
  })
})

describe('the roster import', () => {
  const importText = (leagueId: string, text: string) => admin.client.post<{ rows: { outcome: string; message?: string }[] }>('/api/admin/teams/import', { leagueId, text })

  test('caps the player emails of a row and of the file', async () => {
    const leagueId = await teamLeague({ teamCapacity: 100 })
    const players = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@example.com`).join(',')
    const wide = await importText(leagueId, `Wide Team,cap@example.com,${players(31, 'w')}`)
    expect(wide.status, wide.text).toBe(200)
    expect(wide.body.rows[0]).toMatchObject({ outcome: 'error', message: expect.stringContaining('at most 30 player emails') })
    const lines = Array.from({ length: 21 }, (_, t) => `Team ${t},cap${t}@example.com,${players(25, `t${t}p`)}`).join('\n')
    const many = await importText(leagueId, lines)
    expect(many.status).toBe(400)
    expect(many.text).toContain('at most 500 player emails')
  })

  test('a file up to the 100 KB the contract names is read; above it, a clear 400 or 413 that says the limit', async () => {
    const leagueId = await teamLeague({ teamCapacity: 100 })
    const line = (i: number) => `Team Number ${i},captain${i}@example.com${' '.repeat(600)}`
    const big = Array.from({ length: 120 }, (_, i) => line(i)).join('\n')
    expect(big.length).toBeGreaterThan(64 * 1024)
    expect(big.length).toBeLessThan(100_000)
    const fits = await importText(leagueId, big)
    expect(fits.status, fits.text.slice(0, 200)).toBe(200)
    const tooBig = await importText(leagueId, big + ' '.repeat(30_000))
    expect([400, 413]).toContain(tooBig.status)
    expect(tooBig.text).toContain('100 KB')
  })
})

describe('the teams CSV', () => {
  test('a fullwidth ＝ or another formula sign starts no formula, a negative amount owed keeps its sign, and a name with an accent comes out whole', async () => {
    const leagueId = await teamLeague({ teamPayment: 'player-fee', teamFeeCents: null, priceCents: 2000 })
    const names = ['＝HYPERLINK("http://evil.example")', '＋1+1', '－1-1', '＠SUM(A1)']
    const accented = await createTeam(await createRegistrant(ctx), leagueId, 'Les Étoiles')
    const captains = await Promise.all(names.map(() => createRegistrant(ctx)))
    const teams = await Promise.all(names.map((name, i) => createTeam(captains[i]!, leagueId, name)))
    // The first captain paid 20.50 dollars of a 20-dollar fee: owed −0.50, not 0.50.
    const captainPlace = teams[0]!.players[0]!.registrationId
    const paid = await admin.client.post(`/api/admin/registrations/${captainPlace}/payments`, { amount: '20', method: 'cash', reference: '' })
    expect(paid.status, paid.text).toBe(201)
    await ctx.db.kysely.updateTable('paymentAllocations').set({ amountCents: 2050 }).where('orderLineId', 'in', ctx.db.kysely.selectFrom('orderLines').select('id').where('registrationId', '=', captainPlace)).execute()
    await ctx.db.kysely.updateTable('payments').set({ amountCents: 2050 }).where('id', 'in', ctx.db.kysely.selectFrom('paymentAllocations as a').innerJoin('orderLines as l', 'l.id', 'a.orderLineId').select('a.paymentId').where('l.registrationId', '=', captainPlace)).execute()

    const csv = await downloadCsv(ctx, admin, `/api/admin/teams.csv?leagueId=${leagueId}`)
    expect(csv.text.split('\r\n').find((l) => l.startsWith(`${accented.name},`))).toBeDefined()
    for (const name of names) expect(csv.text).toContain(`'${name.replaceAll('"', '""')}`)
    const row = csv.text.split('\r\n').find((l) => l.includes('HYPERLINK'))!
    expect(row).toContain(',-0.50,')
  })
})

describe('what a team request must carry, said by its contract (issue 22)', () => {
  test('a missing invite, captain, team, league or roster text answers 400 with the words a person reads, and nothing changes', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId)
    const player = await createRegistrant(ctx)
    const base = `/api/leagues/${leagueId}/teams/${team.id}`
    const cases: [TestUser, string, object, string, string][] = [
      [player, `${base}/players`, {}, 'invite', INCOMPLETE_INVITE],
      [player, `${base}/players`, { invite: '' }, 'invite', INCOMPLETE_INVITE],
      [player, `${base}/claim`, {}, 'invite', INCOMPLETE_INVITE],
      [captain, `${base}/captain`, {}, 'registrationId', 'Choose the player who becomes captain.'],
      [admin, `/api/admin/players/${team.players[0]!.registrationId}/move`, { teamId: '' }, 'teamId', 'Choose the team.'],
      [admin, '/api/admin/teams/import', { text: 'A,a@example.com' }, 'leagueId', 'Choose the league.'],
      [admin, '/api/admin/teams/import', { leagueId, text: '  \n ' }, 'text', 'Type the teams or choose a CSV file.'],
    ]
    for (const [who, url, body, field, message] of cases) {
      const res = await who.client.post(url, body)
      expect(res.status, `${url} ${res.text}`).toBe(400)
      expect(res.body, url).toMatchObject({ error: { message, fields: { [field]: message } } })
    }
    const after = await read(captain, team)
    expect(after.body.team.players.map((p) => p.userId)).toEqual([captain.id])
  })
})
