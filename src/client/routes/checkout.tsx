import { useParams } from 'react-router'
import { CheckoutScreen } from '../features/checkout/checkout-screen.tsx'

/** /checkout/:orderId: an order's lines, totals and paying what is due (features/checkout). */
export default function CheckoutPage() {
  const { orderId = '' } = useParams()
  return <CheckoutScreen orderId={orderId} />
}
