import { describe, expect, test } from 'vitest'
import { dueNowCents, overduePart, pastDueSince, planParts } from './payment-plan.ts'

const plan = { depositCents: 5000, dueDates: ['2027-01-15', '2027-02-15', '2027-03-15'] }
const summary = (today: string, paidCents: number, amountDueCents = 18_001) =>
  planParts(plan, amountDueCents, paidCents, today).map((p) => `${p.dueDate ?? 'sign-up'} ${p.amountCents} ${p.paidCents} ${p.state}`)

test('a deposit, then the rest split evenly over the parts, the odd cents on the last; the parts always add up to the line', () => {
  expect(summary('2026-12-01', 0)).toEqual(['sign-up 5000 0 due', '2027-01-15 4333 0 upcoming', '2027-02-15 4333 0 upcoming', '2027-03-15 4335 0 upcoming'])
  for (const amount of [0, 1, 4999, 5000, 5001, 18_001, 99_999]) {
    expect(planParts(plan, amount, 0, '2026-12-01').reduce((sum, p) => sum + p.amountCents, 0)).toBe(amount)
  }
  // A line asking less than the deposit (a discount took most of it) is all deposit.
  expect(summary('2026-12-01', 0, 3000)).toEqual(['sign-up 3000 0 due', '2027-01-15 0 0 paid', '2027-02-15 0 0 paid', '2027-03-15 0 0 paid'])
})

test('a part is due from a week before its day, overdue the day after it, and payments fill the parts in order', () => {
  expect(summary('2027-01-07', 5000).slice(1, 2)).toEqual(['2027-01-15 4333 0 upcoming'])
  expect(summary('2027-01-08', 5000).slice(1, 2)).toEqual(['2027-01-15 4333 0 due'])
  expect(summary('2027-01-15', 5000).slice(1, 2)).toEqual(['2027-01-15 4333 0 due'])
  expect(summary('2027-01-16', 5000).slice(1, 2)).toEqual(['2027-01-15 4333 0 overdue'])
  expect(summary('2027-01-16', 7000)).toEqual(['sign-up 5000 5000 paid', '2027-01-15 4333 2000 overdue', '2027-02-15 4333 0 upcoming', '2027-03-15 4335 0 upcoming'])
  expect(summary('2027-04-01', 18_001).every((part) => part.endsWith('paid'))).toBe(true)
})

test('what is due now is the deposit and the parts whose links went out, less what was paid; the first part past its day is flagged', () => {
  expect(dueNowCents(planParts(plan, 18_001, 0, '2026-12-01'))).toBe(5000)
  expect(dueNowCents(planParts(plan, 18_001, 5000, '2026-12-01'))).toBe(0)
  expect(dueNowCents(planParts(plan, 18_001, 7000, '2027-02-10'))).toBe(2333 + 4333)
  expect(overduePart(planParts(plan, 18_001, 7000, '2027-02-10'))).toMatchObject({ dueDate: '2027-01-15', amountCents: 4333, paidCents: 2000 })
  expect(overduePart(planParts(plan, 18_001, 9333, '2027-02-10'))).toBeUndefined()
})

describe('pastDueSince: a place unpaid past its due date, for staff', () => {
  const place = { status: 'confirmed', plan: null, priceCents: 18_000, paidCents: 0, balanceCents: 18_000, offering: { startDate: '2027-01-10' } }
  test('without a plan, a place still owing once its start has come is past due since its start', () => {
    expect(pastDueSince(place, '2027-01-09')).toBeNull()
    expect(pastDueSince(place, '2027-01-10')).toBe('2027-01-10')
    expect(pastDueSince({ ...place, paidCents: 18_000, balanceCents: 0 }, '2027-02-01')).toBeNull()
    expect(pastDueSince({ ...place, status: 'waitlisted' }, '2027-02-01')).toBeNull()
  })
  test('under a plan, since its first part past its day', () => {
    const plan = { depositCents: 5_000, dueDates: ['2027-01-15', '2027-02-15'] }
    expect(pastDueSince({ ...place, plan, paidCents: 5_000, balanceCents: 13_000 }, '2027-01-14')).toBeNull()
    expect(pastDueSince({ ...place, plan, paidCents: 5_000, balanceCents: 13_000 }, '2027-01-16')).toBe('2027-01-15')
  })
})
