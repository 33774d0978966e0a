import { inTransaction } from '../../db/transaction.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'
import { createPeriodic } from '../../periodic.ts'
import { pruneWebhookFailures } from '../../core/payments/webhook-failures.ts'
import { changeCheckout, checkoutsPastExpiry } from './checkout.queries.ts'
import { applyPaymentEvent, releaseHeldPlaces, settlePage, type Payments } from './payment-events.ts'

/**
 * Checkouts past their end — half an hour, or the deadline of the places they hold, whichever came
 * first (checkout.routes.ts) — that no event has settled: the provider is asked, and the checkout
 * is settled as the page stands — paid, or ended and its places released (a page still open,
 * the provider's page outliving the hold, is expired first, so it can take no money after its
 * places are gone). Safe on every instance at once: settling is conditional.
 */
export async function sweepCheckouts(deps: Payments): Promise<number> {
  const { now } = deps.ctx()
  let settled = 0
  for (const checkout of await checkoutsPastExpiry(deps.db, deps.provider.name, now)) {
    if (checkout.externalId === null) {
      // The provider never opened its page (the request failed before it answered).
      await inTransaction(deps.db, async (tx) => {
        if (await changeCheckout(tx, checkout.id, ['open'], { status: 'expired' }, now)) await releaseHeldPlaces(tx, checkout.id, deps.ctx())
      })
    } else {
      let page = await deps.provider.readPayment(checkout.externalId)
      if (page.status === 'open') page = await deps.provider.expirePage(checkout.externalId)
      await inTransaction(deps.db, (tx) => settlePage(tx, deps, { checkoutId: checkout.id, orderId: checkout.orderId, page, failed: false }))
    }
    settled++
  }
  return settled
}

/**
 * Applies the provider's events since the newest one seen here (an hour back, for events made in
 * the same instants as it), in case a delivery never arrived. The events already applied are skipped.
 */
export async function reconcilePaymentEvents(deps: Payments): Promise<number> {
  const newest = await deps.db.kysely
    .selectFrom('paymentEvents')
    .select((eb) => eb.fn.max('createdAt').as('at'))
    .where('provider', '=', deps.provider.name)
    .executeTakeFirst()
  const from = newest?.at ? new Date(newest.at).getTime() - 3_600_000 : deps.ctx().now.getTime() - 3 * 86_400_000
  let applied = 0
  for await (const event of deps.provider.eventsSince(new Date(from))) {
    if ((await applyPaymentEvent(deps, event)) === 'applied') applied++
  }
  return applied
}

/** The sweep every minute, and the reconciliation once a night, from 3 a.m. at the facility, with the failed deliveries past their week deleted. */
export function createCheckoutSweeper(deps: Payments & { timeZone: string }) {
  let reconciledOn = ''
  return createPeriodic({
    everyMs: 60_000,
    work: async () => {
      await sweepCheckouts(deps)
      const now = deps.ctx().now
      const today = facilityToday(now, deps.timeZone)
      if (reconciledOn !== today && now >= sessionStartsAt(today, '03:00', deps.timeZone)) {
        await reconcilePaymentEvents(deps)
        await pruneWebhookFailures(deps.db, now)
        reconciledOn = today
      }
    },
    log: deps.log,
    failure: 'settling payments online failed',
  })
}
