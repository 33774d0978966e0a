import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { MoneySection } from '../../../shared/contracts/dashboard-sections.ts'
import type { DeskDrawer } from '../../../shared/contracts/drawer.ts'
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/schemas/payments.ts'
import { generateSeason } from '../../demo-season.ts'

/**
 * The drawer (issue 32) on a generated season with a cash payment an employee records at the
 * desk: its totals are the Money section's for today, and on any day what the raw tables say,
 * worked out here in plain JavaScript; its CSV parses back to the same totals.
 */
const NOW = new Date('2026-11-20T20:30:00Z')
let ctx: TestApp
let admin: TestUser
let employee: TestUser
let drawer: DeskDrawer
const CASH_CENTS = 1_234

beforeAll(async () => {
  ctx = await startTestApp({ now: () => NOW })
  await generateSeason(ctx.db, { seed: 32, now: NOW, timeZone: ctx.config.site.timeZone })
  ;[admin, employee] = await Promise.all([createUser(ctx, 'admin'), createUser(ctx, 'employee')])
  const owing = (await admin.client.get<MoneySection>('/api/dashboard/money')).body.outstanding.largest[0]!
  const paid = await employee.client.post(`/api/admin/registrations/${owing.registrationId}/payments`, { amount: '12.34', method: 'cash', reference: '' })
  expect(paid.status, paid.text).toBe(201)
  const res = await employee.client.get<DeskDrawer>('/api/desk/drawer')
  expect(res.status, res.text).toBe(200)
  drawer = res.body
}, 60_000)
afterAll(() => ctx.close())

let dayFormat: Intl.DateTimeFormat | undefined
const facilityDay = (at: Date | string | number) => {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.site.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  return dayFormat.format(new Date(at))
}
const noMethods = () => ({ cash: 0, card: 0, check: 0, online: 0 })

/** A day's drawer as the raw tables say: payments recorded that day and refunds that went through, by method and by who recorded them. */
async function fromTables(day: string) {
  const k = ctx.db.kysely
  const [payments, refunds, users] = await Promise.all([
    k.selectFrom('payments').selectAll().execute(),
    k.selectFrom('refunds').selectAll().execute(),
    k.selectFrom('users').select(['id', 'displayName']).execute(),
  ])
  const methodOf = new Map(payments.map((p) => [p.id, p.method]))
  const taken = payments.filter((p) => facilityDay(p.recordedAt) === day)
  const givenBack = refunds.filter((f) => f.status === 'succeeded' && facilityDay(f.recordedAt) === day)
  const byTaker = new Map<string, { collected: Record<PaymentMethod, number>; refunded: Record<PaymentMethod, number> }>()
  const nameOf = (staffId: string | null) => (staffId === null ? 'Online' : users.find((u) => u.id === staffId)!.displayName)
  const of = (staffId: string | null) => byTaker.get(nameOf(staffId)) ?? byTaker.set(nameOf(staffId), { collected: noMethods(), refunded: noMethods() }).get(nameOf(staffId))!
  const totals = { collected: noMethods(), refunded: noMethods() }
  for (const p of taken) {
    totals.collected[p.method] += Number(p.amountCents)
    of(p.recordedBy).collected[p.method] += Number(p.amountCents)
  }
  for (const f of givenBack) {
    totals.refunded[methodOf.get(f.paymentId)!] += Number(f.amountCents)
    of(f.recordedBy).refunded[methodOf.get(f.paymentId)!] += Number(f.amountCents)
  }
  return { totals, byTaker, lines: taken.length + givenBack.length, refunds: givenBack.length }
}

const sum = (byMethod: Record<PaymentMethod, number>) => Object.values(byMethod).reduce((a, b) => a + b, 0)
const takingsOf = ({ collected, refunded }: { collected: Record<PaymentMethod, number>; refunded: Record<PaymentMethod, number> }) => ({
  byMethod: collected,
  collectedCents: sum(collected),
  refundedByMethod: refunded,
  refundedCents: sum(refunded),
  netCents: sum(collected) - sum(refunded),
})

describe('the drawer', () => {
  test('today’s totals by method and refunds are the Money section’s “today”, to the cent', async () => {
    const money = await admin.client.get<MoneySection>('/api/dashboard/money')
    expect(drawer.day).toBe(money.body.today)
    const { byMethod, collectedCents, refundedCents } = drawer.totals
    expect({ byMethod, collectedCents, refundedCents }).toEqual(money.body.takings.today)
    expect(collectedCents).toBeGreaterThan(CASH_CENTS)
  })

  test('the employee’s cash payment is under their name and cash, with the payer and what it paid for', () => {
    const mine = drawer.byTaker.find((t) => t.staffId === employee.id)
    expect(mine).toMatchObject({ name: employee.displayName, byMethod: { cash: CASH_CENTS, card: 0, check: 0, online: 0 }, collectedCents: CASH_CENTS })
    const line = drawer.lines.find((l) => l.takenBy === employee.displayName)
    expect(line).toMatchObject({ kind: 'payment', method: 'cash', amountCents: CASH_CENTS })
    expect(line!.payer).not.toBe('')
    expect(line!.for).not.toBe('')
  })

  test('on a day with refunds, the totals by method and by who took the money are what the raw tables say', async () => {
    const refunds = await ctx.db.kysely.selectFrom('refunds').select('recordedAt').where('status', '=', 'succeeded').execute()
    const perDay = new Map<string, number>()
    for (const f of refunds) perDay.set(facilityDay(f.recordedAt), (perDay.get(facilityDay(f.recordedAt)) ?? 0) + 1)
    const [day] = [...perDay].filter(([d]) => d < drawer.today).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!
    const res = await employee.client.get<DeskDrawer>(`/api/desk/drawer?day=${day}`)
    expect(res.status, res.text).toBe(200)
    const expected = await fromTables(day)
    expect(expected.refunds).toBeGreaterThan(0)
    expect(res.body.totals).toEqual(takingsOf(expected.totals))
    expect(Object.fromEntries(res.body.byTaker.map(({ name, staffId: _id, ...takings }) => [name, takings]))).toEqual(Object.fromEntries([...expected.byTaker].map(([name, t]) => [name, takingsOf(t)])))
    expect(res.body.byTaker.at(-1)?.name).toBe('Online')
    expect(res.body.lines).toHaveLength(expected.lines)
  })

  test('the CSV has a byte order mark and parses back to the same totals by method and by who took the money', async () => {
    const res = await fetch(`${ctx.baseUrl}/api/desk/drawer.csv?day=${drawer.day}`, { headers: { cookie: employee.client.cookieHeader(), origin: employee.client.origin } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toContain(`drawer-${drawer.day}.csv`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const records = parse(new TextDecoder().decode(bytes), { bom: true, columns: true }) as Record<string, string>[]
    expect(records).toHaveLength(drawer.lines.length)
    const cents = (text: string) => Math.round(Number(text) * 100)
    const methodOf = new Map(PAYMENT_METHODS.map((m) => [PAYMENT_METHOD_LABELS[m], m]))
    const collected = noMethods()
    const refunded = noMethods()
    const byTaker = new Map<string, number>()
    for (const r of records) {
      const method = methodOf.get(r.Method!)!
      if (r.Kind === 'Payment') collected[method] += cents(r.Amount!)
      else refunded[method] -= cents(r.Amount!)
      byTaker.set(r['Taken by']!, (byTaker.get(r['Taken by']!) ?? 0) + cents(r.Amount!))
    }
    expect(takingsOf({ collected, refunded })).toEqual(drawer.totals)
    expect(Object.fromEntries(byTaker)).toEqual(Object.fromEntries(drawer.byTaker.map((t) => [t.name, t.netCents])))
  })

  test('a day that is not a date is refused with a message, never a 500', async () => {
    for (const day of ['2026-02-30', 'yesterday', '2026-1-5', '']) {
      for (const url of ['/api/desk/drawer', '/api/desk/drawer.csv']) {
        const res = await employee.client.get<{ error: { message: string } }>(`${url}?day=${encodeURIComponent(day)}`)
        expect(res.status, `${url} ${day}`).toBe(400)
        expect(res.body.error.message).toContain('Choose a day such as')
      }
    }
  })

  test('is the desk’s: employees and admins read it, a customer is refused, a visitor asked to sign in', async () => {
    const customer = await createUser(ctx)
    for (const url of ['/api/desk/drawer', '/api/desk/drawer.csv']) {
      expect((await admin.client.get(url)).status).toBe(200)
      expect((await employee.client.get(url)).status).toBe(200)
      expect((await customer.client.get(url)).status).toBe(403)
      expect((await ctx.client().get(url)).status).toBe(401)
    }
  })
})
