import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { HistoryEntry, Receipt, RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'

/* Staff take a credit or a scholarship off what a place asks (issue 24): with its reason, in the history, on the receipt and the checkout. */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

test('an admin takes a scholarship off a place: never more than it still asks, in its history, on its receipt and its checkout', async () => {
  const leagueId = await createLeague(ctx, { priceCents: 4500 })
  const person = await createRegistrant(ctx)
  const placed = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  const { id, orderId } = placed.body.registration
  const admin = await createUser(ctx, 'admin')
  const url = `/api/admin/registrations/${id}/adjustments`

  expect((await person.client.post(url, { amount: '10', reason: 'Mine' })).status).toBe(403)
  const employee = await createUser(ctx, 'employee')
  expect((await employee.client.post(url, { amount: '10', reason: 'Desk' })).status).toBe(403)
  const tooMuch = await admin.client.post<{ error: { fields: Record<string, string> } }>(url, { amount: '45.01', reason: 'Everything and more' })
  expect(tooMuch.status).toBe(400)
  expect(tooMuch.body.error.fields.amount).toBe('The adjustment is more than the place still asks.')
  const noReason = await admin.client.post<{ error: { fields: Record<string, string> } }>(url, { amount: '10' })
  expect(noReason.status).toBe(400)
  expect(noReason.body.error.fields.reason).toBe('Reason is required.')

  const done = await admin.client.post<{ registration: RegistrationView }>(url, { amount: '10.00', reason: 'Scholarship' })
  expect(done.status, done.text).toBe(201)
  expect(done.body.registration).toMatchObject({ priceCents: 3500, balanceCents: 3500 })

  const detail = await admin.client.get<{ history: HistoryEntry[] }>(`/api/admin/registrations/${id}`)
  expect(detail.body.history.find((h) => h.action === 'adjusted')).toMatchObject({ details: { amountCents: 1000, reason: 'Scholarship' }, actorName: admin.displayName })
  const receipt = await person.client.get<{ receipt: Receipt }>(`/api/registrations/${id}/receipt`)
  expect(receipt.body.receipt.charges).toMatchObject({ listPriceCents: 4500, priceOfDayCents: 4500, discount: null, adjustments: [{ amountCents: 1000, reason: 'Scholarship' }] })
  const order = await person.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)
  expect(order.body.order.lines[0]).toMatchObject({ priceCents: 4500, adjustedCents: 1000, amountDueCents: 3500 })
  expect(order.body.order.totalCents).toBe(3500)
})
