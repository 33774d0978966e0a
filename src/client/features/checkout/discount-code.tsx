import { useState } from 'react'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { formatMoney } from '../../../shared/money.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useOrderDiscount } from './api/use-order-discount.ts'

const EMPTY_CODE = 'Type your discount code, then press Apply.'

/**
 * The order's discount code: entered while nothing is paid, its refusal read under the field
 * ("SPRING10 has been used up."), taken off again until a payment is made; by its payer only
 * (staff reading it see the code applied).
 */
export function DiscountCode({ order }: { order: OrderCheckout }) {
  const { apply, remove } = useOrderDiscount(order.orderId)
  const [code, setCode] = useState('')
  const [empty, setEmpty] = useState(false)
  // A refusal is about the order it was given for: it goes once the order changes (a jersey added).
  const [refusedOn, setRefusedOn] = useState<OrderCheckout>()
  if (order.discountCode) {
    return (
      <div className="checkout-discount">
        <p role="status">
          <strong>{order.discountCode.code}</strong> applied: {formatMoney(order.discountCode.discountCents)} off.
        </p>
        {remove.error && <Alert>{errorMessage(remove.error)}</Alert>}
        {order.yours && order.paidCents === 0 && (
          <button type="button" className="button secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove code
          </button>
        )}
      </div>
    )
  }
  if (!order.yours || order.paidCents > 0 || order.openCents <= 0) return null
  const refusal = apply.error && refusedOn === order ? apply.error : null
  const problem = empty
    ? EMPTY_CODE
    : refusal instanceof ApiError
      ? (refusal.fields.discountCode ?? refusal.message)
      : refusal
        ? errorMessage(refusal)
        : undefined
  return (
    <form
      className="checkout-discount"
      aria-label="Discount code"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setEmpty(code.trim() === '')
        if (code.trim() !== '') apply.mutate(code, { onError: () => setRefusedOn(order) })
      }}
    >
      <div className="field">
        <label htmlFor="discountCode">Discount code</label>
        <div className="checkout-discount-row">
          <input
            id="discountCode"
            name="discountCode"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'discountCode-error' : undefined}
            onChange={(event) => {
              setCode(event.target.value)
              setEmpty(false)
            }}
          />
          <button type="submit" className="button secondary" disabled={apply.isPending}>
            Apply
          </button>
        </div>
        {problem && (
          <p className="field-error" id="discountCode-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </form>
  )
}
