import { expect, test } from 'vitest'
import { academyDatesText, academyPriceFact, cancellationText, lateText, sessionsText } from './academy-text.ts'

const under = {
  startDate: '2027-02-02',
  sessionDates: ['2027-02-02', '2027-02-04', '2027-02-09', '2027-02-11'],
  pricing: { listPriceCents: 18_000, earlyBird: null, familyDiscountPercent: null, plan: null, lateSignUpPrice: 'sessions-left' as const },
}

test('an academy under way says the sessions left and what a late sign-up pays; before it, the sessions and the price', () => {
  expect(sessionsText(under, '2027-02-01')).toBe('4 sessions')
  expect(academyPriceFact(under, '2027-02-01')).toBe('$180.00')
  expect(sessionsText(under, '2027-02-05')).toBe('2 of 4 sessions left')
  expect(academyPriceFact(under, '2027-02-05')).toBe('$90.00 for the 2 sessions left ($180.00 for all 4)')
  expect(lateText(under, '2027-02-05')).toBe('This academy has begun: 2 sessions left of 4, and a sign-up now pays for the sessions left.')
  expect(lateText({ ...under, pricing: { ...under.pricing, lateSignUpPrice: 'full' } }, '2027-02-05')).toContain('pays the full price')
})

test('the cancellation rule before sign-up: from the account page until the first session, at the desk after; refunds by staff', () => {
  expect(cancellationText(under, '2027-02-01')).toBe('You can cancel a place from your account page until the first session on 2/2/2027; after that, ask at the front desk. Money paid is given back by the facility’s staff: a refund is not automatic.')
  expect(cancellationText(under, '2027-02-02')).toMatch(/^The sessions have begun: to cancel a place, ask at the front desk\./)
})

test('an academy’s dates are its first and last sessions, not the days its range was set from', () => {
  // Set from Saturday 11/7 to Saturday 1/23, meeting on Tuesdays and Thursdays.
  const set = { startDate: '2026-11-07', endDate: '2027-01-23', sessionDates: ['2026-11-10', '2026-11-12', '2027-01-19', '2027-01-21'] }
  expect(academyDatesText(set)).toBe('11/10/2026 – 1/21/2027')
  expect(academyDatesText({ ...set, sessionDates: [] })).toBe('11/7/2026 – 1/23/2027')
})
