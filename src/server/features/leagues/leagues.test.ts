import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { ActiveLeague } from '../../../shared/sports.ts'

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
  })
  expect(res.body.leagues.some((l) => l.id === inactive)).toBe(false)
})
