import { afterAll, beforeAll, expect, test } from 'vitest'
import { addChild, createLeague, createUser, daysFromToday } from '../../../../tests/factories.ts'
import { createAcademy } from '../../../../tests/academy-places.ts'
import type { AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { HistoryEntry, RegisterResult } from '../../../shared/contracts/registrations.ts'

/* A place taken at the desk — a league's or an academy's — says so in its history: by the staff member, not by the customer (issue 30). */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

test('a league place taken at the desk is in its history as placed by the desk worker', async () => {
  const desk = await createUser(ctx, 'employee')
  const customer = await createUser(ctx)
  const leagueId = await createLeague(ctx)
  expect((await desk.client.post(`/api/desk/customers/${customer.id}/waiver`, { signedName: customer.displayName, agree: 'yes' })).status).toBe(201)
  const placed = await desk.client.post<RegisterResult>(`/api/desk/customers/${customer.id}/registrations`, { leagueId })
  expect(placed.status, placed.text).toBe(201)
  const detail = await desk.client.get<{ history: HistoryEntry[] }>(`/api/admin/registrations/${placed.body.registration.id}`)
  expect(detail.body.history[0]).toMatchObject({ action: 'confirmed', actorName: desk.displayName, details: { atDesk: true } })
})

test('academy places taken at the desk are in their history as placed by the desk worker', async () => {
  const desk = await createUser(ctx, 'employee')
  const parent = await createUser(ctx)
  const childId = await addChild(parent, { firstName: 'Ana', dateOfBirth: '2017-03-01' })
  const academyId = await createAcademy(ctx, { startDate: daysFromToday(30), endDate: daysFromToday(60) })
  const placed = await desk.client.post<AcademySignUpResult>(`/api/desk/customers/${parent.id}/academies/${academyId}/registrations`, { participants: [{ childId, photoConsent: false }] })
  expect(placed.status, placed.text).toBe(201)
  const detail = await desk.client.get<{ history: HistoryEntry[] }>(`/api/admin/registrations/${placed.body.registrations[0]!.id}`)
  expect(detail.body.history[0]).toMatchObject({ action: 'confirmed', actorName: desk.displayName, details: { atDesk: true } })
})
