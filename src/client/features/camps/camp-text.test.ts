import { expect, test } from 'vitest'
import { campCancellationText, campDaysText, campFacts, campHoursText } from './camp-text.ts'

const winterBreak = {
  id: 'c1',
  name: 'Winter Break Soccer Camp',
  sport: 'soccer' as const,
  description: null,
  coach: 'Coach Dana',
  location: null,
  minAge: 6,
  maxAge: 10,
  days: ['2026-12-28', '2026-12-29', '2026-12-30'],
  startTime: '09:00',
  endTime: '15:00',
  registrationDate: '2026-11-01',
  registrationDeadline: null,
  startDate: '2026-12-28',
  endDate: '2026-12-30',
  priceCents: 15_000,
  placesLeft: 4,
  waitlistSize: 0,
  waiverRequired: true,
  pricing: { listPriceCents: 15_000, earlyBird: null, familyDiscountPercent: null, plan: null, lateSignUpPrice: 'full' as const },
}

test('a school-break camp says its days and their count, a one-day camp its day; the hours are each day’s', () => {
  expect(campDaysText(winterBreak)).toBe('12/28/2026 – 12/30/2026, 3 days')
  expect(campHoursText(winterBreak)).toBe('9:00 AM – 3:00 PM each day')
  const oneDay = { ...winterBreak, days: ['2027-03-06'], startDate: '2027-03-06', endDate: '2027-03-06' }
  expect(campDaysText(oneDay)).toBe('3/6/2027, one day')
  expect(campHoursText(oneDay)).toBe('9:00 AM – 3:00 PM')
})

test('a card’s facts: ages, days, hours, price and the coach, nothing for a place not given', () => {
  expect(campFacts(winterBreak, '2026-11-27').filter((fact) => fact !== null)).toEqual([
    ['Ages', 'Ages 6–10'],
    ['Days', '12/28/2026 – 12/30/2026, 3 days'],
    ['Hours', '9:00 AM – 3:00 PM each day'],
    ['Price', '$150.00'],
    ['Coach', 'Coach Dana'],
  ])
})

test('a family cancels from the account page until the first day, the desk after', () => {
  expect(campCancellationText(winterBreak, '2026-12-27')).toMatch(/^You can cancel a place from your account page until the first day, 12\/28\/2026/)
  expect(campCancellationText(winterBreak, '2026-12-28')).toMatch(/^The camp has begun: to cancel a place, ask at the front desk\./)
})
