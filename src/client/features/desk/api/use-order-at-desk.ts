import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { addExtraAtDesk, applyDiscountAtDesk } from '../../../../shared/contracts/desk-family.ts'
import { call } from '../../../lib/endpoint.ts'
import { orderCheckoutQuery } from '../../../queries/checkout.ts'
import { customerRecordQuery } from '../../../queries/desk.ts'

/** A discount code applied, or an extra sold, on a customer's order at the desk: the order and the record answered replace those shown. */
export function useOrderAtDesk(userId: string, orderId: string) {
  const client = useQueryClient()
  const settle = {
    onSuccess: ({ order, customer }: Awaited<ReturnType<typeof call<typeof applyDiscountAtDesk>>>) => {
      client.setQueryData(orderCheckoutQuery(orderId).queryKey, { order })
      client.setQueryData(customerRecordQuery(userId).queryKey, { customer })
    },
  }
  const params = { userId, orderId }
  const applyCode = useMutation({
    mutationFn: (code: string) => call<typeof applyDiscountAtDesk>('POST', '/api/desk/customers/:userId/orders/:orderId/discount-code', { params, body: { code } }),
    ...settle,
  })
  const addExtra = useMutation({
    mutationFn: (extra: { productId: string; size?: string }) => call<typeof addExtraAtDesk>('POST', '/api/desk/customers/:userId/orders/:orderId/extras', { params, body: extra }),
    ...settle,
  })
  return { applyCode, addExtra }
}
