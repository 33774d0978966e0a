import Stripe from 'stripe'
import type { StripeConfig } from '../../config.ts'

/**
 * The Stripe library, talking to api.stripe.com, or to the fake Stripe of the tests when
 * STRIPE_API_URL names one (tests/fake-stripe.ts): the site's code is the same either way.
 */
export function createStripe(config: StripeConfig): Stripe {
  const at = config.apiUrl ? new URL(config.apiUrl) : undefined
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'facility-registration' },
    ...(at ? { host: at.hostname, port: Number(at.port || (at.protocol === 'https:' ? 443 : 80)), protocol: at.protocol === 'https:' ? 'https' : 'http' } : {}),
  })
}
