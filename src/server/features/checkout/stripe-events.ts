import type Stripe from 'stripe'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { recordOverpayment, recordPayment, type Allocation } from '../../core/payments/orders.queries.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { confirmHeldPlace, expirePlace } from '../../core/registrations/waitlist.ts'
import { holdOfferingsOfOrder } from '../../core/registrations/capacity.ts'
import { changeCheckout, findCheckout, linesOfCheckout } from './checkout.queries.ts'
import { refundOf, settleRefund, statusOf } from './stripe-refunds.ts'

/**
 * What Stripe's events do here (issue 24). Each event is recorded in the transaction of its
 * effect, so a delivery twice, a retry, the nightly reconciliation and a delivery out of order
 * change nothing the second time; a payment is recorded once per Checkout Session whichever event
 * brings it. Stripe is never called inside a transaction: the card's details are read before.
 */
export interface StripeEvents {
  db: Db
  stripe: Stripe
  ctx: () => ChangeContext
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void }
}

export type Applied = 'applied' | 'seen' | 'not-ours'

export async function applyStripeEvent(deps: StripeEvents, event: Stripe.Event): Promise<Applied> {
  if (await seen(deps.db, event.id)) return 'seen'
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return sessionEvent(deps, event, event.data.object)
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return refundEvent(deps, event, event.data.object)
    default:
      return (await once(deps, event, async () => 'not-ours')) ?? 'seen'
  }
}

async function refundEvent(deps: StripeEvents, event: Stripe.Event, refund: Stripe.Refund): Promise<Applied> {
  const refundId = await refundOf(deps.db, refund)
  if (!refundId) return (await once(deps, event, async () => 'not-ours')) ?? 'seen'
  return (
    (await once(deps, event, async (tx) => {
      if (!(await settleRefund(tx, { refundId, externalId: refund.id, status: statusOf(refund) }))) return 'applied'
      if (statusOf(refund) === 'failed') deps.log.warn({ refundId, stripeRefund: refund.id }, 'Stripe could not make a refund: staff must give the money back another way')
      return 'applied'
    })) ?? 'seen'
  )
}

async function sessionEvent(deps: StripeEvents, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<Applied> {
  const checkout = await findCheckout(deps.db, session.metadata?.checkoutId ?? '')
  if (!checkout || (checkout.externalId !== null && checkout.externalId !== session.id)) return (await once(deps, event, async () => 'not-ours')) ?? 'seen'
  const card = paidBy(session) ? await cardOf(deps.stripe, session.id) : null
  // An expiry says the session ended unpaid, whatever else the object says.
  const ended = event.type === 'checkout.session.expired' ? { ...session, status: 'expired' as const, payment_status: 'unpaid' as const } : session
  const failed = event.type === 'checkout.session.async_payment_failed'
  return (await once(deps, event, (tx) => settleSession(tx, deps, { checkoutId: checkout.id, orderId: checkout.orderId, session: ended, card, failed }))) ?? 'seen'
}

const paidBy = (session: Stripe.Checkout.Session) => session.payment_status === 'paid'

export interface SessionState {
  checkoutId: string
  orderId: string
  session: Stripe.Checkout.Session
  /** The card that paid, read from Stripe before the transaction. */
  card: Card | null
  /** A bank debit bounced. */
  failed: boolean
}

/**
 * Brings a checkout to where its Stripe session stands: paid (the payment recorded, the places
 * confirmed), a bank debit clearing, or ended unpaid (the places released). Every step is
 * conditional, so the same state applied twice, by an event and the sweep, changes nothing more.
 */
export async function settleSession(tx: Db, deps: StripeEvents, state: SessionState): Promise<Applied> {
  const ctx = deps.ctx()
  if (paidBy(state.session)) return fulfil(tx, state, deps, ctx)
  if (state.failed) {
    if (await changeCheckout(tx, state.checkoutId, ['open', 'processing'], { status: 'failed' }, ctx.now)) await releaseHeldPlaces(tx, state.checkoutId, ctx)
  } else if (state.session.status === 'expired') {
    if (await changeCheckout(tx, state.checkoutId, ['open'], { status: 'expired' }, ctx.now)) await releaseHeldPlaces(tx, state.checkoutId, ctx)
  } else if (state.session.status === 'complete') {
    // A bank debit: the money is on its way; the places stay held until it clears or fails.
    await changeCheckout(tx, state.checkoutId, ['open'], { status: 'processing' }, ctx.now)
  }
  return 'applied'
}

/** The payment of a Checkout Session, on the lines its checkout was opened for, and the places it held made the payer's. */
async function fulfil(tx: Db, { checkoutId, orderId, session, card }: SessionState, deps: StripeEvents, ctx: ChangeContext): Promise<Applied> {
  await holdOfferingsOfOrder(tx, orderId)
  const lines = await linesOfCheckout(tx, checkoutId)
  const allocations: Allocation[] = lines.map((l) => ({ orderLineId: l.orderLineId, amountCents: l.amountCents }))
  const payment = {
    orderId,
    amountCents: session.amount_total ?? 0,
    provider: 'stripe' as const,
    externalId: session.id,
    method: 'online' as const,
    reference: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    recordedBy: null,
    now: ctx.now,
  }
  let recorded = await recordPayment(tx, { ...payment, allocations })
  // More than its lines can be charged now — paid meanwhile at the desk, or a place lost before the
  // money came (released, cancelled, back on the waitlist): what is over goes back, never to another line.
  if (recorded.status === 'over-balance') {
    const over = await recordOverpayment(tx, { ...payment, allocations })
    deps.log.warn({ checkoutId, orderId, refundedCents: over.refundedCents }, 'a payment online came for more than was owed: the excess is refunded')
    recorded = { status: 'recorded', id: over.id }
  }
  await changeCheckout(tx, checkoutId, ['open', 'processing', 'expired', 'failed'], { status: 'paid', paymentId: recorded.id }, ctx.now)
  for (const line of lines) {
    if (line.registrationId && line.status === 'held') await confirmHeldPlace(tx, line.registrationId, { actorId: null, now: ctx.now, siteUrl: ctx.siteUrl, paysOnline: true })
    else if (line.registrationId && line.status === 'expired') deps.log.warn({ checkoutId, registrationId: line.registrationId }, 'a place paid online had already been released')
  }
  return 'applied'
}

/** A checkout ended unpaid: the places it held go to the next people. */
export async function releaseHeldPlaces(tx: Db, checkoutId: string, ctx: ChangeContext): Promise<void> {
  for (const line of await linesOfCheckout(tx, checkoutId)) {
    if (line.registrationId && line.offeringId && line.status === 'held') await expirePlace(tx, { id: line.registrationId, offeringId: line.offeringId, status: 'held' }, ctx)
  }
}

export interface Card {
  brand: string
  last4: string
}

/** The card that paid a session, for the receipt: null for a bank debit. */
export async function cardOf(stripe: Stripe, sessionId: string): Promise<Card | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] })
  const intent = session.payment_intent
  const charge = intent && typeof intent !== 'string' ? intent.latest_charge : null
  const card = charge && typeof charge !== 'string' ? charge.payment_method_details?.card : null
  return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null
}

async function seen(db: Db, eventId: string): Promise<boolean> {
  return (await db.kysely.selectFrom('stripeEvents').select('id').where('id', '=', eventId).executeTakeFirst()) !== undefined
}

/**
 * Runs an event's effect in the transaction that records it, once: undefined when the event was
 * recorded already (another delivery, even one at the same instant, got there first).
 */
async function once({ db, ctx }: StripeEvents, event: Stripe.Event, effect: (tx: Db) => Promise<Applied>): Promise<Applied | undefined> {
  return inTransaction(db, async (tx) => {
    const recorded = await tx.kysely
      .insertInto('stripeEvents')
      .values({ id: event.id, type: event.type, createdAt: timestampParam(tx.dialect, new Date(event.created * 1000)), receivedAt: timestampParam(tx.dialect, ctx().now) })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!recorded) return undefined
    return effect(tx)
  })
}
