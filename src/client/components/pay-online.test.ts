import { expect, test } from 'vitest'
import { ordersToPay, ordersToReview, payOnlineText, reviewOrderText, type PlaceToPay } from './pay-online.ts'

const place = (overrides: Partial<PlaceToPay> = {}): PlaceToPay => ({ status: 'confirmed', balanceCents: 4500, orderId: 'o-1', who: 'Maya Park', ...overrides })

test('each order with something owed is paid once, naming who it is for', () => {
  expect(ordersToPay([place(), place({ who: 'Leo Park' }), place({ orderId: 'o-2', who: 'Sam Park' })])).toEqual([
    { orderId: 'o-1', who: ['Maya Park', 'Leo Park'] },
    { orderId: 'o-2', who: ['Sam Park'] },
  ])
})

test('a place paid in full, outside any order, ended, waitlisted or offered (claimed first) offers no payment', () => {
  expect(
    ordersToPay([place({ balanceCents: 0 }), place({ orderId: null }), place({ status: 'cancelled' }), place({ status: 'waitlisted' }), place({ status: 'offered' })]),
  ).toEqual([])
})

test('a place held for payment is paid online', () => {
  expect(ordersToPay([place({ status: 'held' })])).toEqual([{ orderId: 'o-1', who: ['Maya Park'] }])
})

test('the link names whose order it pays only when there are several', () => {
  expect(payOnlineText({ who: ['Maya Park'] }, 1)).toBe('Pay online')
  expect(payOnlineText({ who: ['Maya Park', 'Leo Park'] }, 2)).toBe('Pay online for Maya Park, Leo Park')
})

test('without online payment every order the places are on is offered for review, once each, whatever it owes', () => {
  const places = [
    { status: 'confirmed' as const, balanceCents: 0, orderId: 'o1', who: 'Maya' },
    { status: 'waitlisted' as const, balanceCents: 4500, orderId: 'o1', who: 'Leo' },
    { status: 'confirmed' as const, balanceCents: 4500, orderId: null, who: 'Ava' },
  ]
  expect(ordersToReview(places)).toEqual([{ orderId: 'o1', who: ['Maya', 'Leo'] }])
  expect(reviewOrderText({ who: ['Maya', 'Leo'] }, 1)).toBe('Review your order')
  expect(reviewOrderText({ who: ['Maya', 'Leo'] }, 2)).toBe('Review the order for Maya, Leo')
})
