import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createTeam } from '../../../../tests/teams.ts'
import { INVITE_LIMITS } from '../../../shared/schemas/team.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const teamLeague = () => createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 30000 })
const addresses = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${i}@example.com`).join(', ')

async function invitesTo(pattern: string) {
  return ctx.db.kysely.selectFrom('outbox').select(['recipient', 'subject', 'text']).where('recipient', 'like', pattern).execute()
}

describe('invites cannot be used to spam', () => {
  test(`15 requests of 20 addresses at once send at most ${INVITE_LIMITS.perTeamPerDay} invites a day; the rest are refused with the limit`, async () => {
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, await teamLeague(), 'Spam Free')
    const tag = `cap-${team.id.slice(0, 8)}`
    const sends = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        captain.client.post<{ sent: string[]; error?: { message: string } }>(`/api/leagues/${team.leagueId}/teams/${team.id}/invite/emails`, { emails: addresses(`${tag}-${i}`, 20) }),
      ),
    )
    const sent = sends.filter((r) => r.status === 200).flatMap((r) => r.body.sent)
    expect(sent.length).toBeLessThanOrEqual(INVITE_LIMITS.perTeamPerDay)
    expect(sent.length).toBeGreaterThanOrEqual(INVITE_LIMITS.perTeamPerDay - 20 + 1)
    expect((await invitesTo(`${tag}-%`)).length).toBe(sent.length)
    const refused = sends.filter((r) => r.status !== 200)
    expect(refused.length).toBeGreaterThan(0)
    for (const res of refused) {
      expect(res.status).toBe(429)
      expect(res.body.error?.message).toMatch(new RegExp(`at most ${INVITE_LIMITS.perTeamPerDay} invites a day`))
    }
  })

  test(`one request sends at most ${INVITE_LIMITS.perRequest}`, async () => {
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, await teamLeague())
    const res = await captain.client.post(`/api/leagues/${team.leagueId}/teams/${team.id}/invite/emails`, { emails: addresses('many', INVITE_LIMITS.perRequest + 1) })
    expect(res.status).toBe(400)
    expect(res.text).toContain(`at most ${INVITE_LIMITS.perRequest} addresses`)
  })

  test('the subject is fixed: the facility and the team name cleaned, nothing the captain typed elsewhere', async () => {
    const captain = await createRegistrant(ctx)
    await ctx.db.kysely.updateTable('users').set({ displayName: 'WIN $500 NOW at prizes.example' }).where('id', '=', captain.id).execute()
    const team = await createTeam(captain, await teamLeague(), 'Free <b>money</b> at evil.example!!')
    const to = `subject-${team.id.slice(0, 8)}@example.com`
    expect((await captain.client.post(`/api/leagues/${team.leagueId}/teams/${team.id}/invite/emails`, { emails: to })).status).toBe(200)
    const [email] = await invitesTo(to)
    expect(email!.subject).toBe(`Join Free b money b at evil example at ${ctx.config.site.facilityName}`)
    expect(email!.subject).not.toMatch(/WIN|prizes|<|\.example|!/)
    expect(email!.text).toContain(team.inviteUrl!)
  })

  test('address literals and domains without a dot are refused', async () => {
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, await teamLeague())
    for (const address of ['x@[127.0.0.1]', 'x@localhost', 'x@127.0.0.1']) {
      const res = await captain.client.post(`/api/leagues/${team.leagueId}/teams/${team.id}/invite/emails`, { emails: address })
      expect(res.status, address).toBe(400)
      expect(res.text, address).toContain(address)
    }
  })
})
