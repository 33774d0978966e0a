import type { FastifyInstance } from 'fastify'
import { stripeWebhook } from '../../../shared/contracts/checkout.ts'
import { serve } from '../../http/contract.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { PaymentEvent } from '../../core/payments/provider.ts'
import { recordWebhookFailure } from '../../core/payments/webhook-failures.ts'
import { applyPaymentEvent, type Payments } from '../checkout/payment-events.ts'

/**
 * Where Stripe delivers its events (issue 24). The route is there whichever provider the site runs,
 * so the site's list of routes is one; without Stripe it answers that payments online are off. A
 * delivery refused or failed is recorded (core/payments/webhook-failures.ts) and listed in Needs
 * attention until a later delivery of the event is applied.
 */
export function registerStripeWebhook(app: FastifyInstance, { payments }: { payments: Payments }): void {
  serve(app, stripeWebhook, async (req, _reply, { rawBody }) => {
    if (payments.provider.name !== 'stripe') throw notFound('Payments online are not set up on this site.')
    // A failed delivery is recorded for Needs attention with the event's id and type as the body names them, never the body.
    const failed = (reason: string) => recordWebhookFailure(payments.db, { provider: payments.provider.name, eventId: req.body.id, eventType: req.body.type, reason, at: payments.ctx().now })
    let event: PaymentEvent
    try {
      event = payments.provider.verifyEvent(rawBody, req.headers)
    } catch {
      await failed('Refused: its signature is not valid (is the webhook signing secret the one Stripe shows?)')
      throw badRequest('The signature of this event is not valid.')
    }
    let applied
    try {
      applied = await applyPaymentEvent(payments, event)
    } catch (error) {
      await failed(`Could not be applied: ${error instanceof Error ? error.message : String(error)}`)
      throw error
    }
    req.log.info({ eventId: event.id, type: event.type, applied }, 'Stripe event')
    return { received: true as const }
  })
}
