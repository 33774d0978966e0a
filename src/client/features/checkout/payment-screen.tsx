import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import type { CheckoutState } from '../../../shared/contracts/checkout.ts'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { isSettled, type checkoutStateQuery, type orderCheckoutQuery } from '../../queries/checkout.ts'
import { paidWithText, receiptsOf } from './checkout-text.ts'

/**
 * /checkout/:orderId/paid/:checkoutId, where Stripe sends the payer back. It says "Payment
 * received" only once the webhook has recorded the payment, and until then that it is being
 * confirmed, reading the payment again every 2 seconds (queries/checkout.ts) — issue 24.
 */
export function PaymentScreen({
  orderId,
  paymentQuery,
  orderQuery,
}: {
  orderId: string
  paymentQuery: ReturnType<typeof checkoutStateQuery>
  orderQuery: ReturnType<typeof orderCheckoutQuery>
}) {
  const payment = useQuery(paymentQuery)
  // Read beside the payment: its receipts are where "See your receipt" leads.
  const order = useQuery(orderQuery)
  const checkout = payment.data?.checkout
  useInvalidateOnceSettled(checkout?.status)

  if (payment.error instanceof ApiError && payment.error.status === 404) {
    return (
      <section className="page narrow">
        <h1>Payment</h1>
        <h2>Payment not found</h2>
        <p>This payment does not exist, or it is not yours. Your registrations and their balances are on your account page.</p>
        <p>
          <Link to={href('account')}>Go to your account</Link>
        </p>
      </section>
    )
  }

  const receipts = order.data ? receiptsOf(order.data.order.lines) : []
  // One receipt holds the whole order; with several, the checkout page lists each.
  const receiptHref = receipts.length === 1 ? receipts[0]!.href : href('checkout', { orderId })
  return (
    <section className="page narrow">
      <h1>Payment</h1>
      {!checkout && !payment.error && <p className="loading">Loading your payment…</p>}
      {payment.error && !checkout && <Alert>{errorMessage(payment.error)}</Alert>}
      {/* Always present, so screen readers announce the payment's end as it is written in. */}
      <div role="status" aria-live="polite" className="checkout-outcome">
        {checkout && <PaymentOutcome checkout={checkout} />}
      </div>
      {checkout && (
        <div className="receipt-actions">
          {checkout.status === 'paid' && (
            <Link className="button" to={receiptHref}>
              See your receipt
            </Link>
          )}
          {checkout.status === 'failed' && (
            <Link className="button" to={href('checkout', { orderId })}>
              Back to checkout
            </Link>
          )}
          <Link className="button secondary" to={href('account')}>
            Back to your account
          </Link>
        </div>
      )}
    </section>
  )
}

function PaymentOutcome({ checkout }: { checkout: CheckoutState }) {
  switch (checkout.status) {
    case 'paid':
      return (
        <>
          <h2>Payment received</h2>
          <p>{paidWithText(checkout)}</p>
        </>
      )
    case 'open':
    case 'processing':
      return <p>Your payment is being confirmed…</p>
    case 'expired':
      return <p>This payment was not completed; your held places were released.</p>
    case 'failed':
      return <p>The payment did not go through.</p>
  }
}

/**
 * A payment seen settling on this page changes balances, receipts and places everywhere: every
 * answer is read again when next shown. One that had settled before the page opened changed
 * nothing since the page's answers were read.
 */
function useInvalidateOnceSettled(status: CheckoutState['status'] | undefined) {
  const client = useQueryClient()
  const seenUnsettled = useRef(false)
  useEffect(() => {
    if (status === undefined) return
    if (!isSettled(status)) {
      seenUnsettled.current = true
      return
    }
    if (!seenUnsettled.current) return
    seenUnsettled.current = false
    void client.invalidateQueries()
  }, [client, status])
}
