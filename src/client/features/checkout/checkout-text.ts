import type { CheckoutLine, CheckoutState } from '../../../shared/contracts/checkout.ts'
import { facilityToday, formatDateTime, formatInZone } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { cardText } from '../../../shared/card-brands.ts'

/** The words of the checkout pages, kept apart from the components so they can be unit-tested. */

/** Without Stripe set up (siteConfig.paysOnline), or for an order the server will not take online. */
export const PAID_AT_THE_DESK = 'Payment is taken at the front desk.'

/** Staff reading a customer's order: whose it is, and where they take its payment instead of the payer's buttons (the customer's record at the desk, open to every staff member). */
export function notYoursText(payerName: string): string {
  return `This is ${payerName}’s order: only they change it or pay it online. Take a payment at the front desk, on their record.`
}

/** The order's heading: `Your order` for its payer, `Maria Rivera’s order` for staff reading it. */
export function orderHeading(order: { yours: boolean; payer: { name: string } }): string {
  return order.yours ? 'Your order' : `${order.payer.name}’s order`
}

/** The pay button: `Pay $45.00 now`. */
export function payNowText(dueNowCents: number): string {
  return `Pay ${formatMoney(dueNowCents)} now`
}

/** The second pay button, under a payment plan: `Pay all $180.00 now`. */
export function payAllText(openCents: number): string {
  return `Pay all ${formatMoney(openCents)} now`
}

/** A place that went to the next person unpaid: why it is no longer on the bill. */
export function releasedText(line: Pick<CheckoutLine, 'description'>): string {
  return `The place for ${line.description} was released: it was not paid in time. Sign up again to take a place or join the waitlist.`
}

/** A place still on the waitlist (or offered, not claimed): why nothing is asked for it yet. */
export function waitingText(line: Pick<CheckoutLine, 'description' | 'priceCents'>): string {
  return `${line.description} is on the waitlist: nothing is charged for it unless a place is offered and taken (${formatMoney(line.priceCents)} then).`
}

/** The price of the day when it is below the list price: `Early-bird $50.00`; null otherwise. */
export function earlyBirdText(line: Pick<CheckoutLine, 'priceCents' | 'listPriceCents'>): string | null {
  return line.priceCents < line.listPriceCents ? `Early-bird ${formatMoney(line.priceCents)}` : null
}

const timeFormat = formatInZone('en-US', { hour: 'numeric', minute: '2-digit' })

/** A moment's time of day at the facility: `7:42 PM`. */
export function timeAtFacility(moment: Date, timeZone: string): string {
  return timeFormat(timeZone).format(moment)
}

/**
 * Until when an order's places are held for its payment. A hold lasts about half an hour, so the
 * time says it; a hold that ends on another day at the facility says the day too.
 */
export function heldUntilText(heldUntil: string, now: Date, timeZone: string): string {
  const until = new Date(heldUntil)
  const sameDay = facilityToday(until, timeZone) === facilityToday(now, timeZone)
  return `Your places are held until ${sameDay ? timeAtFacility(until, timeZone) : formatDateTime(until)}. Pay by then or they go to the next person.`
}

/** What a payment received says: `$45.00 paid with Visa ending 4242.`, or without a card (none recorded) `$45.00 paid.` */
export function paidWithText({ amountCents, card }: Pick<CheckoutState, 'amountCents' | 'card'>): string {
  const amount = formatMoney(amountCents)
  return card ? `${amount} paid with ${cardText(card)}.` : `${amount} paid.`
}

/** Each receipt the order's lines are on, once: an academy's receipt holds every child's place. */
export function receiptsOf(lines: readonly CheckoutLine[]): { href: string; descriptions: string[] }[] {
  const byHref = new Map<string, string[]>()
  for (const line of lines) {
    if (line.receiptHref === null) continue
    byHref.set(line.receiptHref, [...(byHref.get(line.receiptHref) ?? []), line.description])
  }
  return [...byHref].map(([receiptHref, descriptions]) => ({ href: receiptHref, descriptions }))
}
