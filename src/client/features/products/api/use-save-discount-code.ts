import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { createDiscountCode, DiscountCode, updateDiscountCode } from '../../../../shared/contracts/discount-codes.ts'
import type { DiscountCodeFormValues } from '../../../../shared/schemas/discount-code.ts'
import { call } from '../../../lib/endpoint.ts'
import { discountCodesChanged } from '../../../queries/discount-codes.ts'

/** The discount code form sent, with the products it is for: `discountCode` changed, or a new code without one; the list reads it again. */
export function useSaveDiscountCode(discountCode: DiscountCode | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: DiscountCodeFormValues & { productIds: string[] }) =>
      discountCode
        ? call<typeof updateDiscountCode>('POST', '/api/admin/discount-codes/:discountCodeId', { params: { discountCodeId: discountCode.id }, body })
        : call<typeof createDiscountCode>('POST', '/api/admin/discount-codes', { body }),
    onSuccess: () => discountCodesChanged(client),
  })
}
