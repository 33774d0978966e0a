import { describe, expect, test } from 'vitest'
import { balanceCents, centsFromDollars, dollarsText, formatMoney } from './money.ts'

describe('money', () => {
  test('cents read as en-US dollars and written into a form field', () => {
    expect(formatMoney(4550)).toBe('$45.50')
    expect(formatMoney(199)).toBe('$1.99')
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(123456)).toBe('$1,234.56')
    // A refund reads with the same minus sign as a discount ("−$5.00"), never a hyphen.
    expect(formatMoney(-2000)).toBe('−$20.00')
    expect(formatMoney(-5)).toBe('−$0.05')
    expect(dollarsText(4550)).toBe('45.50')
    expect(dollarsText(5)).toBe('0.05')
    expect(dollarsText(1000000)).toBe('10000.00')
    // A credit keeps its sign, under a dollar too (issue 21).
    expect(dollarsText(-50)).toBe('-0.50')
    expect(dollarsText(-1500)).toBe('-15.00')
  })

  test('what staff type becomes exact cents, never through floating point', () => {
    expect(centsFromDollars('45')).toBe(4500)
    expect(centsFromDollars('45.5')).toBe(4550)
    expect(centsFromDollars(' 0.29 ')).toBe(29)
    expect(centsFromDollars('1.005')).toBeNull()
    expect(centsFromDollars('19.99')).toBe(1999)
    for (const bad of ['', '-5', '+5', '4.', '.5', '1e3', '12,50', 'abc', '45.50 USD']) expect(centsFromDollars(bad), bad).toBeNull()
  })

  test('a registration owes its price less payments while active, nothing once ended', () => {
    expect(balanceCents({ status: 'confirmed', priceCents: 4500, paidCents: 1000 })).toBe(3500)
    expect(balanceCents({ status: 'waitlisted', priceCents: 4500, paidCents: 0 })).toBe(4500)
    expect(balanceCents({ status: 'cancelled', priceCents: 4500, paidCents: 1000 })).toBe(0)
  })
})
