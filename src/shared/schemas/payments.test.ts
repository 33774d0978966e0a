import { describe, expect, test } from 'vitest'
import { cardBrandName } from '../card-brands.ts'
import { moneyMoveLabel } from './payments.ts'

describe('how a payment or refund reads in a list', () => {
  test('a desk payment names its method; a card paid online names the card, its brand capitalized', () => {
    expect(moneyMoveLabel({ move: 'payment', method: 'cash', card: null, status: 'succeeded' })).toBe('Cash')
    expect(moneyMoveLabel({ move: 'payment', method: 'online', card: { brand: 'visa', last4: '4242' }, status: 'succeeded' })).toBe('Online — Visa ending 4242')
    expect(moneyMoveLabel({ move: 'payment', method: 'online', card: null, status: 'succeeded' })).toBe('Online')
  })

  test('a refund says whether it went through', () => {
    const card = { brand: 'visa', last4: '4242' }
    expect(moneyMoveLabel({ move: 'refund', method: 'cash', card: null, status: 'succeeded' })).toBe('Refund of cash')
    expect(moneyMoveLabel({ move: 'refund', method: 'online', card, status: 'succeeded' })).toBe('Refund of online')
    expect(moneyMoveLabel({ move: 'refund', method: 'online', card, status: 'pending' })).toBe('Refund of online (pending)')
    expect(moneyMoveLabel({ move: 'refund', method: 'online', card, status: 'failed' })).toBe('Refund of online — failed')
  })
})

test('card brands read as their holders know them; an unknown one is capitalized', () => {
  expect(cardBrandName('amex')).toBe('American Express')
  expect(cardBrandName('VISA')).toBe('Visa')
  expect(cardBrandName('jcb')).toBe('JCB')
  expect(cardBrandName('new_brand')).toBe('New brand')
  expect(cardBrandName('')).toBe('Card')
})
