import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { dueNowCents, overduePart, owedAtDesk, pastDueSince, planAfterGivingBack, planDueText, planEndingBy, planParts } from './payment-plan.ts'
import { addDays } from './registration-window.ts'

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

test('what a plan asks, in words: what is due now, then each part to come on its day; several places’ parts on one day are one', () => {
  expect(planDueText(planParts(plan, 18_000, 0, '2026-12-01'))).toBe('$50.00 due now, then $43.33 on 1/15/2027, $43.33 on 2/15/2027 and $43.34 on 3/15/2027')
  expect(planDueText(planParts(plan, 18_000, 5000, '2026-12-01'))).toBe('nothing due now, then $43.33 on 1/15/2027, $43.33 on 2/15/2027 and $43.34 on 3/15/2027')
  expect(planDueText(planParts(plan, 18_000, 7000, '2027-02-10'))).toBe('$66.66 due now, then $43.34 on 3/15/2027')
  expect(planDueText(planParts(plan, 18_000, 0, '2027-04-01'))).toBe('$180.00 due now')
  const two = [...planParts(plan, 18_000, 0, '2026-12-01'), ...planParts(plan, 16_200, 0, '2026-12-01')]
  expect(planDueText(two)).toBe('$100.00 due now, then $80.66 on 1/15/2027, $80.66 on 2/15/2027 and $80.68 on 3/15/2027')
})

test('what the desk is told places ask: under a plan what is due now and the parts to come, without one all of it now', () => {
  const skills = { plan: { depositCents: 5000, dueDates: ['2027-01-15', '2027-02-15'] }, priceCents: 18_000, paidCents: 0, balanceCents: 18_000 }
  expect(owedAtDesk([skills], '2026-12-01')).toEqual({ owedCents: 18_000, dueNowCents: 5000, plan: '$50.00 due now, then $65.00 on 1/15/2027 and $65.00 on 2/15/2027' })
  expect(owedAtDesk([{ ...skills, plan: null }], '2026-12-01')).toEqual({ owedCents: 18_000, dueNowCents: 18_000, plan: null })
  expect(owedAtDesk([{ ...skills, paidCents: 18_000, balanceCents: 0 }], '2026-12-01')).toEqual({ owedCents: 0, dueNowCents: 0, plan: null })
})

test('a program asks nothing after its last day: a part dated later falls due on it, the others keep their days and every part its amount', () => {
  const skills = { depositCents: 5000, dueDates: ['2026-12-28', '2027-01-27'] }
  expect(planEndingBy(skills, '2027-01-21')).toEqual({ depositCents: 5000, dueDates: ['2026-12-28', '2027-01-21'] })
  expect(planDueText(planParts(planEndingBy(skills, '2027-01-21')!, 18_000, 0, '2026-11-28'))).toBe('$50.00 due now, then $65.00 on 12/28/2026 and $65.00 on 1/21/2027')
  // Two parts late: both on the last day, read as one.
  expect(planDueText(planParts(planEndingBy(plan, '2027-01-31')!, 18_000, 0, '2026-12-01'))).toBe('$50.00 due now, then $43.33 on 1/15/2027 and $86.67 on 1/31/2027')
  // One part of that day, for the reminder and the list as for the sentence; what was paid counts towards it as one.
  const late = (paidCents: number, today: string) => planParts(planEndingBy(plan, '2027-01-31')!, 18_000, paidCents, today).map((p) => `${p.dueDate ?? 'sign-up'} ${p.amountCents} ${p.paidCents} ${p.state}`)
  expect(late(0, '2026-12-01')).toEqual(['sign-up 5000 0 due', '2027-01-15 4333 0 upcoming', '2027-01-31 8667 0 upcoming'])
  expect(late(14_000, '2027-02-01')).toEqual(['sign-up 5000 5000 paid', '2027-01-15 4333 4333 paid', '2027-01-31 8667 4667 overdue'])
  expect(planEndingBy(plan, '2027-03-15')).toBe(plan)
  expect(planEndingBy(null, '2027-03-15')).toBeNull()
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

describe('part of the fee given back: the refund and the lowered price come off the parts already paid', () => {
  const skills = { depositCents: 5000, dueDates: ['2026-12-27', '2027-01-26'] }
  test('$20 back of a $50 deposit on $180: nothing falls due again, the parts to come stay $65 and $65', () => {
    const after = planAfterGivingBack(skills, 18_000, 5000, 2000, '2026-11-28')
    expect(after).toEqual({ depositCents: 3000, dueDates: skills.dueDates })
    expect(planDueText(planParts(after, 16_000, 3000, '2026-11-28'))).toBe('nothing due now, then $65.00 on 12/27/2026 and $65.00 on 1/26/2027')
  })
  test('beyond the deposit, from the parts paid in full: $100 back of $130 paid leaves the last part as it was', () => {
    const after = planAfterGivingBack(skills, 18_000, 11_500, 10_000, '2026-12-28')
    expect(planDueText(planParts(after, 8000, 1500, '2026-12-28'))).toBe('nothing due now, then $65.00 on 1/26/2027')
  })
  test('whatever was paid and given back, the parts still open ask no more than before and what is due now never grows (but for a cent)', () => {
    const today = '2027-01-01'
    const dates = fc.uniqueArray(fc.integer({ min: -60, max: 120 }), { minLength: 1, maxLength: 3 }).map((days) => days.sort((a, b) => a - b).map((d) => addDays(today, d)))
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 1, max: 60_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (dueDates, depositCents, amount, paidShare, backShare) => {
        const plan = { depositCents, dueDates }
        const paid = Math.floor(amount * paidShare)
        const back = Math.floor(paid * backShare)
        const before = planParts(plan, amount, paid, today)
        const after = planParts(planAfterGivingBack(plan, amount, paid, back, today), amount - back, paid - back, today)
        expect(after.reduce((sum, p) => sum + p.amountCents, 0)).toBe(amount - back)
        expect(after.reduce((sum, p) => sum + p.amountCents - p.paidCents, 0)).toBe(amount - paid)
        // A rest split anew over fewer parts may move a cent between two of them (planAfterGivingBack).
        expect(dueNowCents(after)).toBeLessThanOrEqual(dueNowCents(before) + 1)
      }),
      { numRuns: 2000 },
    )
  })
})
