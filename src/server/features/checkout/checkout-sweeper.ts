import { inTransaction } from '../../db/transaction.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'
import { createPeriodic } from '../../periodic.ts'
import { changeCheckout, checkoutsPastExpiry } from './checkout.queries.ts'
import { applyStripeEvent, cardOf, releaseHeldPlaces, settleSession, type StripeEvents } from './stripe-events.ts'

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

/**
 * Checkouts past their end — half an hour, or the deadline of the places they hold, whichever came
 * first (checkout.routes.ts) — that no event has settled: Stripe is asked, and the checkout is
 * settled as the session stands — paid, or ended and its places released (a session still open,
 * Stripe's page outliving the hold, is expired first, so it can take no money after its places are
 * gone). Safe on every instance at once: settling is conditional.
 */
export async function sweepCheckouts(deps: StripeEvents): Promise<number> {
  const { now } = deps.ctx()
  let settled = 0
  for (const checkout of await checkoutsPastExpiry(deps.db, now)) {
    if (checkout.externalId === null) {
      // Stripe never made its session (the request failed before it answered).
      await inTransaction(deps.db, async (tx) => {
        if (await changeCheckout(tx, checkout.id, ['open'], { status: 'expired' }, now)) await releaseHeldPlaces(tx, checkout.id, deps.ctx())
      })
    } else {
      let session = await deps.stripe.checkout.sessions.retrieve(checkout.externalId)
      if (session.status === 'open') session = await deps.stripe.checkout.sessions.expire(checkout.externalId)
      const card = session.payment_status === 'paid' ? await cardOf(deps.stripe, session.id) : null
      await inTransaction(deps.db, (tx) => settleSession(tx, deps, { checkoutId: checkout.id, orderId: checkout.orderId, session, card, failed: false }))
    }
    settled++
  }
  return settled
}

/**
 * Applies Stripe's events since the newest one seen here (an hour back, for events made in the
 * same instants as it), in case a delivery never arrived. The events already applied are skipped.
 */
export async function reconcileStripeEvents(deps: StripeEvents): Promise<number> {
  const newest = await deps.db.kysely.selectFrom('stripeEvents').select((eb) => eb.fn.max('createdAt').as('at')).executeTakeFirst()
  const from = newest?.at ? new Date(newest.at).getTime() - 3_600_000 : deps.ctx().now.getTime() - 3 * 86_400_000
  let applied = 0
  for await (const event of deps.stripe.events.list({ created: { gte: Math.floor(from / 1000) }, types: EVENT_TYPES, limit: 100 })) {
    if ((await applyStripeEvent(deps, event)) === 'applied') applied++
  }
  return applied
}

/** The sweep every minute, and the reconciliation once a night, from 3 a.m. at the facility. */
export function createCheckoutSweeper(deps: StripeEvents & { timeZone: string }) {
  let reconciledOn = ''
  return createPeriodic({
    everyMs: 60_000,
    work: async () => {
      await sweepCheckouts(deps)
      const now = deps.ctx().now
      const today = facilityToday(now, deps.timeZone)
      if (reconciledOn !== today && now >= sessionStartsAt(today, '03:00', deps.timeZone)) {
        await reconcileStripeEvents(deps)
        reconciledOn = today
      }
    },
    log: deps.log,
    failure: 'settling payments online failed',
  })
}
