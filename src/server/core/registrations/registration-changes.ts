import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { ACTIVE_STATUSES, CHARGED_STATUSES, HOLDS_PLACE } from '../../../shared/schemas/registration.ts'
import type { PaymentMethod } from '../../../shared/schemas/payments.ts'
import { enqueueEmail, type NewEmail } from '../outbox.queries.ts'
import { allocate, creditLine, lineOfRegistration, linesOfOrder, recordPayment, refundRegistration, undoRefundCredits, type LineBalance } from '../payments/orders.queries.ts'
import { conflict, invalid } from '../refusals.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { formatMoney } from '../../../shared/money.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { holdOffering, releasePlace } from './capacity.ts'
import { followEnding } from './ending.ts'
import { placeOf, type HowEnded, type Kinds } from './kinds.ts'
import { cancellationEmail, deskPaymentEmail, refundEmail, refundFailedEmail } from './registration-emails.ts'
import { changeStatus, findRegistrationView, logEvent } from './registrations.queries.ts'
import { confirmPaidHolds, offerFreePlaces } from './waitlist.ts'
import { FRONT_DESK } from '../payments/front-desk.ts'
import { planColumns, planOf } from '../payments/products.queries.ts'
import { planAfterGivingBack, type PaymentPlan } from '../../../shared/payment-plan.ts'
import { facilityToday } from '../../../shared/format.ts'

export interface DeskPayment {
  amountCents: number
  method: PaymentMethod
  reference: string | null
}

/**
 * A payment taken at the front desk, allocated to the registration's line — then to the extras
 * bought on its order (a jersey sold at the counter), which have no place of their own to be paid
 * from — and logged with who took it. The balance is checked inside the transaction with the
 * lines held (PostgreSQL; SQLite runs one writer at a time), so two desks recording at once cannot
 * overpay. A place held while the family pays is theirs once its hold is paid (`confirmPaidHolds`).
 */
export async function takeDeskPayment(
  db: Db,
  registrationId: string,
  payment: DeskPayment,
  staffId: string,
  ctx: { now: Date; timeZone: string; siteUrl: string; kinds: Kinds },
): Promise<'recorded' | 'not-payable' | 'over-balance'> {
  const { now } = ctx
  return inTransaction(db, async (tx) => {
    const registration = await tx.kysely.selectFrom('registrations').select(['status', 'offeringId']).where('id', '=', registrationId).executeTakeFirst()
    if (registration) await holdOffering(tx, registration.offeringId)
    const line = await lineOfRegistration(tx, registrationId)
    if (!registration || !line || !CHARGED_STATUSES.includes(registration.status)) return 'not-payable'
    const allocations = allocate([line, ...(await extrasOfOrder(tx, line.orderId))], payment.amountCents)
    if (!allocations) return 'over-balance'
    const recorded = await recordPayment(tx, {
      ...payment,
      orderId: line.orderId,
      provider: FRONT_DESK.name,
      externalId: null,
      recordedBy: staffId,
      now,
      allocations,
    })
    if (recorded.status === 'over-balance') return 'over-balance'
    await logEvent(tx, { registrationId, action: 'payment', actorId: staffId, details: { ...payment }, now })
    // A hold it paid is confirmed, and its confirmation says what was paid; otherwise the family gets a receipt of the payment.
    if ((await confirmPaidHolds(tx, line.orderId, { actorId: staffId, now, timeZone: ctx.timeZone, siteUrl: ctx.siteUrl, kinds: ctx.kinds })) === 0) {
      const after = await findRegistrationView(tx, ctx.kinds, registrationId)
      if (after) await enqueueEmail(tx, deskPaymentEmail(ctx.siteUrl, after, payment), now)
    }
    return 'recorded'
  })
}

/** The lines of an order that are no place's (extras), with their balances, held with the order. */
async function extrasOfOrder(tx: Db, orderId: string): Promise<LineBalance[]> {
  const extras = await tx.kysely.selectFrom('orderLines').select('id').where('orderId', '=', orderId).where('registrationId', 'is', null).execute()
  if (extras.length === 0) return []
  const ids = new Set(extras.map((e) => e.id))
  return (await linesOfOrder(tx, orderId)).filter((l) => ids.has(l.id))
}

export type Ending = 'cancelled' | 'declined'

export interface EndOptions extends HowEnded {
  /**
   * A rule that may refuse the change (by throwing), checked once the offering's row is held: every
   * change to the offering's places waits for it, so what the rule read stays true until commit.
   */
  check?: (tx: Db) => Promise<void>
  /** The email telling the registrant; the cancellation email unless given. */
  notice?: (ended: RegistrationView) => NewEmail
}

/**
 * Ends a live registration. A place it held goes to the waitlist in the same transaction;
 * with `refund`, everything paid is recorded as refunded; what follows for its kind follows
 * (kinds.ts). Returns false when the registration was no longer live (someone else
 * ended it first).
 */
export async function endRegistration(db: Db, registrationId: string, ending: Ending, opts: EndOptions): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const place = await tx.kysely.selectFrom('registrations').select('offeringId').where('id', '=', registrationId).executeTakeFirst()
    if (!place) return false
    await holdOffering(tx, place.offeringId)
    await opts.check?.(tx)
    const before = await findRegistrationView(tx, opts.ctx.kinds, registrationId)
    if (!before) return false
    const from = ACTIVE_STATUSES
    // What it was when ended: it may have moved since `before` was read (an offer made meanwhile).
    const previous = await changeStatus(tx, registrationId, from, ending, opts.ctx.now)
    if (!previous) return false
    const refundedCents = opts.refund
      ? await refundRegistration(tx, registrationId, { reason: `Refund on ${ending === 'declined' ? 'decline' : 'cancellation'}`, recordedBy: opts.actorId, now: opts.ctx.now })
      : 0
    await logEvent(tx, {
      registrationId,
      action: ending,
      actorId: opts.actorId,
      details: { previousStatus: previous, refundedCents },
      now: opts.ctx.now,
    })
    const after = await findRegistrationView(tx, opts.ctx.kinds, registrationId)
    if (after) await enqueueEmail(tx, opts.notice ? opts.notice(after) : cancellationEmail(opts.ctx.siteUrl, after, ending), opts.ctx.now)
    if (HOLDS_PLACE.includes(previous)) {
      await releasePlace(tx, place.offeringId)
      await offerFreePlaces(tx, place.offeringId, opts.ctx)
    }
    await followEnding(tx, placeOf(before), opts)
    return true
  })
}

/** A refund that leaves the price, of a line paid nothing over it. */
export const NOTHING_PAID_OVER = 'Nothing was paid over the price to give back: to refund part of the fee, choose “Part of the fee given back”.'

/** What refunds still pending at a provider take from a line: `paidOnLines` deducts only those that went through. */
async function pendingRefundsOn(tx: Db, lineId: string): Promise<number> {
  const row = await tx.kysely
    .selectFrom('refundAllocations as ra')
    .innerJoin('refunds as f', 'f.id', 'ra.refundId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('ra.amountCents'), eb.lit(0)).as('cents'))
    .where('ra.orderLineId', '=', lineId)
    .where('f.status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.cents)
}

/**
 * A line under a payment plan gives back part of what it received and asks as much less: its plan
 * takes the money off the parts already paid (shared/payment-plan.ts planAfterGivingBack), so
 * nothing given back falls due again.
 */
async function lowerPlan(tx: Db, line: LineBalance, plan: PaymentPlan | null, change: { givenBackCents: number; paidBeforeCents: number; today: string }): Promise<void> {
  if (!plan) return
  const lowered = planAfterGivingBack(plan, line.amountDueCents, change.paidBeforeCents, change.givenBackCents, change.today)
  await tx.kysely.updateTable('orderLines').set(planColumns(lowered)).where('id', '=', line.id).execute()
}

/** A refund still pending at a provider that lowered the line's price: a failure would put back the plan it cut from. */
async function loweringPending(tx: Db, lineId: string): Promise<boolean> {
  const row = await tx.kysely
    .selectFrom('lineAdjustments as la')
    .innerJoin('refunds as f', 'f.id', 'la.refundId')
    .select('la.id')
    .where('la.orderLineId', '=', lineId)
    .where('f.status', '=', 'pending')
    .executeTakeFirst()
  return row !== undefined
}

/** Refused while a refund that lowered the same price waits for the provider: its failure must put back exactly the plan it cut. */
export const LOWERING_PENDING = 'A refund that lowered this price is still waiting for the card company: refund and lower it again once that one has gone through or failed.'

/**
 * What follows a refund an admin gave (issue 30), in the refund's transaction: for each place it
 * gave money back from, the price lowered by as much when asked — part of a fee given back ("refund
 * and lower the price") — or else, money paid over the price given back, refused unless the line
 * received at least that much over what it asks (a place that ended asks nothing); an entry in
 * the place's history and an email to the family. A pending refund (through a provider online)
 * counts as given back at once all the same; if the provider fails it, `afterRefundFailed` puts
 * the price back.
 */
export async function afterRefund(tx: Db, refundId: string, opts: { reason: string; lowerPrice: boolean; by: string; now: Date; timeZone: string; siteUrl: string; kinds: Kinds }): Promise<void> {
  const parts = await tx.kysely
    .selectFrom('refundAllocations as ra')
    .innerJoin('refunds as f', 'f.id', 'ra.refundId')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .innerJoin('orderLines as line', 'line.id', 'ra.orderLineId')
    .leftJoin('registrations as r', 'r.id', 'line.registrationId')
    .select(['ra.amountCents', 'line.id as lineId', 'line.orderId', 'line.registrationId', 'r.status as placeStatus', 'p.method', 'f.status'])
    .where('ra.refundId', '=', refundId)
    .execute()
  for (const part of parts) {
    const pending = part.status === 'pending'
    const line = (await linesOfOrder(tx, part.orderId)).find((l) => l.id === part.lineId)!
    if (opts.lowerPrice) {
      if (await loweringPending(tx, line.id)) throw conflict(LOWERING_PENDING)
      // What the line may still be lowered by: what it asks beyond what stays paid once this refund has gone through.
      const room = line.amountDueCents - line.paidCents + (pending ? part.amountCents : 0)
      const plan = planOf(await tx.kysely.selectFrom('orderLines').select(['planDepositCents', 'planDueDates']).where('id', '=', line.id).executeTakeFirstOrThrow())
      const lowered = await creditLine(
        tx,
        { ...line, openCents: room },
        { amountCents: part.amountCents, reason: `Refunded and lowered: ${opts.reason}`, recordedBy: opts.by, now: opts.now, forRefund: { refundId, planBefore: plan } },
      )
      if (lowered.status !== 'adjusted') throw invalid(FORM_MESSAGES.invalid, { amount: 'The price cannot be lowered below what stays paid.' })
      await lowerPlan(tx, line, plan, { givenBackCents: part.amountCents, paidBeforeCents: line.paidCents + (pending ? 0 : part.amountCents), today: facilityToday(opts.now, opts.timeZone) })
    } else {
      // The price stays: the line keeps what it asks, so only money it received over that may go back.
      const asks = part.placeStatus === null || CHARGED_STATUSES.includes(part.placeStatus) ? line.amountDueCents : 0
      const overCents = line.paidCents - (await pendingRefundsOn(tx, line.id)) + part.amountCents - asks
      if (overCents < part.amountCents) throw invalid(FORM_MESSAGES.invalid, { amount: overCents <= 0 ? NOTHING_PAID_OVER : `Only ${formatMoney(overCents)} was paid over the price: refund that much, or choose “Part of the fee given back”.` })
    }
    if (!part.registrationId) continue
    await logEvent(tx, { registrationId: part.registrationId, action: 'refunded', actorId: opts.by, details: { amountCents: part.amountCents, reason: opts.reason, priceLowered: opts.lowerPrice, refundId }, now: opts.now })
    const view = await findRegistrationView(tx, opts.kinds, part.registrationId)
    if (view) await enqueueEmail(tx, refundEmail(opts.siteUrl, view, { amountCents: part.amountCents, method: part.method, reason: opts.reason, priceLowered: opts.lowerPrice, pending }), opts.now)
  }
}

/**
 * What follows a refund the provider failed, in the transaction that records the failure
 * (payments/refunds.ts `settleRefund`, reached by the refund job's answer and by the provider's
 * events alike, once): nothing was given back, so a price the refund lowered asks as much again,
 * its plan's parts as they were (`undoRefundCredits`); each place it was for has an entry in its
 * history, and a family told of the refund (`afterRefund`'s entry names it) is told it was not
 * made, with what they owe — a refund given with a cancellation or of a payment over the balance
 * was never announced, so staff alone hear of its failure.
 */
export async function afterRefundFailed(tx: Db, refundId: string, ctx: { now: Date; siteUrl: string; kinds: Kinds }): Promise<void> {
  const restored = await undoRefundCredits(tx, refundId)
  const parts = await tx.kysely
    .selectFrom('refundAllocations as ra')
    .innerJoin('refunds as f', 'f.id', 'ra.refundId')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .innerJoin('orderLines as line', 'line.id', 'ra.orderLineId')
    .select(['ra.amountCents', 'ra.orderLineId', 'line.registrationId', 'f.reason', 'p.method'])
    .where('ra.refundId', '=', refundId)
    .execute()
  for (const part of parts) {
    if (!part.registrationId) continue
    const priceRestored = restored.has(part.orderLineId)
    await logEvent(tx, { registrationId: part.registrationId, action: 'refund-failed', actorId: null, details: { amountCents: part.amountCents, reason: part.reason, priceRestored }, now: ctx.now })
    if (!priceRestored && !(await familyToldOf(tx, part.registrationId, refundId))) continue
    const view = await findRegistrationView(tx, ctx.kinds, part.registrationId)
    if (view) await enqueueEmail(tx, refundFailedEmail(ctx.siteUrl, view, { amountCents: part.amountCents, method: part.method, reason: part.reason, priceRestored }), ctx.now)
  }
}

/** Whether the place's family was emailed the refund: `afterRefund` wrote its 'refunded' entry, naming the refund, with the email. */
async function familyToldOf(tx: Db, registrationId: string, refundId: string): Promise<boolean> {
  const entries = await tx.kysely.selectFrom('registrationEvents').select('details').where('registrationId', '=', registrationId).where('action', '=', 'refunded').execute()
  return entries.some((e) => e.details !== null && (JSON.parse(e.details) as { refundId?: string }).refundId === refundId)
}
