import { expect, test } from 'vitest'
import { signUpTotal } from '../../shared/sign-up-total.ts'
import { placeText, planText, totalText } from './sign-up-price-text.ts'

const pricing = { listPriceCents: 18_000, earlyBird: null, familyDiscountPercent: 10, plan: { depositCents: 5000, dueDates: ['2027-03-01', '2027-04-01'] }, sessions: null }

test('each participant’s amount with its family discount, the plan’s parts and what is due at sign-up', () => {
  const total = signUpTotal(pricing, '2027-01-05', { count: 3, children: true, holding: 0, placesLeft: 2 })
  expect(total.places.map((p, i) => placeText(p, ['Maya', 'Leo', 'Ava'][i]!))).toEqual([
    'Maya: $180.00',
    'Leo: $162.00 ($18.00 family discount off $180.00)',
    'Ava: on the waitlist — nothing to pay unless a place opens up',
  ])
  expect(planText(total.places[1]!)).toBe('Payment plan: $50.00 at sign-up, then $56.00 on 3/1/2027 and $56.00 on 4/1/2027.')
  expect(planText(total.places[2]!)).toBeNull()
  expect(totalText(total, false)).toBe('In all: $342.00, $100.00 of it due at sign-up, paid at the front desk.')
  expect(totalText(signUpTotal({ ...pricing, plan: null }, '2027-01-05', { count: 1, children: true, holding: 0, placesLeft: 0 }), true)).toBe('Nothing to pay now: you pay once a place is yours.')
})
