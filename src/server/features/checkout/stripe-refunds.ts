import type Stripe from 'stripe'
import type { Db } from '../../db/connect.ts'
import { registerJobHandler } from '../../core/jobs.ts'
import { STRIPE_REFUND_JOB } from '../../core/payments/orders.queries.ts'
import type { RefundStatus } from '../../../shared/schemas/payments.ts'

/**
 * Refunds of payments made on Stripe (issue 24). The refund is recorded here first, `pending`,
 * with a job (core/payments/orders.queries.ts `recordRefund`); the job asks Stripe for it with the
 * refund's id as the idempotency key, so a job run twice asks once; Stripe's `refund.updated` or
 * `refund.failed` then says how it ended. A failed refund gives nothing back on the books and is
 * shown to staff as failed.
 */
export function registerStripeRefunds(db: Db, stripe: Stripe): void {
  registerJobHandler<{ refundId: string }>(STRIPE_REFUND_JOB, async ({ refundId }) => {
    const refund = await db.kysely
      .selectFrom('refunds as f')
      .innerJoin('payments as p', 'p.id', 'f.paymentId')
      .select(['f.id', 'f.amountCents', 'f.externalId', 'f.reason', 'p.reference', 'p.externalId as sessionId'])
      .where('f.id', '=', refundId)
      .executeTakeFirst()
    if (!refund || refund.externalId !== null) return
    const paymentIntent = refund.reference ?? (refund.sessionId ? await paymentIntentOf(stripe, refund.sessionId) : null)
    if (!paymentIntent) throw new Error(`Refund ${refundId}: its payment names no Stripe payment`)
    const made = await stripe.refunds.create({ payment_intent: paymentIntent, amount: refund.amountCents, metadata: { refundId } }, { idempotencyKey: `refund-${refundId}` })
    await settleRefund(db, { refundId, externalId: made.id, status: statusOf(made) })
  })
}

/** The payment a Checkout Session made, for a payment recorded without it. */
async function paymentIntentOf(stripe: Stripe, sessionId: string): Promise<string | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  return typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
}

/** Stripe's word on a refund: still pending, gone through, or failed (`requires_action` and `canceled` count as not given). */
export function statusOf(refund: Pick<Stripe.Refund, 'status'>): RefundStatus {
  if (refund.status === 'succeeded') return 'succeeded'
  return refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending'
}

/**
 * Records Stripe's id and word on a refund decided here: it moves on from pending only, so an
 * older event arriving late never undoes a newer one. Answers whether anything changed.
 */
export async function settleRefund(tx: Db, { refundId, externalId, status }: { refundId: string; externalId: string; status: RefundStatus }): Promise<boolean> {
  const done = await tx.kysely
    .updateTable('refunds')
    .set({ externalId, status })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(done.numUpdatedRows) > 0
}

/** The refund of ours a Stripe refund is: by the id in its metadata, or by Stripe's id. */
export async function refundOf(db: Db, refund: Pick<Stripe.Refund, 'id' | 'metadata'>): Promise<string | undefined> {
  const byOurs = refund.metadata?.refundId
  const row = await db.kysely
    .selectFrom('refunds')
    .select('id')
    .where((eb) => (byOurs ? eb('id', '=', byOurs) : eb('externalId', '=', refund.id)))
    .executeTakeFirst()
  return row?.id
}
