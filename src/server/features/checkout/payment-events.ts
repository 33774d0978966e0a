import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { recordOverpayment, recordPayment, type Allocation } from '../../core/payments/orders.queries.ts'
import type { PageState, PaymentEvent, PaymentProvider } from '../../core/payments/provider.ts'
import { refundOf, settleRefund, warnOfFailedRefund } from '../../core/payments/refunds.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { confirmHeldPlace, expirePlace } from '../../core/registrations/waitlist.ts'
import { holdOfferingsOfOrder } from '../../core/registrations/capacity.ts'
import type { RefundStatus } from '../../../shared/schemas/payments.ts'
import { changeCheckout, findCheckout, linesOfCheckout } from './checkout.queries.ts'

/**
 * What a payment provider's events do here (issue 24, decision 0023). Each event is recorded in
 * the transaction of its effect, so a delivery twice, a retry, the nightly reconciliation and a
 * delivery out of order change nothing the second time; a payment is recorded once per page
 * whichever event brings it. The provider is never called inside a transaction: the card's
 * details are read before.
 */
export interface Payments {
  db: Db
  provider: PaymentProvider
  ctx: () => ChangeContext
  /** The facility's zone: a place confirmed when paid is told what its plan asks from its day. */
  timeZone: string
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void }
}

export type Applied = 'applied' | 'seen' | 'not-ours'

export async function applyPaymentEvent(deps: Payments, event: PaymentEvent): Promise<Applied> {
  if (await seen(deps, event.id)) return 'seen'
  const about = event.about
  if (about && 'page' in about) return pageEvent(deps, event, about)
  if (about && 'refund' in about) return refundEvent(deps, event, about.refund)
  return (await once(deps, event, async () => 'not-ours')) ?? 'seen'
}

async function refundEvent(deps: Payments, event: PaymentEvent, refund: { refundId: string | null; externalId: string; status: RefundStatus }): Promise<Applied> {
  const refundId = await refundOf(deps.db, { provider: deps.provider.name, ...refund })
  if (!refundId) return (await once(deps, event, async () => 'not-ours')) ?? 'seen'
  return (
    (await once(deps, event, async (tx) => {
      if (!(await settleRefund(tx, { refundId, externalId: refund.externalId, status: refund.status }, deps.ctx()))) return 'applied'
      if (refund.status === 'failed') warnOfFailedRefund(deps.log, { refundId, externalId: refund.externalId })
      return 'applied'
    })) ?? 'seen'
  )
}

async function pageEvent(deps: Payments, event: PaymentEvent, { page, checkoutId, failed }: { page: PageState; checkoutId: string | null; failed: boolean }): Promise<Applied> {
  const checkout = checkoutId === null ? undefined : await findCheckout(deps.db, checkoutId)
  if (!checkout || (checkout.externalId !== null && checkout.externalId !== page.externalId)) return (await once(deps, event, async () => 'not-ours')) ?? 'seen'
  const card = page.paid && !page.card ? (await deps.provider.readPayment(page.externalId)).card : page.card
  return (await once(deps, event, (tx) => settlePage(tx, deps, { checkoutId: checkout.id, orderId: checkout.orderId, page: { ...page, card }, failed }))) ?? 'seen'
}

export interface SettledPage {
  checkoutId: string
  orderId: string
  /** As read from the provider before the transaction, with the card that paid. */
  page: PageState
  /** A bank debit bounced. */
  failed: boolean
}

/**
 * Brings a checkout to where its page stands: paid (the payment recorded, the places confirmed),
 * a bank debit clearing, or ended unpaid (the places released). Every step is conditional, so
 * the same state applied twice, by an event and the sweep, changes nothing more.
 */
export async function settlePage(tx: Db, deps: Payments, state: SettledPage): Promise<Applied> {
  const ctx = deps.ctx()
  if (state.page.paid) return fulfil(tx, state, deps, ctx)
  if (state.failed) {
    if (await changeCheckout(tx, state.checkoutId, ['open', 'processing'], { status: 'failed' }, ctx.now)) await releaseHeldPlaces(tx, state.checkoutId, ctx)
  } else if (state.page.status === 'expired') {
    if (await changeCheckout(tx, state.checkoutId, ['open'], { status: 'expired' }, ctx.now)) await releaseHeldPlaces(tx, state.checkoutId, ctx)
  } else if (state.page.status === 'complete') {
    // A bank debit: the money is on its way; the places stay held until it clears or fails.
    await changeCheckout(tx, state.checkoutId, ['open'], { status: 'processing' }, ctx.now)
  }
  return 'applied'
}

/** The payment of a page, on the lines its checkout was opened for, and the places it held made the payer's. */
async function fulfil(tx: Db, { checkoutId, orderId, page }: SettledPage, deps: Payments, ctx: ChangeContext): Promise<Applied> {
  await holdOfferingsOfOrder(tx, orderId)
  const lines = await linesOfCheckout(tx, checkoutId)
  const allocations: Allocation[] = lines.map((l) => ({ orderLineId: l.orderLineId, amountCents: l.amountCents }))
  const payment = {
    orderId,
    amountCents: page.amountCents,
    provider: deps.provider.name,
    externalId: page.externalId,
    method: 'online' as const,
    reference: page.reference,
    cardBrand: page.card?.brand ?? null,
    cardLast4: page.card?.last4 ?? null,
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
    if (line.registrationId && line.status === 'held') await confirmHeldPlace(tx, line.registrationId, { actorId: null, now: ctx.now, timeZone: deps.timeZone, siteUrl: ctx.siteUrl, kinds: ctx.kinds, paysOnline: true })
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

async function seen({ db, provider }: Payments, eventId: string): Promise<boolean> {
  return (await db.kysely.selectFrom('paymentEvents').select('id').where('provider', '=', provider.name).where('id', '=', eventId).executeTakeFirst()) !== undefined
}

/**
 * Runs an event's effect in the transaction that records it, once: undefined when the event was
 * recorded already (another delivery, even one at the same instant, got there first).
 */
async function once({ db, provider, ctx }: Payments, event: PaymentEvent, effect: (tx: Db) => Promise<Applied>): Promise<Applied | undefined> {
  return inTransaction(db, async (tx) => {
    const recorded = await tx.kysely
      .insertInto('paymentEvents')
      .values({ provider: provider.name, id: event.id, type: event.type, createdAt: timestampParam(tx.dialect, event.createdAt), receivedAt: timestampParam(tx.dialect, ctx().now) })
      .onConflict((oc) => oc.columns(['provider', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!recorded) return undefined
    return effect(tx)
  })
}
