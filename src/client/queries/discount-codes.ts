import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listDiscountCodes } from '../../shared/contracts/discount-codes.ts'
import { readOf } from './read-of.ts'

/** Every discount code, for admins. */
export const discountCodesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'discount-codes'],
    ...readOf<typeof listDiscountCodes>('/api/admin/discount-codes'),
  })

/** A code was added or changed: the list reads it again. */
export function discountCodesChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: discountCodesQuery().queryKey })
}
