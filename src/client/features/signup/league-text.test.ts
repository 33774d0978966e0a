import { describe, expect, test } from 'vitest'
import type { RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { outcomeText, placesText } from './league-text.ts'
import { priceFactText } from '../../../shared/format.ts'

function result(overrides: Partial<RegistrationView>, created = true): RegisterResult {
  return {
    created,
    registration: {
      id: 'r1',
      offering: { kind: 'league-place', id: 'o1', name: 'Spring Soccer', startDate: '2027-03-01', endDate: '2027-05-31', ownerId: 'l1', details: { kind: 'league-place', league: { id: 'l1', sport: 'soccer' } } },
      userId: 'u1',
      registrantName: 'Jo Park',
      registrantEmail: 'jo@example.com',
      child: null,
      status: 'confirmed',
      waitlistPosition: null,
      waitlistSize: 0,
      offerExpiresAt: null,
      receiptNumber: 'L1-00001',
      priceCents: 4500,
      paidCents: 0,
      balanceCents: 4500,
      orderId: 'order1',
      plan: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      ...overrides,
    },
  }
}

describe('league facts', () => {
  test('a price, or Free; an early-bird price with its last day while it runs, then the price', () => {
    expect(priceFactText({ listPriceCents: 4500, earlyBird: null }, '2027-01-01')).toBe('$45.00')
    expect(priceFactText({ listPriceCents: 0, earlyBird: null }, '2027-01-01')).toBe('Free')
    const early = { listPriceCents: 6500, earlyBird: { priceCents: 5500, until: '2027-01-10' } }
    expect(priceFactText(early, '2027-01-10')).toBe('$55.00 through 1/10/2027 (early bird), then $65.00')
    expect(priceFactText(early, '2027-01-11')).toBe('$65.00')
  })

  test('places left, a full league with its waitlist, and nothing for an unlimited league', () => {
    expect(placesText({ placesLeft: 12, waitlistSize: 0 })).toBe('12 places left')
    expect(placesText({ placesLeft: 1, waitlistSize: 0 })).toBe('1 place left')
    expect(placesText({ placesLeft: 0, waitlistSize: 3 })).toBe('Full — join the waitlist (3 waiting)')
    expect(placesText({ placesLeft: null, waitlistSize: 0 })).toBeNull()
  })
})

describe('what a registration answer says', () => {
  test('a confirmed place with the amount due at the front desk', () => {
    expect(outcomeText(result({}))).toBe(
      "You're registered! Your place in Spring Soccer is confirmed. Amount due: $45.00 — pay at the front desk.",
    )
  })

  test('a repeat says the person was already registered', () => {
    expect(outcomeText(result({}, false))).toBe(
      "You're already registered. Your place in Spring Soccer is confirmed. Amount due: $45.00 — pay at the front desk.",
    )
  })

  test('free and paid-up places owe nothing', () => {
    expect(outcomeText(result({ priceCents: 0, balanceCents: 0 }))).toContain("It's free — nothing to pay.")
    expect(outcomeText(result({ paidCents: 4500, balanceCents: 0 }))).toContain('Paid in full.')
  })

  test('a full league puts the person on the waitlist, with their number', () => {
    expect(outcomeText(result({ status: 'waitlisted', waitlistPosition: 2, waitlistSize: 5 }))).toBe(
      "Spring Soccer is full. You're number 2 on the waitlist (of 5). We'll email you if a place opens up.",
    )
  })

  test("a child's registration names the child", () => {
    const child = { id: 'c1', name: 'Sam Rivera' }
    expect(outcomeText(result({ child }))).toBe(
      "Sam Rivera is registered! Sam Rivera's place in Spring Soccer is confirmed. Amount due: $45.00 — pay at the front desk.",
    )
    expect(outcomeText(result({ child, status: 'waitlisted', waitlistPosition: 1, waitlistSize: 1 }, false))).toBe(
      "Sam Rivera is already on the waitlist for Spring Soccer: number 1 (of 1). We'll email you if a place opens up.",
    )
  })

  test('an offered place says to claim it', () => {
    expect(outcomeText(result({ status: 'offered', offerExpiresAt: null }, false))).toBe(
      'A place in Spring Soccer has opened up for you. Claim it on your account page.',
    )
  })
})
