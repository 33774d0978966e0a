import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, latestEmailTo, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { HistoryEntry, Payment, RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'

/*
 * Issue 30, §2 and §3: a desk payment and a refund each reach the family as an email and the
 * place's history; staff email any customer's receipt; "refund and lower the price" gives part of
 * a fee back in one step, a refund that leaves the price gives back only what was paid over it.
 * SQLite and PostgreSQL.
 */
let ctx: TestApp
let admin: TestUser
let desk: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  desk = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

async function paidAtDesk(priceCents: number, paid: string): Promise<{ person: TestUser; registration: RegistrationView; cash: Payment }> {
  const leagueId = await createLeague(ctx, { priceCents })
  const person = await createRegistrant(ctx)
  const placed = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(placed.status, placed.text).toBe(201)
  const res = await desk.client.post(`/api/admin/registrations/${placed.body.registration.id}/payments`, { amount: paid, method: 'cash', reference: '' })
  expect(res.status, res.text).toBe(201)
  const detail = await admin.client.get<{ registration: RegistrationView; payments: Payment[] }>(`/api/admin/registrations/${placed.body.registration.id}`)
  return { person, registration: detail.body.registration, cash: detail.body.payments[0]! }
}

const NOTHING_OVER = 'Nothing was paid over the price to give back: to refund part of the fee, choose “Part of the fee given back”.'

const detailOf = async (id: string) => (await admin.client.get<{ registration: RegistrationView; history: HistoryEntry[] }>(`/api/admin/registrations/${id}`)).body

describe('a desk payment', () => {
  test('emails the family a receipt of it, with what is left to pay', async () => {
    const { person, registration } = await paidAtDesk(8000, '50.00')
    const email = await latestEmailTo(ctx, person.email)
    expect(email?.subject).toBe(`Payment received: ${registration.offering.name}`)
    expect(email?.text).toContain('$50.00 paid in cash at the front desk')
    expect(email?.text).toContain('Balance: $30.00')
    expect(email?.text).toContain(`${ctx.config.publicUrl}/receipt/user/${person.id}/`)
  })
})

describe('refunds', () => {
  test('refund and lower the price: $20 of $80 cash goes back, the place asks $60 and nothing is owed; its history and the family say so', async () => {
    const { person, registration, cash } = await paidAtDesk(8000, '80.00')
    const res = await admin.client.post(`/api/admin/payments/${cash.id}/refunds`, { amount: '20.00', reason: 'Missed two weeks', lineId: cash.lineId, lowerPrice: true })
    expect(res.status, res.text).toBe(201)
    const { registration: after, history } = await detailOf(registration.id)
    expect(after).toMatchObject({ priceCents: 6000, paidCents: 6000, balanceCents: 0 })
    expect(history.find((h) => h.action === 'refunded')).toMatchObject({ details: { amountCents: 2000, reason: 'Missed two weeks', priceLowered: true }, actorName: admin.displayName })
    const pending = await admin.client.get<{ registrations: { id: string }[] }>(`/api/admin/registrations?q=${encodeURIComponent(person.email)}`)
    expect(pending.body.registrations.map((r) => r.id)).not.toContain(registration.id)
    const email = await latestEmailTo(ctx, person.email)
    expect(email?.subject).toBe(`Refund: ${registration.offering.name}`)
    expect(email?.text).toContain('$20.00 of your cash payment is refunded (Missed two weeks). The price is lowered to $60.00.')
    expect(email?.text).toContain('Balance: $0.00')
  })

  test('a refund of money paid over the price is refused when nothing was paid over it: the balance stays $0 and nothing is recorded', async () => {
    const { person, registration, cash } = await paidAtDesk(8000, '80.00')
    const before = await latestEmailTo(ctx, person.email)
    const res = await admin.client.post<{ error: { fields: Record<string, string> } }>(`/api/admin/payments/${cash.id}/refunds`, { amount: '20.00', reason: 'Paid twice', lineId: cash.lineId })
    expect(res.status, res.text).toBe(400)
    expect(res.body.error.fields.amount).toBe(NOTHING_OVER)
    const { registration: after, history } = await detailOf(registration.id)
    expect(after).toMatchObject({ priceCents: 8000, paidCents: 8000, balanceCents: 0 })
    expect(history.find((h) => h.action === 'refunded')).toBeUndefined()
    expect(await latestEmailTo(ctx, person.email)).toEqual(before)
  })

  test('a refund of money paid over the price gives back no more than was paid over it, and leaves the price', async () => {
    // A place ended without a refund asks nothing: all it was paid is over its price (an employee cancels, an admin refunds: decision 0016).
    const { person, registration, cash } = await paidAtDesk(8000, '80.00')
    expect((await desk.client.post(`/api/admin/registrations/${registration.id}/cancel`, {})).status).toBe(200)
    const part = await admin.client.post(`/api/admin/payments/${cash.id}/refunds`, { amount: '20.00', reason: 'Left the league', lineId: cash.lineId })
    expect(part.status, part.text).toBe(201)
    expect((await latestEmailTo(ctx, person.email))?.text).toContain('$20.00 of your cash payment is refunded (Left the league).')
    const { registration: after, history } = await detailOf(registration.id)
    expect(after).toMatchObject({ priceCents: 8000, paidCents: 6000, balanceCents: 0 })
    expect(history.find((h) => h.action === 'refunded')).toMatchObject({ details: { amountCents: 2000, priceLowered: false } })
    const rest = await admin.client.post(`/api/admin/payments/${cash.id}/refunds`, { amount: '60.00', reason: 'Left the league', lineId: cash.lineId })
    expect(rest.status, rest.text).toBe(201)
  })

  test('nothing was paid over the price of a place partly paid, nor of one whose price a refund lowered', async () => {
    const partly = await paidAtDesk(8000, '50.00')
    const refused = await admin.client.post<{ error: { fields: Record<string, string> } }>(`/api/admin/payments/${partly.cash.id}/refunds`, { amount: '10.00', reason: 'Paid twice', lineId: partly.cash.lineId })
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields.amount).toBe(NOTHING_OVER)
    const full = await paidAtDesk(8000, '80.00')
    const lowered = await admin.client.post(`/api/admin/payments/${full.cash.id}/refunds`, { amount: '10.00', reason: 'Missed a week', lineId: full.cash.lineId, lowerPrice: true })
    expect(lowered.status, lowered.text).toBe(201)
    const over = await admin.client.post<{ error: { fields: Record<string, string> } }>(`/api/admin/payments/${full.cash.id}/refunds`, { amount: '10.00', reason: 'Paid twice', lineId: full.cash.lineId })
    expect(over.status).toBe(400)
    expect(over.body.error.fields.amount).toBe(NOTHING_OVER)
  })

  test('each payment says what is left of it to refund: $80 less a $20 refund leaves $60', async () => {
    const { registration, cash } = await paidAtDesk(8000, '80.00')
    expect(cash.refundableCents).toBe(8000)
    const res = await admin.client.post(`/api/admin/payments/${cash.id}/refunds`, { amount: '20.00', reason: 'Missed two weeks', lineId: cash.lineId, lowerPrice: true })
    expect(res.status, res.text).toBe(201)
    const { payments } = (await admin.client.get<{ payments: Payment[] }>(`/api/admin/registrations/${registration.id}`)).body
    expect(payments.map((p) => [p.move, p.refundableCents])).toEqual([
      ['payment', 6000],
      ['refund', null],
    ])
  })

  test('lowering the price never takes off more than the refund gives back', async () => {
    const { cash } = await paidAtDesk(8000, '30.00')
    const res = await admin.client.post<{ error: { fields: Record<string, string> } }>(`/api/admin/payments/${cash.id}/refunds`, { amount: '40.00', reason: 'Too much', lineId: cash.lineId, lowerPrice: true })
    expect(res.status).toBe(400)
    expect(res.body.error.fields.amount).toBe('The refund is more than is left of this payment for this registration.')
  })
})

describe('staff email a receipt', () => {
  test('any customer’s receipt goes to its account holder; a customer cannot send one', async () => {
    const { person, registration } = await paidAtDesk(4500, '45.00')
    const url = `/api/registrations/${registration.id}/receipt/email`
    expect((await person.client.post(url, {})).status).toBe(403)
    const sent = await desk.client.post<{ to: string; emailed: boolean }>(url, {})
    expect(sent.status, sent.text).toBe(200)
    // No mail server here: the email is kept on the Emails page, and the answer says it did not leave.
    expect(sent.body).toEqual({ to: person.email, emailed: false })
    const email = await latestEmailTo(ctx, person.email)
    expect(email?.subject).toBe(`Your receipt: ${registration.offering.name}`)
    expect(email?.text).toContain(`Receipt number: ${registration.receiptNumber}`)
    expect(email?.text).toContain('Paid: $45.00')
    expect((await desk.client.post('/api/registrations/no-such-place/receipt/email', {})).status).toBe(404)
  })
})
