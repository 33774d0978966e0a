import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Product, updateProduct } from '../../../../shared/contracts/products.ts'
import { call } from '../../../lib/endpoint.ts'
import { productsChanged } from '../../../queries/products.ts'

/** Takes a product off the price list or puts it back; the list reads it again either way. */
export function useSetProductOffered() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ product, isActive }: { product: Product; isActive: boolean }) =>
      call<typeof updateProduct>('POST', '/api/admin/products/:productId', { params: { productId: product.id }, body: { isActive: String(isActive) } }),
    onSettled: () => productsChanged(client),
  })
}
