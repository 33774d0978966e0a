import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { siteConfig } from '../site-config.ts'
import { ordersToPay, payOnlineText, type PlaceToPay } from './pay-online.ts'

/**
 * "Pay online" to the checkout of each order the places owe on, where the site takes payment
 * online (siteConfig.paysOnline); without it, nothing: the page says what it always said.
 */
export function PayOnlineLinks({ places, describedBy }: { places: readonly PlaceToPay[]; describedBy?: string }) {
  if (!siteConfig.paysOnline) return null
  const orders = ordersToPay(places)
  return orders.map((order) => (
    <Link key={order.orderId} className="button" to={href('checkout', { orderId: order.orderId })} aria-describedby={describedBy}>
      {payOnlineText(order, orders.length)}
    </Link>
  ))
}
