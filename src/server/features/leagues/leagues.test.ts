import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { ActiveLeague } from '../../../shared/sports.ts'
import type { LeagueSummary } from '../../../shared/contracts/leagues.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

test('anyone gets the active leagues with the fields the home cards show; inactive ones are left out', async () => {
  const active = await createLeague(ctx, {
    name: 'Spring Soccer',
    sport: 'soccer',
    description: 'Coed 7v7',
    registrationDate: '2027-01-05',
    startDate: '2027-01-15',
    endDate: '2027-03-15',
  })
  const inactive = await createLeague(ctx, { name: 'Old Soccer', isActive: false })
  const res = await ctx.client().get<{ leagues: ActiveLeague[] }>('/api/leagues/active')
  expect(res.status).toBe(200)
  expect(res.body.leagues.find((l) => l.id === active)).toEqual({
    id: active,
    name: 'Spring Soccer',
    sport: 'soccer',
    kind: 'individual',
    description: 'Coed 7v7',
    registrationDate: '2027-01-05',
    startDate: '2027-01-15',
    endDate: '2027-03-15',
    registrationDeadline: null,
    priceCents: 4500,
    earlyBirdPriceCents: null,
    earlyBirdUntil: null,
  })
  expect(res.body.leagues.some((l) => l.id === inactive)).toBe(false)
})

test('a signed-in person reads one league, closed ones too, with what a team and a player pay; an unknown id is 404', async () => {
  const customer = await createRegistrant(ctx)
  const teamLeague = await createLeague(ctx, { name: 'Closed Hoops', sport: 'basketball', kind: 'team', isActive: false, teamPayment: 'deposit-and-player-fee', teamFeeCents: 10000, priceCents: 2500 })
  const res = await customer.client.get<{ league: LeagueSummary }>(`/api/leagues/${teamLeague}`)
  expect(res.status, res.text).toBe(200)
  expect(res.body.league).toMatchObject({ id: teamLeague, name: 'Closed Hoops', kind: 'team', isActive: false, priceCents: 2500, teamPayment: 'deposit-and-player-fee', teamFeeCents: 10000 })

  const teamFeeOnly = await createLeague(ctx, { kind: 'team', teamPayment: 'player-fee', teamFeeCents: 10000, priceCents: 2500 })
  expect((await customer.client.get<{ league: LeagueSummary }>(`/api/leagues/${teamFeeOnly}`)).body.league.teamFeeCents).toBeNull()

  const missing = await customer.client.get('/api/leagues/no-such-league')
  expect(missing.status).toBe(404)
  expect(missing.text).toContain('There is no such league.')
})
