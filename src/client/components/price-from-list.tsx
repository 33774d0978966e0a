import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { formatDate } from '../../shared/format.ts'
import { dollarsText, formatMoney } from '../../shared/money.ts'
import type { Product } from '../../shared/contracts/products.ts'
import { PURPOSE_LABELS, type ProductPurpose } from '../../shared/schemas/product.ts'
import { SelectField } from './ui/select-field.tsx'
import type { FieldProps } from '../lib/use-form.ts'
import { productsQuery } from '../queries/products.ts'

const productText = (p: Product) =>
  `${p.name}: ${formatMoney(p.listPriceCents)}${p.earlyBird ? `, early-bird ${formatMoney(p.earlyBird.priceCents)} until ${formatDate(p.earlyBird.until)}` : ''}`

interface PriceFromListProps<K extends string> {
  /** What the product must be for: a league's player fee, an academy's fee. */
  purpose: ProductPurpose
  /** The form's product field (empty: the price typed below). */
  product: FieldProps<K>
  /** The form's price field: set to the chosen product's price, so the form's rules see one. */
  price: FieldProps<K>
  error: string | undefined
  /** The select's label, where the form prices more than one thing. */
  label?: string
  /** The price typed, shown when no product is chosen. */
  children: ReactNode
}

/**
 * A league's or an academy's price (issue 24): a product of the price list, early-bird price and
 * all, or a price typed here, which the list then carries as a product of its own.
 */
export function PriceFromList<K extends string>({ purpose, product, price, error, label = 'Price from the price list', children }: PriceFromListProps<K>) {
  const { data } = useQuery(productsQuery())
  const offered = data?.products.filter((p) => p.isActive && p.purpose === purpose) ?? []
  const chosen = offered.find((p) => p.id === product.value)
  return (
    <>
      <SelectField
        label={label}
        field={{
          ...product,
          onChange: (e) => {
            product.onChange(e)
            const picked = offered.find((p) => p.id === e.target.value)
            if (picked) price.onChange({ target: { value: dollarsText(picked.listPriceCents) } })
          },
        }}
        error={error}
        hint={`Products for a ${PURPOSE_LABELS[purpose].toLowerCase()}, or a price typed here.`}
      >
        <option value="">A price typed here</option>
        {offered.map((p) => (
          <option key={p.id} value={p.id}>
            {productText(p)}
          </option>
        ))}
      </SelectField>
      {chosen ? <p className="staff-note">People pay {productText(chosen)}, as the price list says on the day they register.</p> : children}
    </>
  )
}
