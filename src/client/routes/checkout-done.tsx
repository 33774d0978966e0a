import { useParams } from 'react-router'
import { PaymentScreen } from '../features/checkout/payment-screen.tsx'

/** /checkout/:orderId/paid/:checkoutId: where Stripe sends the payer back (features/checkout). */
export default function CheckoutDonePage() {
  const { orderId = '', checkoutId = '' } = useParams()
  return <PaymentScreen orderId={orderId} checkoutId={checkoutId} />
}
