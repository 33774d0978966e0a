import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { createProduct, Product, updateProduct } from '../../../../shared/contracts/products.ts'
import type { ProductFormValues } from '../../../../shared/schemas/product.ts'
import { call } from '../../../lib/endpoint.ts'
import { productsChanged } from '../../../queries/products.ts'

/** The product form sent, with the fees an extra goes with: `product` changed, or a new product without one; the list reads it again. */
export function useSaveProduct(product: Product | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: ProductFormValues & { goesWith: string[] }) =>
      product
        ? call<typeof updateProduct>('POST', '/api/admin/products/:productId', { params: { productId: product.id }, body })
        : call<typeof createProduct>('POST', '/api/admin/products', { body }),
    onSuccess: () => productsChanged(client),
  })
}
