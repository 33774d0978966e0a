import { expect, test } from 'vitest'
import { chargeLines } from './charges.ts'

test('a price simply the list price needs no lines; an early-bird price, a family discount, a code and an adjustment each get theirs', () => {
  expect(chargeLines({ listPriceCents: 4500, sessions: null, priceOfDayCents: 4500, familyDiscountCents: 0, discount: null, adjustments: [], familyDiscountEnded: null })).toEqual([])
  expect(chargeLines(null)).toEqual([])
  expect(
    chargeLines({
      listPriceCents: 18_000,
      sessions: null,
      priceOfDayCents: 15_000,
      familyDiscountCents: 1500,
      discount: { code: 'FAMILY10', cents: 1500 },
      adjustments: [{ amountCents: 5000, reason: 'Scholarship', at: '2026-11-26T10:00:00.000Z' }],
      familyDiscountEnded: null,
    }),
  ).toEqual([
    { label: 'List price', amount: '$180.00' },
    { label: 'Early-bird price', amount: '$150.00' },
    { label: 'Family discount', amount: '−$15.00' },
    { label: 'Discount (FAMILY10)', amount: '−$15.00' },
    { label: 'Adjustment (Scholarship)', amount: '−$50.00' },
  ])
})

test('a family discount taken off again is shown as given and as asked again, with the reason', () => {
  const ended = { amountCents: 1800, reason: 'Family discount ended: Maya cancelled', at: '2026-11-26T10:00:00.000Z' }
  expect(chargeLines({ listPriceCents: 18_000, sessions: null, priceOfDayCents: 18_000, familyDiscountCents: 0, discount: null, adjustments: [], familyDiscountEnded: ended })).toEqual([
    { label: 'List price', amount: '$180.00' },
    { label: 'Family discount', amount: '−$18.00' },
    { label: 'Family discount ended: Maya cancelled', amount: '+$18.00' },
  ])
})

test('a late sign-up charged for the sessions left says so on a line of its own', () => {
  expect(chargeLines({ listPriceCents: 10_800, sessions: { charged: 6, inAll: 10 }, priceOfDayCents: 10_800, familyDiscountCents: 0, discount: null, adjustments: [], familyDiscountEnded: null })).toEqual([
    { label: 'List price for the 6 sessions left of 10', amount: '$108.00' },
  ])
})
