import type Stripe from 'stripe'
import type { StripeConfig } from '../../config.ts'
import type { Card, PageState, PaymentEvent, PaymentProvider } from '../../core/payments/provider.ts'
import type { RefundStatus } from '../../../shared/schemas/payments.ts'
import { createStripe } from './stripe-client.ts'

/**
 * Stripe Checkout as the site's payment provider (issue 24, decisions 0022 and 0023): a page is a
 * Checkout Session, the money it took a PaymentIntent (the payment's reference), and Stripe's
 * webhook events and event list say how pages and refunds ended.
 */

/** Stripe takes no card payment under 50 cents. */
const SMALLEST_CARD_PAYMENT_CENTS = 50

/**
 * Stripe's shortest Checkout Session is 30 minutes; a minute more, so a slow request still makes
 * it. The site's checkout ends first, and its sweep then expires the session, so a page is never
 * paid after its places' deadline (decision 0022).
 */
const SESSION_MS = 31 * 60_000

/** Stripe's events that change what is owed or held here. */
export const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
  'refund.failed',
]

export function createStripeProvider(config: StripeConfig, stripe: Stripe = createStripe(config)): PaymentProvider {
  const provider: PaymentProvider = {
    name: 'stripe',
    online: true,
    minimumCents: SMALLEST_CARD_PAYMENT_CENTS,

    async openPage({ checkoutId, orderId, payerEmail, lines, doneUrl, cancelUrl, now }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lines.map((line) => ({ quantity: 1, price_data: { currency: 'usd', unit_amount: line.amountCents, product_data: { name: line.description } } })),
          client_reference_id: orderId,
          metadata: { orderId, checkoutId },
          payment_intent_data: { metadata: { orderId, checkoutId } },
          customer_email: payerEmail,
          expires_at: Math.floor((now.getTime() + SESSION_MS) / 1000),
          // Stripe replaces {CHECKOUT_SESSION_ID} itself: written out, not through URL encoding.
          success_url: `${doneUrl}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: cancelUrl,
        },
        { idempotencyKey: `checkout-${checkoutId}` },
      )
      return { externalId: session.id, url: session.url ?? '' }
    },

    async expirePage(externalId) {
      return pageOf(await stripe.checkout.sessions.expire(externalId))
    },

    async readPayment(externalId) {
      const session = await stripe.checkout.sessions.retrieve(externalId, { expand: ['payment_intent.latest_charge'] })
      return pageOf(session, cardOf(session))
    },

    async refund({ refundId, amountCents, payment }) {
      const paymentIntent = payment.reference ?? (payment.externalId ? (await provider.readPayment(payment.externalId)).reference : null)
      if (!paymentIntent) throw new Error(`Refund ${refundId}: its payment names no Stripe payment`)
      const made = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountCents, metadata: { refundId } }, { idempotencyKey: `refund-${refundId}` })
      return { externalId: made.id, status: statusOf(made) }
    },

    verifyEvent(rawBody, headers) {
      const signature = headers['stripe-signature']
      return eventOf(stripe.webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : '', config.webhookSecret))
    },

    async *eventsSince(from) {
      for await (const event of stripe.events.list({ created: { gte: Math.floor(from.getTime() / 1000) }, types: EVENT_TYPES, limit: 100 })) yield eventOf(event)
    },
  }
  return provider
}

/** A Stripe event in the site's words. */
function eventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object
      const page = pageOf(session)
      // An expiry says the session ended unpaid, whatever else the object says.
      const ended = event.type === 'checkout.session.expired' ? { ...page, status: 'expired' as const, paid: false } : page
      return { ...base, about: { page: ended, checkoutId: session.metadata?.checkoutId ?? null, failed: event.type === 'checkout.session.async_payment_failed' } }
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object
      return { ...base, about: { refund: { refundId: refund.metadata?.refundId ?? null, externalId: refund.id, status: statusOf(refund) } } }
    }
    default:
      return { ...base, about: null }
  }
}

function pageOf(session: Stripe.Checkout.Session, card: Card | null = null): PageState {
  const intent = session.payment_intent
  return {
    externalId: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total ?? 0,
    reference: typeof intent === 'string' ? intent : (intent?.id ?? null),
    card,
  }
}

/** The card that paid a session read with its charge, for the receipt: null for a bank debit. */
function cardOf(session: Stripe.Checkout.Session): Card | null {
  const intent = session.payment_intent
  const charge = intent && typeof intent !== 'string' ? intent.latest_charge : null
  const card = charge && typeof charge !== 'string' ? charge.payment_method_details?.card : null
  return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null
}

/** Stripe's word on a refund: still pending, gone through, or failed (`requires_action` and `canceled` count as not given). */
function statusOf(refund: Pick<Stripe.Refund, 'status'>): RefundStatus {
  if (refund.status === 'succeeded') return 'succeeded'
  return refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending'
}
