import { DiscountCodes } from '../features/products/discount-codes.tsx'
import { PriceList } from '../features/products/price-list.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { discountCodesQuery } from '../queries/discount-codes.ts'
import { productsQuery } from '../queries/products.ts'

export function opensWith(_visit: PageVisit) {
  return { products: productsQuery(), codes: discountCodesQuery() }
}

/** /admin/products: the price list and its discount codes (issue 24). */
export default function AdminProductsPage() {
  const opening = usePageQueries(opensWith)
  return (
    <section className="page">
      <h1>Products and Prices</h1>
      {/* The price list grows long: a keyboard reaches the codes below it in one step. */}
      <p>
        <a href="#discount-codes">Go to the discount codes</a>
      </p>
      <PriceList productsQuery={opening.products} />
      <DiscountCodes codesQuery={opening.codes} productsQuery={opening.products} />
    </section>
  )
}
