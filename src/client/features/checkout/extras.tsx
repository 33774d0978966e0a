import { useState } from 'react'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { MOST_OF_AN_EXTRA } from '../../../shared/schemas/payments.ts'
import { formatMoney } from '../../../shared/money.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useOrderExtras } from './api/use-order-extras.ts'

/**
 * Extras offered with the order's places (a jersey, in a size and a quantity): each added as a
 * line of its own, and taken off again while it is not paid; by the order's payer only.
 */
export function Extras({ order }: { order: OrderCheckout }) {
  const { add, remove } = useOrderExtras(order.orderId)
  const removable = order.lines.filter((line) => line.removable)
  if (!order.yours || (order.extras.length === 0 && removable.length === 0)) return null
  return (
    <section className="checkout-extras" aria-labelledby="checkout-extras-heading">
      <h2 id="checkout-extras-heading">Extras</h2>
      {(add.error || remove.error) && !(add.error instanceof ApiError && (add.error.fields.size || add.error.fields.quantity)) && <Alert>{errorMessage(add.error ?? remove.error)}</Alert>}
      {removable.length > 0 && (
        <ul className="link-list">
          {removable.map((line) => (
            <li key={line.id}>
              {line.description}, {formatMoney(line.amountDueCents)}{' '}
              <button type="button" className="button secondary" disabled={remove.isPending} onClick={() => remove.mutate(line.id)}>
                Remove<span className="visually-hidden">{` ${line.description}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {order.extras.map((extra) => {
        const fields = add.error instanceof ApiError && add.variables?.productId === extra.productId ? add.error.fields : {}
        return <ExtraForm key={extra.productId} extra={extra} pending={add.isPending} errors={fields} onAdd={(size, quantity) => add.mutate({ productId: extra.productId, quantity, ...(size ? { size } : {}) })} />
      })}
    </section>
  )
}

function ExtraForm({ extra, pending, errors, onAdd }: { extra: OrderCheckout['extras'][number]; pending: boolean; errors: Record<string, string | undefined>; onAdd(size: string | null, quantity: number): void }) {
  const [size, setSize] = useState('')
  const [quantity, setQuantity] = useState('1')
  const sizeId = `extra-size-${extra.productId}`
  const quantityId = `extra-quantity-${extra.productId}`
  const sizeError = errors.size
  const quantityError = errors.quantity
  return (
    <form
      className="checkout-extra"
      aria-label={extra.name}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // The server decides what it takes: a quantity it refuses comes back under the field.
        onAdd(extra.sizes.length > 0 ? size : null, quantity.trim() === '' ? Number.NaN : Number(quantity))
      }}
    >
      <p>
        <strong>{extra.name}</strong> {formatMoney(extra.priceCents)}
      </p>
      {extra.sizes.length > 0 && (
        <div className="field">
          <label htmlFor={sizeId}>Size</label>
          <select id={sizeId} value={size} aria-invalid={sizeError ? true : undefined} aria-describedby={sizeError ? `${sizeId}-error` : undefined} onChange={(event) => setSize(event.target.value)}>
            <option value="">Choose a size</option>
            {extra.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {sizeError && (
            <p className="field-error" id={`${sizeId}-error`} role="alert">
              {sizeError}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={quantityId}>Quantity</label>
        <input
          id={quantityId}
          type="number"
          inputMode="numeric"
          min={1}
          max={MOST_OF_AN_EXTRA}
          step={1}
          value={quantity}
          aria-invalid={quantityError ? true : undefined}
          aria-describedby={quantityError ? `${quantityId}-error` : undefined}
          onChange={(event) => setQuantity(event.target.value)}
        />
        {quantityError && (
          <p className="field-error" id={`${quantityId}-error`} role="alert">
            {quantityError}
          </p>
        )}
      </div>
      <button type="submit" className="button secondary" disabled={pending}>
        Add<span className="visually-hidden">{` ${extra.name}`}</span>
      </button>
    </form>
  )
}
