import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { siteConfig } from '../site-config.ts'
import { ordersToPay, ordersToReview, payOnlineText, reviewOrderText, type PlaceToPay } from './pay-online.ts'

/**
 * "Pay online" to the checkout of each order the places owe on, where the site takes payment
 * online (siteConfig.paysOnline); without it, "Review your order" to each order's checkout, which
 * shows its lines, codes, extras and plan and says it is paid at the front desk (issue 30).
 */
export function PayOnlineLinks({ places, describedBy }: { places: readonly PlaceToPay[]; describedBy?: string }) {
  if (!siteConfig.paysOnline) {
    const orders = ordersToReview(places)
    return orders.map((order) => (
      <Link key={order.orderId} className="button secondary" to={href('checkout', { orderId: order.orderId })} aria-describedby={describedBy}>
        {reviewOrderText(order, orders.length)}
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
