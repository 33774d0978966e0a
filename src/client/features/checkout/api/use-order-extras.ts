import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { addOrderExtra, removeOrderExtra } from '../../../../shared/contracts/checkout.ts'
import { call } from '../../../lib/endpoint.ts'
import { orderCheckoutQuery } from '../../../queries/checkout.ts'

/** Adds an extra to the order at the checkout, or takes one off: the answer is the order as it now stands. */
export function useOrderExtras(orderId: string) {
  const client = useQueryClient()
  const { queryKey } = orderCheckoutQuery(orderId)
  const settle = { onSuccess: (answer: Awaited<ReturnType<typeof call<typeof addOrderExtra>>>) => client.setQueryData(queryKey, answer) }
  const add = useMutation({
    mutationFn: (extra: { productId: string; size?: string; quantity: number }) => call<typeof addOrderExtra>('POST', '/api/orders/:orderId/extras', { params: { orderId }, body: extra }),
    ...settle,
  })
  const remove = useMutation({
    mutationFn: (lineId: string) => call<typeof removeOrderExtra>('POST', '/api/orders/:orderId/extras/:lineId/remove', { params: { orderId, lineId } }),
    ...settle,
  })
  return { add, remove }
}
