import { useParams } from 'react-router'
import { CheckoutScreen } from '../features/checkout/checkout-screen.tsx'
import { PaymentScreen } from '../features/checkout/payment-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { checkoutStateQuery, orderCheckoutQuery } from '../queries/checkout.ts'

/** Back from paying, the payment and the order it paid; its receipts are where "See your receipt" leads. */
export function opensWith({ params: { orderId = '', checkoutId } }: PageVisit) {
  return { payment: checkoutId === undefined ? null : checkoutStateQuery(checkoutId), order: orderCheckoutQuery(orderId) }
}

/**
 * Serves /checkout/:orderId (an order's lines, totals and paying what is due) and
 * /checkout/:orderId/paid/:checkoutId (where Stripe sends the payer back): one file, so the home
 * page's router names one screen to load for both (features/checkout).
 */
export default function CheckoutPage() {
  const { orderId = '' } = useParams()
  const { payment, order } = usePageQueries(opensWith)
  return payment === null ? <CheckoutScreen order={order} /> : <PaymentScreen orderId={orderId} paymentQuery={payment} orderQuery={order} />
}
