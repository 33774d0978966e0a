import type { RegistrationStatus } from '../../shared/schemas/registration.ts'

/** A place as the account page and the receipts show it: who it is for, what it owes, and its order. */
export interface PlaceToPay {
  status: RegistrationStatus
  balanceCents: number
  orderId: string | null
  /** Who the place is for, as the page names them: "Maya Park". */
  who: string
}

const PAYABLE: readonly RegistrationStatus[] = ['confirmed', 'held']

/**
 * The orders whose balance can be paid online at their checkout (issue 24), once each, with who
 * they are for: places that owe something, are in an order, and are taken — confirmed, or held
 * until paid. One offered from the waitlist is claimed first; one ended or waitlisted owes nothing.
 */
export function ordersToPay(places: readonly PlaceToPay[]): { orderId: string; who: string[] }[] {
  const byOrder = new Map<string, string[]>()
  for (const place of places) {
    if (place.orderId === null || place.balanceCents <= 0 || !PAYABLE.includes(place.status)) continue
    const who = byOrder.get(place.orderId) ?? []
    if (!who.includes(place.who)) who.push(place.who)
    byOrder.set(place.orderId, who)
  }
  return [...byOrder].map(([orderId, who]) => ({ orderId, who }))
}

/**
 * Every order the places are on, once each, with who they are for: without online payment the
 * checkout still shows an order's lines, codes, extras and plan, paid at the front desk (issue 30).
 */
export function ordersToReview(places: readonly PlaceToPay[]): { orderId: string; who: string[] }[] {
  const byOrder = new Map<string, string[]>()
  for (const place of places) {
    if (place.orderId === null) continue
    const who = byOrder.get(place.orderId) ?? []
    if (!who.includes(place.who)) who.push(place.who)
    byOrder.set(place.orderId, who)
  }
  return [...byOrder].map(([orderId, who]) => ({ orderId, who }))
}

/** "Review your order", or with several orders on one page, whose order each is; for staff reading a customer's (`payerName`), "Review Maria Rivera’s order". */
export function reviewOrderText(order: { who: readonly string[] }, orders: number, payerName?: string): string {
  if (orders > 1) return `Review the order for ${order.who.join(', ')}`
  return payerName === undefined ? 'Review your order' : `Review ${payerName}’s order`
}

/** The link's words: "Pay online", or with several orders on one page, whose order each pays. */
export function payOnlineText(order: { who: readonly string[] }, orders: number): string {
  return orders > 1 ? `Pay online for ${order.who.join(', ')}` : 'Pay online'
}
