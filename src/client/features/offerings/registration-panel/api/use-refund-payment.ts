import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { refundPayment } from '../../../../../shared/contracts/checkout.ts'
import { call } from '../../../../lib/endpoint.ts'
import { registrationChanged } from './registration-changed.ts'

/** All or part of one payment given back, from what it paid on one line of its order, the price lowered with it or not. */
export function useRefundPayment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ paymentId, ...body }: { paymentId: string; amount: string; reason: string; lineId: string; lowerPrice: boolean }) =>
      call<typeof refundPayment>('POST', '/api/admin/payments/:paymentId/refunds', { params: { paymentId }, body }),
    onSuccess: () => registrationChanged(client),
  })
}
