import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { CheckoutLine, OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { orderCheckoutQuery } from '../../queries/checkout.ts'
import { siteConfig } from '../../site-config.ts'
import { usePayOrder } from './api/use-pay-order.ts'
import { heldUntilText, notYoursText, PAID_AT_THE_DESK, payAllText, payNowText, receiptsOf, releasedText, waitingText } from './checkout-text.ts'
import { DiscountCode } from './discount-code.tsx'
import { Extras } from './extras.tsx'
import { OrderLines } from './order-lines.tsx'

/** /checkout/:orderId: everything an order asks, what was paid, and paying what is due now (issue 24). */
export function CheckoutScreen({ order }: { order: ReturnType<typeof orderCheckoutQuery> }) {
  const { data, error } = useQuery(order)

  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="page narrow">
        <h1>Checkout</h1>
        <h2>Order not found</h2>
        <p>This order does not exist, or it is not yours. Your registrations and their balances are on your account page.</p>
        <p>
          <Link to={href('account')}>Go to your account</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="page receipt-page">
      <h1>Checkout</h1>
      {!data && !error && <p className="loading">Loading your order…</p>}
      {error && !data && <Alert>{errorMessage(error)}</Alert>}
      {data && <CheckoutOrder order={data.order} />}
      <div className="receipt-actions">
        {data && !data.order.yours ? (
          <Link className="button secondary" to={href('deskCustomer', { userId: data.order.payer.id })}>
            Back to {data.order.payer.name}’s record
          </Link>
        ) : (
          <Link className="button secondary" to={href('account')}>
            Back to your account
          </Link>
        )}
      </div>
    </section>
  )
}

function CheckoutOrder({ order }: { order: OrderCheckout }) {
  // One reading of the clock: rendering must not depend on when it happens.
  const [now] = useState(() => new Date())
  // A payment page left open (the payer came back from it) is offered again; a bank debit clearing is waited for.
  const paying = order.paying?.status === 'processing'
  return (
    <>
      <OrderLines order={order} />
      {order.lines
        .filter((line) => line.released)
        .map((line) => (
          <p key={line.id} className="checkout-note">
            {releasedText(line)}
          </p>
        ))}
      {order.lines
        .filter((line) => line.waiting)
        .map((line) => (
          <p key={line.id} className="checkout-note">
            {waitingText(line)}
          </p>
        ))}
      {!paying && <Extras order={order} />}
      {!paying && <DiscountCode order={order} />}
      {order.heldUntil && order.dueNowCents > 0 && <p className="checkout-note">{heldUntilText(order.heldUntil, now, siteConfig.timeZone)}</p>}
      {paying ? (
        <p className="checkout-note">A payment for this order is being confirmed.</p>
      ) : order.openCents <= 0 ? (
        <NothingOwed lines={order.lines} />
      ) : !order.yours ? (
        <p className="checkout-note">
          {notYoursText(order.payer.name)} <Link to={href('deskCustomer', { userId: order.payer.id })}>{order.payer.name} at the front desk</Link>
        </p>
      ) : order.paysOnline ? (
        <PayNow order={order} />
      ) : (
        <p className="checkout-note">{PAID_AT_THE_DESK}</p>
      )}
    </>
  )
}

/**
 * Pays what is due now on Stripe's hosted page, or under a payment plan everything at once; the
 * browser leaves the site once it is open.
 */
function PayNow({ order }: { order: OrderCheckout }) {
  const pay = usePayOrder(order.orderId)
  // After a success the browser is on its way to Stripe: the buttons stay disabled until it leaves.
  const sending = pay.isPending || pay.isSuccess
  return (
    <div className="checkout-pay">
      {pay.error && <Alert>{errorMessage(pay.error)}</Alert>}
      {order.dueNowCents <= 0 && <p className="checkout-note">Nothing is due yet: each part of your payment plan is due on its day.</p>}
      <div className="card-actions">
        {order.dueNowCents > 0 && (
          <button type="button" className="button" disabled={sending} onClick={() => pay.mutate('due-now')}>
            {payNowText(order.dueNowCents)}
          </button>
        )}
        {order.openCents > order.dueNowCents && (
          <button type="button" className={order.dueNowCents > 0 ? 'button secondary' : 'button'} disabled={sending} onClick={() => pay.mutate('everything')}>
            {payAllText(order.openCents)}
          </button>
        )}
      </div>
      <p role="status" className="checkout-sending">
        {sending ? 'Opening the secure payment page…' : ''}
      </p>
    </div>
  )
}

function NothingOwed({ lines }: { lines: readonly CheckoutLine[] }) {
  const receipts = receiptsOf(lines)
  return (
    <>
      <p className="checkout-note">Nothing is owed on this order.</p>
      {receipts.length > 0 && (
        <ul className="link-list">
          {receipts.map((receipt) => (
            <li key={receipt.href}>
              <Link to={receipt.href}>{`Receipt for ${receipt.descriptions.join(', ')}`}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
