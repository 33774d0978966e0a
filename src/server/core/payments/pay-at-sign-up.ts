import { priceOn, type Offering } from '../registrations/offerings.queries.ts'

/** Stripe takes no card payment under 50 cents: a place costing less is never held for one. */
export const SMALLEST_CARD_PAYMENT_CENTS = 50

/** How long a place taken under pay at sign-up waits for its checkout; the checkout then keeps it while Stripe's session lasts. */
export const PAY_AT_SIGN_UP_MS = 30 * 60_000

/**
 * Until when a place taken now (on the facility's `today`) is held for its payment: with online
 * payment on and the offering paid at sign-up; otherwise undefined, and the place is the person's
 * at once (paid later).
 */
export function holdWhilePaying(offering: Pick<Offering, 'payAtSignUp' | 'listPriceCents' | 'earlyBird'>, paysOnline: boolean, now: Date, today: string): Date | undefined {
  const held = paysOnline && offering.payAtSignUp && priceOn(offering, today) >= SMALLEST_CARD_PAYMENT_CENTS
  return held ? new Date(now.getTime() + PAY_AT_SIGN_UP_MS) : undefined
}
