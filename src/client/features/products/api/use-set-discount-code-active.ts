import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DiscountCode, updateDiscountCode } from '../../../../shared/contracts/discount-codes.ts'
import { call } from '../../../lib/endpoint.ts'
import { discountCodesChanged } from '../../../queries/discount-codes.ts'

/** Takes a discount code off (it can no longer be used) or puts it back; the list reads it again either way. */
export function useSetDiscountCodeActive() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ discountCode, isActive }: { discountCode: DiscountCode; isActive: boolean }) =>
      call<typeof updateDiscountCode>('POST', '/api/admin/discount-codes/:discountCodeId', { params: { discountCodeId: discountCode.id }, body: { isActive: String(isActive) } }),
    onSettled: () => discountCodesChanged(client),
  })
}
