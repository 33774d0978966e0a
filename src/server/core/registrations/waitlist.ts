import { facilityToday } from '../../../shared/format.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { createPeriodic } from '../../periodic.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { enqueueEmail } from '../outbox.queries.ts'
import { releasePlace, takeFreePlace } from './capacity.ts'
import { cancellationEmail, confirmationEmail, offerEmail } from './registration-emails.ts'
import { changeStatus, findRegistrationView, logEvent } from './registrations.queries.ts'
import { followEnding } from './ending.ts'
import { placeOf, type ChangeContext, type Kinds } from './kinds.ts'
import { LAPSING_STATUSES } from '../../../shared/schemas/registration.ts'
import { linesOfOrder } from '../payments/orders.queries.ts'

/**
 * Gives free places to the waitlist, first come first served: each promoted person gets an
 * offer with a claim window and an email. Runs inside the transaction that freed the place,
 * so nobody registering at the same moment can take it first.
 */
export async function offerFreePlaces(tx: Db, offeringId: string, ctx: ChangeContext): Promise<number> {
  let offered = 0
  for (;;) {
    const next = await tx.kysely
      .selectFrom('registrations')
      .select('id')
      .where('offeringId', '=', offeringId)
      .where('status', '=', 'waitlisted')
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst()
    if (!next || !(await takeFreePlace(tx, offeringId))) return offered
    const expires = new Date(ctx.now.getTime() + ctx.claimWindowMs)
    if (!(await changeStatus(tx, next.id, ['waitlisted'], 'offered', ctx.now, expires))) {
      // Someone else moved this person first; give the place back and look again.
      await releasePlace(tx, offeringId)
      continue
    }
    await logEvent(tx, { registrationId: next.id, action: 'offered', actorId: null, details: { offerExpiresAt: expires.toISOString() }, now: ctx.now })
    const view = await findRegistrationView(tx, ctx.kinds, next.id)
    if (view) await enqueueEmail(tx, offerEmail(ctx.siteUrl, view), ctx.now)
    offered++
  }
}

/** The person takes the place they were offered. */
export async function claimOffer(db: Db, registrationId: string, userId: string, now: Date): Promise<'claimed' | 'not-offered' | 'expired'> {
  return inTransaction(db, async (tx) => {
    const row = await tx.kysely
      .selectFrom('registrations')
      .select(['status', 'offerExpiresAt'])
      .where('id', '=', registrationId)
      .where('userId', '=', userId)
      .executeTakeFirst()
    if (!row || row.status !== 'offered') return 'not-offered'
    if (row.offerExpiresAt !== null && new Date(row.offerExpiresAt).getTime() <= now.getTime()) return 'expired'
    if (!(await changeStatus(tx, registrationId, ['offered'], 'confirmed', now))) return 'not-offered'
    await logEvent(tx, { registrationId, action: 'claimed', actorId: userId, now })
    return 'claimed'
  })
}

/** Who confirms a paid hold and when; its confirmation says what is due from the facility's day (`timeZone`). */
export interface PaidHoldContext {
  actorId: string | null
  now: Date
  timeZone: string
  siteUrl: string
  kinds: Kinds
  paysOnline?: boolean
}

/**
 * A place held awaiting payment is paid: it is the person's, confirmed and emailed. Answers
 * `not-held` when it was no longer held (it lapsed, or was ended, before the payment came).
 */
export async function confirmHeldPlace(db: Db, registrationId: string, ctx: PaidHoldContext): Promise<'confirmed' | 'not-held'> {
  return inTransaction(db, async (tx) => {
    if (!(await changeStatus(tx, registrationId, ['held'], 'confirmed', ctx.now))) return 'not-held'
    await logEvent(tx, { registrationId, action: 'confirmed', actorId: ctx.actorId, details: { wasHeld: true }, now: ctx.now })
    const view = await findRegistrationView(tx, ctx.kinds, registrationId)
    if (view) await enqueueEmail(tx, confirmationEmail(ctx.siteUrl, ctx.kinds, view, facilityToday(ctx.now, ctx.timeZone), ctx.paysOnline), ctx.now)
    return 'confirmed'
  })
}

/**
 * The held places of an order whose hold is paid — in full, or their payment plan's deposit — at
 * the desk, or brought to nothing by a discount code or a credit: confirmed, as a payment online
 * confirms them, so none lapses to the waitlist with its money kept (decision 0022). In the
 * caller's transaction, after the change that paid them; answers how many were confirmed.
 */
export async function confirmPaidHolds(tx: Db, orderId: string, ctx: PaidHoldContext): Promise<number> {
  const held = await tx.kysely
    .selectFrom('orderLines as line')
    .innerJoin('registrations as r', 'r.id', 'line.registrationId')
    .select(['r.id', 'line.id as lineId', 'line.planDepositCents'])
    .where('line.orderId', '=', orderId)
    .where('r.status', '=', 'held')
    .execute()
  if (held.length === 0) return 0
  const balances = new Map((await linesOfOrder(tx, orderId)).map((line) => [line.id, line]))
  let confirmed = 0
  for (const place of held) {
    const line = balances.get(place.lineId)
    if (!line) continue
    const depositPaid = place.planDepositCents !== null && line.paidCents >= Math.min(place.planDepositCents, line.amountDueCents)
    if ((line.openCents <= 0 || depositPaid) && (await confirmHeldPlace(tx, place.id, ctx)) === 'confirmed') confirmed++
  }
  return confirmed
}

/**
 * Places whose time has passed go to the next person: offers not claimed in their window, and
 * places held awaiting payment not paid by their deadline. Safe to run from every instance at
 * once: each expiry is a conditional status change. A place held under a payment online still
 * under way is left to that payment's end (features/checkout): the money may be on its way.
 */
export async function expireLapsed(db: Db, ctx: ChangeContext): Promise<number> {
  const due = await lapsedDue(db, ctx.now).execute()
  let expired = 0
  for (const place of due) {
    if (await inTransaction(db, (tx) => expirePlace(tx, place, ctx))) expired++
  }
  return expired
}

/**
 * An offered or held place lapses: it goes to the next person on the waitlist, and its taker is
 * emailed. False when it was no longer offered or held.
 */
export async function expirePlace(tx: Db, place: { id: string; offeringId: string; status: (typeof LAPSING_STATUSES)[number] }, ctx: ChangeContext): Promise<boolean> {
  if (!(await changeStatus(tx, place.id, [place.status], 'expired', ctx.now))) return false
  await releasePlace(tx, place.offeringId)
  await logEvent(tx, { registrationId: place.id, action: place.status === 'held' ? 'hold-expired' : 'offer-expired', actorId: null, now: ctx.now })
  const view = await findRegistrationView(tx, ctx.kinds, place.id)
  if (view) await enqueueEmail(tx, cancellationEmail(ctx.siteUrl, view, place.status === 'held' ? 'unpaid' : 'expired'), ctx.now)
  await offerFreePlaces(tx, place.offeringId, ctx)
  if (view) await followEnding(tx, placeOf(view), { actorId: null, refund: false, ctx })
  return true
}

/** Up to a hundred offered or held places whose time has passed at `now` (found through migration 0021's index), but not those a payment online is under way for. */
export function lapsedDue(db: Db, now: Date) {
  return db.kysely
    .selectFrom('registrations as r')
    .select(['r.id', 'r.offeringId', 'r.status'])
    // Written as the partial index's own condition, so SQLite sees that the index answers it.
    .where(sql<boolean>`r.status in ('held', 'offered')`)
    .where('r.offerExpiresAt', '<=', timestampParam(db.dialect, now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orderLines as line')
            .innerJoin('checkoutLines as paying', 'paying.orderLineId', 'line.id')
            .innerJoin('checkouts as c', 'c.id', 'paying.checkoutId')
            .select('c.id')
            .whereRef('line.registrationId', '=', 'r.id')
            .where('c.status', 'in', ['open', 'processing']),
        ),
      ),
    )
    .$narrowType<{ status: (typeof LAPSING_STATUSES)[number] }>()
    .limit(100)
}

/** Looks for lapsed offers and holds every `everyMs` on each instance. */
export function createOfferSweeper(opts: {
  db: Db
  claimWindowMs: number
  siteUrl: string
  kinds: Kinds
  log: { error(obj: unknown, msg: string): void }
  now: () => Date
  everyMs?: number
}) {
  return createPeriodic({
    everyMs: opts.everyMs ?? 30_000,
    work: () => expireLapsed(opts.db, { now: opts.now(), claimWindowMs: opts.claimWindowMs, siteUrl: opts.siteUrl, kinds: opts.kinds }),
    log: opts.log,
    failure: 'expiring lapsed offers and holds failed',
  })
}
