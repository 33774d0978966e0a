import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { payOrder } from '../../../../shared/contracts/checkout.ts'
import { call } from '../../../lib/endpoint.ts'
import { orderCheckoutQuery } from '../../../queries/checkout.ts'

/**
 * Opens a Stripe Checkout for what the order has due now (or everything it owes, a payment plan's
 * parts to come included) and sends the browser to Stripe's hosted page.
 * A refusal (paid meanwhile, a payment already under way, a place released) is shown by the
 * screen; the order is read again, so the page says where it now stands.
 */
export function usePayOrder(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (pay: 'due-now' | 'everything') => call<typeof payOrder>('POST', '/api/orders/:orderId/checkout', { params: { orderId }, body: { pay } }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => client.invalidateQueries({ queryKey: orderCheckoutQuery(orderId).queryKey }),
  })
}
