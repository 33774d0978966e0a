import { useParams } from 'react-router'
import { CheckoutScreen } from '../features/checkout/checkout-screen.tsx'
import { PaymentScreen } from '../features/checkout/payment-screen.tsx'

/**
 * Serves /checkout/:orderId (an order's lines, totals and paying what is due) and
 * /checkout/:orderId/paid/:checkoutId (where Stripe sends the payer back): one file, so the home
 * page's router names one screen to load for both (features/checkout).
 */
export default function CheckoutPage() {
  const { orderId = '', checkoutId } = useParams()
  return checkoutId === undefined ? <CheckoutScreen orderId={orderId} /> : <PaymentScreen orderId={orderId} checkoutId={checkoutId} />
}
