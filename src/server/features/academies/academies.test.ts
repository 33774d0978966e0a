import { afterAll, beforeAll, expect, test } from 'vitest'
import { daysFromToday } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'
import { insertAcademy, type NewAcademy } from './academies.queries.ts'

/** The Academies page's answer (issue 23): schedule, sessions, price and places of each open academy. */

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const academy = (overrides: Partial<NewAcademy> = {}): NewAcademy => ({
  name: `Skills Academy ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'soccer',
  coach: 'Coach Daniela Ortiz',
  location: 'Field 1',
  isActive: true,
  forChildren: true,
  minAge: 8,
  maxAge: 10,
  weekdays: [4, 2],
  startTime: '18:00',
  endTime: '19:00',
  registrationDate: daysFromToday(-1),
  startDate: '2027-01-05',
  endDate: '2027-01-28',
  capacity: 16,
  priceCents: 18_000,
  ...overrides,
})

const listed = async () => (await ctx.client().get<{ academies: Academy[] }>('/api/academies/active')).body.academies

test('an open academy is listed with its schedule, every session date less the skipped ones, its price and its places', async () => {
  const id = await insertAcademy(ctx.db, academy({ skippedDates: ['2027-01-14'] }))
  const found = (await listed()).find((a) => a.id === id)
  expect(found).toMatchObject({
    sport: 'soccer',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    priceCents: 18_000,
    placesLeft: 16,
    waitlistSize: 0,
  })
  expect(found?.sessionDates).toEqual(['2027-01-05', '2027-01-07', '2027-01-12', '2027-01-19', '2027-01-21', '2027-01-26', '2027-01-28'])
})

test('an academy without a limit says nothing of places, an adults’ class no ages, and a closed academy is not listed', async () => {
  const open = await insertAcademy(ctx.db, academy({ capacity: null, forChildren: false, minAge: null, maxAge: null, priceCents: 0 }))
  const closed = await insertAcademy(ctx.db, academy({ isActive: false }))
  const academies = await listed()
  expect(academies.find((a) => a.id === open)).toMatchObject({ placesLeft: null, forChildren: false, minAge: null, maxAge: null, priceCents: 0 })
  expect(academies.some((a) => a.id === closed)).toBe(false)
})
