import { useState } from 'react'
import type { Product } from '../../../shared/contracts/products.ts'

/** Which products of the price list a thing is for: the ids chosen, and choosing one in or out. */
export function useProductChoice(initial: readonly { id: string }[] | undefined) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial?.map((p) => p.id)))
  const choose = (productId: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before)
      if (on) next.add(productId)
      else next.delete(productId)
      return next
    })
  return { chosen, choose }
}

interface ProductChoiceProps {
  id: string
  legend: string
  /** The name of the checkboxes' group. */
  label: string
  hint: string
  /** Said when there is nothing to choose. */
  empty: string
  /** The products offered, and any already chosen that have since gone off the list. */
  products: readonly Product[]
  chosen: ReadonlySet<string>
  choose(productId: string, on: boolean): void
  disabled: boolean
  error: string | undefined
}

/** A fieldset of checkboxes, one per product, with its hint and its refusal. */
export function ProductChoice({ id, legend, label, hint, empty, products, chosen, choose, disabled, error }: ProductChoiceProps) {
  const choices = products.filter((p) => p.isActive || chosen.has(p.id))
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>{legend}</legend>
      <p className="staff-note" id={`${id}-hint`}>
        {hint}
      </p>
      {choices.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="staff-weekdays" role="group" aria-label={label}>
          {choices.map((product) => (
            <label key={product.id} className="staff-weekday">
              <input type="checkbox" checked={chosen.has(product.id)} disabled={disabled} onChange={(e) => choose(product.id, e.target.checked)} />
              {product.name}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
