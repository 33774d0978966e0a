import { expect, test } from 'vitest'
import { moneyText } from './format.ts'
import { lateSessionsOn, placePriceOn, priceOn, type PriceRules } from './prices.ts'
import { signUpTotal } from './sign-up-total.ts'

const fee: PriceRules = { listPriceCents: 18_000, earlyBird: { priceCents: 15_000, until: '2027-01-10' }, familyDiscountPercent: 10, sessions: null }
const tenSessions = ['2027-02-02', '2027-02-04', '2027-02-09', '2027-02-11', '2027-02-16', '2027-02-18', '2027-02-23', '2027-02-25', '2027-03-02', '2027-03-04']

test('the early-bird price runs through its last day, then the list price', () => {
  expect(priceOn(fee, '2027-01-10')).toBe(15_000)
  expect(priceOn(fee, '2027-01-11')).toBe(18_000)
  expect(priceOn({ ...fee, earlyBird: null }, '2027-01-01')).toBe(18_000)
})

test('a second child takes the family discount off the price of the day, rounded to the cent', () => {
  expect(placePriceOn(fee, '2027-01-01', 0)).toMatchObject({ priceOfDayCents: 15_000, familyDiscountCents: 0, amountDueCents: 15_000 })
  expect(placePriceOn({ ...fee, familyDiscountPercent: 15 }, '2027-01-01', 1)).toMatchObject({ familyDiscountCents: 2250, amountDueCents: 12_750 })
  expect(placePriceOn({ ...fee, earlyBird: null, familyDiscountPercent: 33 }, '2027-01-01', 2)).toMatchObject({ familyDiscountCents: 5940, amountDueCents: 12_060 })
})

test('a late sign-up pays for the sessions left when the product says so, rounded to the cent; before the first session, or priced in full, the whole price', () => {
  const late = { ...fee, earlyBird: null, sessions: { dates: tenSessions, lateSignUpPrice: 'sessions-left' as const } }
  expect(lateSessionsOn(late, '2027-02-02')).toBeNull()
  expect(lateSessionsOn(late, '2027-02-03')).toEqual({ charged: 9, inAll: 10 })
  expect(placePriceOn(late, '2027-02-12', 0)).toEqual({ listPriceCents: 10_800, priceOfDayCents: 10_800, familyDiscountCents: 0, amountDueCents: 10_800, sessions: { charged: 6, inAll: 10 } })
  expect(placePriceOn({ ...late, listPriceCents: 10_000, sessions: { dates: tenSessions.slice(0, 3), lateSignUpPrice: 'sessions-left' } }, '2027-02-03', 0).amountDueCents).toBe(6667)
  expect(placePriceOn({ ...late, sessions: { dates: tenSessions, lateSignUpPrice: 'full' } }, '2027-02-12', 0)).toMatchObject({ amountDueCents: 18_000, sessions: null })
  // The family discount comes off the prorated price.
  expect(placePriceOn(late, '2027-02-12', 1)).toMatchObject({ priceOfDayCents: 10_800, familyDiscountCents: 1080, amountDueCents: 9720 })
})

test('a sign-up total: places while they last, the family discount from the second child placed, a plan’s deposit due now', () => {
  const plan = { depositCents: 5000, dueDates: ['2027-01-20', '2027-02-20'] }
  const total = signUpTotal({ ...fee, plan }, '2027-01-05', { count: 3, children: true, holding: 0, placesLeft: 2 })
  expect(total.places.map((p) => [p.amountDueCents, p.waitlisted, p.dueNowCents])).toEqual([
    [15_000, false, 5000],
    [13_500, false, 5000],
    [13_500, true, 0],
  ])
  expect(total).toMatchObject({ totalCents: 28_500, dueNowCents: 10_000 })
  expect(total.places[0]!.parts!.map((p) => [p.dueDate, p.amountCents])).toEqual([
    [null, 5000],
    ['2027-01-20', 5000],
    ['2027-02-20', 5000],
  ])
  // A child already holding a place earns the first one the discount; an adult never takes it.
  expect(signUpTotal({ ...fee, plan: null }, '2027-01-05', { count: 1, children: true, holding: 1, placesLeft: null })).toMatchObject({ totalCents: 13_500, dueNowCents: 13_500 })
  expect(signUpTotal({ ...fee, plan: null }, '2027-01-05', { count: 1, children: false, holding: 1, placesLeft: null }).totalCents).toBe(15_000)
})

test('money from its digits reads as the currency formatter writes it', () => {
  expect([0, 5, 4500, 108_000, 123_456_789].map(moneyText)).toEqual(['$0.00', '$0.05', '$45.00', '$1,080.00', '$1,234,567.89'])
})
