import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { siteConfig } from '../site-config.ts'
import { ordersToPay, ordersToReview, payOnlineText, reviewOrderText, type PlaceToPay } from './pay-online.ts'

/**
 * "Pay online" to the checkout of each order the places owe on, where the site takes payment
 * online (siteConfig.paysOnline); without it, "Review your order" to each order's checkout, which
 * shows its lines, codes, extras and plan and says it is paid at the front desk (issue 30). Staff
 * reading a customer's places (`payerName`: the customer) only review the order: its payer pays online.
 */
export function PayOnlineLinks({ places, describedBy, payerName }: { places: readonly PlaceToPay[]; describedBy?: string; payerName?: string }) {
  if (!siteConfig.paysOnline || payerName !== undefined) {
    const orders = ordersToReview(places)
    return orders.map((order) => (
      <Link key={order.orderId} className="button secondary" to={href('checkout', { orderId: order.orderId })} aria-describedby={describedBy}>
        {reviewOrderText(order, orders.length, payerName)}
      </Link>
    ))
  }
  const orders = ordersToPay(places)
  return orders.map((order) => (
    <Link key={order.orderId} className="button" to={href('checkout', { orderId: order.orderId })} aria-describedby={describedBy}>
      {payOnlineText(order, orders.length)}
    </Link>
  ))
}
