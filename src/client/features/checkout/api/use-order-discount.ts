import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { applyOrderDiscount, removeOrderDiscount } from '../../../../shared/contracts/checkout.ts'
import { call } from '../../../lib/endpoint.ts'
import { orderCheckoutQuery } from '../../../queries/checkout.ts'

/** Enters a discount code at the checkout, or takes it off: the answer is the order as it now stands. */
export function useOrderDiscount(orderId: string) {
  const client = useQueryClient()
  const { queryKey } = orderCheckoutQuery(orderId)
  const settle = { onSuccess: (answer: Awaited<ReturnType<typeof call<typeof applyOrderDiscount>>>) => client.setQueryData(queryKey, answer) }
  const apply = useMutation({
    mutationFn: (code: string) => call<typeof applyOrderDiscount>('POST', '/api/orders/:orderId/discount-code', { params: { orderId }, body: { code } }),
    ...settle,
  })
  const remove = useMutation({
    mutationFn: () => call<typeof removeOrderDiscount>('POST', '/api/orders/:orderId/discount-code/remove', { params: { orderId } }),
    ...settle,
  })
  return { apply, remove }
}
