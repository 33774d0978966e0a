import { describe, expect, test } from 'vitest'
import { showMomentsIn } from '../../../shared/format.ts'
import { earlyBirdText, heldUntilText, paidWithText, payNowText, receiptsOf } from './checkout-text.ts'

const ZONE = 'America/New_York'
showMomentsIn(ZONE)

describe('the card sentence', () => {
  test('names the amount, the brand capitalized and the last four digits', () => {
    expect(paidWithText({ amountCents: 4500, card: { brand: 'visa', last4: '4242' } })).toBe('$45.00 paid with Visa ending 4242.')
    expect(paidWithText({ amountCents: 123456, card: { brand: 'mastercard', last4: '0005' } })).toBe('$1,234.56 paid with Mastercard ending 0005.')
  })

  test('says only the amount when no card was recorded', () => {
    expect(paidWithText({ amountCents: 4500, card: null })).toBe('$45.00 paid.')
  })
})

describe('the held-until sentence', () => {
  const now = new Date('2027-01-15T23:30:00Z') // 6:30 PM at the facility

  test("gives the time at the facility when the hold ends the same day", () => {
    expect(heldUntilText('2027-01-16T00:42:00Z', now, ZONE)).toBe('Your places are held until 7:42 PM. Pay by then or they go to the next person.')
  })

  test("gives the day too when the hold ends on another of the facility's days", () => {
    expect(heldUntilText('2027-01-16T05:10:00Z', now, ZONE)).toBe('Your places are held until 1/16/2027, 12:10 AM. Pay by then or they go to the next person.')
  })
})

test('the pay button says what is paid', () => {
  expect(payNowText(4500)).toBe('Pay $45.00 now')
})

test('the early-bird price shows only when it is below the list price', () => {
  expect(earlyBirdText({ listPriceCents: 6000, priceCents: 5000 })).toBe('Early-bird $50.00')
  expect(earlyBirdText({ listPriceCents: 6000, priceCents: 6000 })).toBeNull()
})

test("each receipt of an order's lines is linked once, naming what is on it", () => {
  const line = (id: string, description: string, receiptHref: string | null) => ({
    id,
    description,
    listPriceCents: 6000,
    priceCents: 6000,
    familyDiscountCents: 0,
    discountCents: 0,
    adjustedCents: 0,
    amountDueCents: 6000,
    paidCents: 6000,
    openCents: 0,
    dueNowCents: 0,
    plan: null,
    released: false,
    waiting: false,
    removable: false,
    receiptHref,
  })
  expect(
    receiptsOf([
      line('1', 'Robotics — Maya Park', '/academyReceipt/user/u/academy/a'),
      line('2', 'Robotics — Leo Park', '/academyReceipt/user/u/academy/a'),
      line('3', 'Jersey, size M', null),
    ]),
  ).toEqual([{ href: '/academyReceipt/user/u/academy/a', descriptions: ['Robotics — Maya Park', 'Robotics — Leo Park'] }])
})
