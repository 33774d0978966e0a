import { describe, expect, test } from 'vitest'
import { formatPhone, phoneE164 } from './phone.ts'

describe('phone numbers', () => {
  test.each([
    ['(555) 010-1234', '+15550101234'],
    ['555.010.1234', '+15550101234'],
    ['555 010 1234', '+15550101234'],
    ['1 555 010 1234', '+15550101234'],
    ['+1 555 010 1234', '+15550101234'],
    ['  5550101234 ', '+15550101234'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%j is stored as %s', (typed, stored) => {
    expect(phoneE164(typed)).toBe(stored)
  })

  test.each(['555-0100', '123456789012345', '555-CALL-NOW', '1+5551234567', '(555) 010-1234 ext. 5', '+1 555', ''])('%j is not a phone number', (typed) => {
    expect(phoneE164(typed)).toBeNull()
  })

  test('a stored number reads the facility’s way, a foreign one in international form, anything else as stored', () => {
    expect(formatPhone('+15550101234')).toBe('(555) 010-1234')
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958')
    expect(formatPhone('555-0100')).toBe('555-0100')
    expect(formatPhone('')).toBe('')
  })
})
