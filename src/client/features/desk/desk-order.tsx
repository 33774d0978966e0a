import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { formatMoney } from '../../../shared/money.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useFocusNext } from '../../lib/use-focus-next.ts'
import { orderCheckoutQuery } from '../../queries/checkout.ts'
import { useOrderAtDesk } from './api/use-order-at-desk.ts'

/** Which of the panel's forms the row's button opened: the focus goes to it. */
export type OrderTask = 'code' | 'extra'

/**
 * A customer's order at the desk (issue 30): its lines and what is open, a discount code applied
 * and an extra (a jersey, in a size) sold on it, each through the customer's own checkout rules.
 * The money is taken with the place's payment form, which pays the place, then its order's extras.
 */
export function DeskOrder({ userId, orderId, task, onClose }: { userId: string; orderId: string; task: OrderTask; onClose(): void }) {
  const { data, error } = useQuery(orderCheckoutQuery(orderId))
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [orderId, task])
  return (
    <section className="desk-order" aria-labelledby="desk-order-heading">
      <h4 id="desk-order-heading" tabIndex={-1} ref={heading}>
        {task === 'code' ? 'Apply a code' : 'Add an extra'} to the order
      </h4>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading the order…</p>}
      {data && <OrderTasks userId={userId} order={data.order} first={task} />}
      <button type="button" className="button secondary" onClick={onClose}>
        Done
      </button>
    </section>
  )
}

function OrderTasks({ userId, order, first }: { userId: string; order: OrderCheckout; first: OrderTask }) {
  const { applyCode, addExtra } = useOrderAtDesk(userId, order.orderId)
  const [outcome, setOutcome] = useState('')
  const focusNext = useFocusNext()
  const answered = (text: string) => {
    setOutcome(text)
    focusNext('desk-order-outcome')
  }
  const codeForm = <CodeForm order={order} pending={applyCode.isPending} error={applyCode.error} onApply={(code) => applyCode.mutate(code, { onSuccess: ({ order: after }) => answered(`${after.discountCode?.code ?? code} applied: ${formatMoney(after.discountCode?.discountCents ?? 0)} off. ${formatMoney(after.openCents)} to pay.`) })} />
  const extraForm = (
    <ExtraForm
      order={order}
      pending={addExtra.isPending}
      error={addExtra.error}
      onAdd={(extra, name) => addExtra.mutate(extra, { onSuccess: ({ order: after }) => answered(`${name} added. ${formatMoney(after.openCents)} to pay: take the payment from the place’s Payments and details.`) })}
    />
  )
  return (
    <>
      <ul className="link-list">
        {order.lines.map((line) => (
          <li key={line.id}>
            {line.description}: {formatMoney(line.amountDueCents)}
            {line.discountCents > 0 && ` (${formatMoney(line.discountCents)} off)`}
            {line.paidCents > 0 && `, ${formatMoney(line.paidCents)} paid`}
          </li>
        ))}
      </ul>
      <p>
        Total {formatMoney(order.totalCents)}, paid {formatMoney(order.paidCents)}, <strong>{formatMoney(order.openCents)} to pay</strong>.
      </p>
      <p role="status" id="desk-order-outcome" tabIndex={-1}>
        {outcome}
      </p>
      {first === 'code' ? (
        <>
          {codeForm}
          {extraForm}
        </>
      ) : (
        <>
          {extraForm}
          {codeForm}
        </>
      )}
    </>
  )
}

function CodeForm({ order, pending, error, onApply }: { order: OrderCheckout; pending: boolean; error: Error | null; onApply(code: string): void }) {
  const [code, setCode] = useState('')
  if (order.discountCode) {
    return (
      <p>
        Discount code <strong>{order.discountCode.code}</strong>: {formatMoney(order.discountCode.discountCents)} off.
      </p>
    )
  }
  // Nothing owed (the panel opened for an extra on a paid order): no code to take off it.
  if (order.openCents <= 0) return null
  const problem = error ? (error instanceof ApiError ? error.message : errorMessage(error)) : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim() !== '') onApply(code.trim())
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Discount code" className="checkout-discount">
      <div className="field">
        <label htmlFor="desk-discount-code">Discount code</label>
        <div className="checkout-discount-row">
          <input
            id="desk-discount-code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'desk-discount-code-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button secondary" disabled={pending}>
            Apply the code
          </button>
        </div>
        {problem && (
          <p className="field-error" id="desk-discount-code-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </form>
  )
}

function ExtraForm({ order, pending, error, onAdd }: { order: OrderCheckout; pending: boolean; error: Error | null; onAdd(extra: { productId: string; size?: string }, name: string): void }) {
  const [productId, setProductId] = useState(order.extras[0]?.productId ?? '')
  const [size, setSize] = useState('')
  // The row offers the panel for an extra only where one goes with the order's places; opened for a code, there is nothing to add.
  if (order.extras.length === 0) return null
  const extra = order.extras.find((e) => e.productId === productId)
  const fields = error instanceof ApiError ? error.fields : {}
  const sizeError = fields.size
  const otherError = error && !sizeError ? (error instanceof ApiError ? error.message : errorMessage(error)) : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!extra) return
    const sized = extra.sizes.length > 0
    onAdd({ productId: extra.productId, ...(sized ? { size } : {}) }, sized && size ? `${extra.name}, size ${size}` : extra.name)
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Add an extra" className="checkout-extra">
      {otherError && <Alert>{otherError}</Alert>}
      <div className="field">
        <label htmlFor="desk-extra">Extra</label>
        <select
          id="desk-extra"
          value={productId}
          onChange={(event) => {
            setProductId(event.target.value)
            setSize('')
          }}
        >
          {order.extras.map((e) => (
            <option key={e.productId} value={e.productId}>
              {e.name} ({formatMoney(e.priceCents)})
            </option>
          ))}
        </select>
      </div>
      {extra && extra.sizes.length > 0 && (
        <div className="field">
          <label htmlFor="desk-extra-size">Size</label>
          <select id="desk-extra-size" value={size} aria-invalid={sizeError ? true : undefined} aria-describedby={sizeError ? 'desk-extra-size-error' : undefined} onChange={(event) => setSize(event.target.value)}>
            <option value="">Choose a size</option>
            {extra.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {sizeError && (
            <p className="field-error" id="desk-extra-size-error" role="alert">
              {sizeError}
            </p>
          )}
        </div>
      )}
      <button type="submit" className="button secondary" disabled={pending}>
        Add the extra
      </button>
    </form>
  )
}
