import { queryOptions } from '@tanstack/react-query'
import type { getCheckout, getOrderCheckout } from '../../shared/contracts/checkout.ts'
import type { CheckoutStatus } from '../../shared/schemas/payments.ts'
import { ApiError } from '../lib/api.ts'
import { readOf } from './read-of.ts'

/** Every order and payment read of the checkout: what a payment recorded changes. */
export const CHECKOUT = ['checkout'] as const

/** An order at its checkout: its lines, total, what was paid and what is due now (its payer, and staff). */
export const orderCheckoutQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...CHECKOUT, 'order', orderId],
    ...readOf<typeof getOrderCheckout>('/api/orders/:orderId', { params: { orderId } }),
  })

/** A payment's end: after it, nothing about it changes. */
export function isSettled(status: CheckoutStatus): boolean {
  return status === 'paid' || status === 'expired' || status === 'failed'
}

/** How often a payment being confirmed is read again: the webhook usually lands within seconds. */
export const CONFIRMING_POLL_MS = 2000

/**
 * Where a payment online stands. Read again every two seconds until it is settled (paid, expired,
 * failed): the page says "payment received" only once the webhook has recorded it (issue 24).
 * A refusal (not found, not yours) is the answer too: asking again would not change it.
 */
export const checkoutStateQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: [...CHECKOUT, 'payment', checkoutId],
    ...readOf<typeof getCheckout>('/api/checkouts/:checkoutId', { params: { checkoutId } }),
    refetchInterval: (query) => {
      const { data, error } = query.state
      if (data && isSettled(data.checkout.status)) return false
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
      return CONFIRMING_POLL_MS
    },
  })
