import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listProducts } from '../../shared/contracts/products.ts'
import { readOf } from './read-of.ts'

/** The price list, for admins. */
export const productsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'products'],
    ...readOf<typeof listProducts>('/api/admin/products'),
  })

/** A product was added or changed: the price list reads it again. */
export function productsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: productsQuery().queryKey })
}
