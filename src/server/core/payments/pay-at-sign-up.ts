import { priceOn, type Offering } from '../registrations/offerings.queries.ts'
import type { PaymentProvider } from './provider.ts'

/** How long a place taken under pay at sign-up waits for its checkout; the checkout then keeps it while the provider's page lasts. */
export const PAY_AT_SIGN_UP_MS = 30 * 60_000

/**
 * Until when a place taken now (on the facility's `today`) is held for its payment: with the
 * provider taking payment online and the offering paid at sign-up, when the place costs at least
 * the provider's smallest payment; otherwise undefined, and the place is the person's at once
 * (paid later).
 */
export function holdWhilePaying(offering: Pick<Offering, 'payAtSignUp' | 'listPriceCents' | 'earlyBird'>, provider: Pick<PaymentProvider, 'online' | 'minimumCents'>, now: Date, today: string): Date | undefined {
  const held = provider.online && offering.payAtSignUp && priceOn(offering, today) >= provider.minimumCents
  return held ? new Date(now.getTime() + PAY_AT_SIGN_UP_MS) : undefined
}
