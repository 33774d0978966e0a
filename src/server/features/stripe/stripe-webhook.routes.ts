import type { FastifyInstance } from 'fastify'
import { stripeWebhook } from '../../../shared/contracts/checkout.ts'
import { serve } from '../../http/contract.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { PaymentEvent } from '../../core/payments/provider.ts'
import { applyPaymentEvent, type Payments } from '../checkout/payment-events.ts'

/**
 * Where Stripe delivers its events (issue 24). The route is there whichever provider the site runs,
 * so the site's list of routes is one; without Stripe it answers that payments online are off.
 */
export function registerStripeWebhook(app: FastifyInstance, { payments }: { payments: Payments }): void {
  serve(app, stripeWebhook, async (req, _reply, { rawBody }) => {
    if (payments.provider.name !== 'stripe') throw notFound('Payments online are not set up on this site.')
    let event: PaymentEvent
    try {
      event = payments.provider.verifyEvent(rawBody, req.headers)
    } catch {
      throw badRequest('The signature of this event is not valid.')
    }
    const applied = await applyPaymentEvent(payments, event)
    req.log.info({ eventId: event.id, type: event.type, applied }, 'Stripe event')
    return { received: true as const }
  })
}
