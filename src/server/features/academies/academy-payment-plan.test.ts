import { afterAll, beforeAll, expect, test } from 'vitest'
import { addChild, createUser, daysFromToday, latestEmailTo, productForm } from '../../../../tests/factories.ts'
import { createAcademy } from '../../../../tests/academy-places.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { Academy, AcademyReceipt, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { formatDate } from '../../../shared/format.ts'
import { owedAtDesk, partsOfPlace, planDueText } from '../../../shared/payment-plan.ts'
import { addDays } from '../../../shared/registration-window.ts'

/*
 * A payment plan is paid by the academy's last session: a part whose day the price list set later
 * falls due on that session instead — on the sign-up page, at the desk, on the order, the receipt
 * and in the email alike. SQLite and PostgreSQL.
 */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

/** The first day on or after `day` that falls on `weekday` (0 is Sunday). */
function onOrAfter(day: string, weekday: number): string {
  const at = new Date(`${day}T00:00:00Z`).getUTCDay()
  return addDays(day, (weekday - at + 7) % 7)
}

// Tuesdays and Thursdays, the last session a Thursday; the academy's end date the Saturday after
// it, as the demo's Soccer Skills Academy has.
const FIRST_SESSION = onOrAfter(daysFromToday(10), 2)
const LAST_SESSION = onOrAfter(addDays(FIRST_SESSION, 21), 4)
const END_DATE = addDays(LAST_SESSION, 2)
const FIRST_PART = addDays(FIRST_SESSION, 7)

test('a plan part the price list dates after the last session falls due on it, wherever the plan is shown', async () => {
  const admin = await createUser(ctx, 'admin')
  const made = await admin.client.post<{ product: { id: string } }>(
    '/api/admin/products',
    productForm({ purpose: 'academy-fee', listPrice: '180', planDeposit: '50', planDue1: FIRST_PART, planDue2: END_DATE }),
  )
  expect(made.status, made.text).toBe(201)
  const academyId = await createAcademy(ctx, { startDate: FIRST_SESSION, endDate: END_DATE, priceProductId: made.body.product.id })
  const expected = `$50.00 due now, then $65.00 on ${formatDate(FIRST_PART)} and $65.00 on ${formatDate(LAST_SESSION)}`

  // The sign-up page's summary works from the plan the list of academies gives.
  const listed = await admin.client.get<{ academies: Academy[] }>('/api/academies/active')
  const academy = listed.body.academies.find((a) => a.id === academyId)!
  expect(academy.sessionDates.at(-1)).toBe(LAST_SESSION)
  expect(academy.pricing.plan).toEqual({ depositCents: 5000, dueDates: [FIRST_PART, LAST_SESSION] })

  // Online: the place keeps the plan, and the order, the receipt and the email ask by the last session.
  const parent = await createUser(ctx)
  const childId = await addChild(parent, { firstName: 'Maya', dateOfBirth: '2017-06-01' })
  const online = await parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: [{ childId, photoConsent: false }] })
  expect(online.status, online.text).toBe(201)
  const place = online.body.registrations[0]!
  expect(place.plan).toEqual({ depositCents: 5000, dueDates: [FIRST_PART, LAST_SESSION] })
  expect(planDueText(partsOfPlace(place, daysFromToday(0))!)).toBe(expected)

  const order = (await parent.client.get<{ order: OrderCheckout }>(`/api/orders/${place.orderId}`)).body.order
  expect(order.dueNowCents).toBe(5000)
  expect(order.lines[0]!.plan!.map((p) => [p.dueDate, p.amountCents])).toEqual([
    [null, 5000],
    [FIRST_PART, 6500],
    [LAST_SESSION, 6500],
  ])

  const receipt = await parent.client.get<{ receipt: AcademyReceipt }>(`/api/receipts/user/${parent.id}/academy/${academyId}`)
  expect(receipt.status, receipt.text).toBe(200)
  expect(receipt.body.receipt.places[0]!.plan).toEqual({ depositCents: 5000, dueDates: [FIRST_PART, LAST_SESSION] })

  expect((await latestEmailTo(ctx, parent.email))?.text).toContain(`by its payment plan, ${expected}`)

  // At the desk: the same plan, in the same words.
  const desk = await createUser(ctx, 'employee')
  const walkIn = await createUser(ctx)
  const walkInChild = await addChild(walkIn, { firstName: 'Leo', dateOfBirth: '2017-06-01' })
  const atDesk = await desk.client.post<AcademySignUpResult>(`/api/desk/customers/${walkIn.id}/academies/${academyId}/registrations`, { participants: [{ childId: walkInChild, photoConsent: false }] })
  expect(atDesk.status, atDesk.text).toBe(201)
  expect(owedAtDesk(atDesk.body.registrations, daysFromToday(0)).plan).toBe(expected)
})
