import type { Db } from '../../db/connect.ts'
import { ACTIVE_STATUSES, HOLDS_PLACE, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { lineOfRegistration } from '../payments/orders.queries.ts'
import { logEvent } from './registrations.queries.ts'

/**
 * A family discount is earned by a sibling who stays (issue 30, decision 0021): when a child's
 * place ends, a brother's or sister's discount that no child holding a place at full price
 * earns any more is taken off again. The line asks its price of the day again (its
 * `familyDiscountCents` back to 0), and the sibling's history records what ended and why
 * ("Family discount ended: Maya cancelled"), which the receipt shows (`listCharges`); nothing
 * paid is refunded or moved.
 *
 * One exception, the facility's rule: a line already paid in full keeps its discount when the
 * child who left had paid their own place in full and the facility kept it — the family paid for
 * both. A child who paid nothing (a made-up child) leaves no discount behind.
 */

/** Why a sibling's discount ended, as the receipt shows it. */
export const FAMILY_DISCOUNT_ENDED = 'Family discount ended'
/** The sibling's history entry that says so (its details: `amountCents`, `reason`). */
export const FAMILY_DISCOUNT_ENDED_ACTION = 'family-discount-ended'

function reasonFor(firstName: string, status: RegistrationStatus): string {
  const how = status === 'cancelled' ? `${firstName} cancelled` : status === 'declined' ? `${firstName}’s place declined` : status === 'expired' ? `${firstName}’s place lapsed` : `${firstName} left`
  return `${FAMILY_DISCOUNT_ENDED}: ${how}`
}

/** Takes off the family discounts the ended registration earned its siblings, in the transaction that ended it. */
export async function endEarnedDiscounts(tx: Db, registrationId: string, how: { actorId: string | null; now: Date }): Promise<void> {
  const ended = await tx.kysely
    .selectFrom('registrations as r')
    .innerJoin('children as c', 'c.id', 'r.childId')
    .select(['r.offeringId', 'r.userId', 'r.status', 'c.firstName'])
    .where('r.id', '=', registrationId)
    .executeTakeFirst()
  if (!ended) return
  const family = await tx.kysely
    .selectFrom('registrations as r')
    .innerJoin('orderLines as line', 'line.registrationId', 'r.id')
    .select(['r.id', 'r.status', 'r.seq', 'line.familyDiscountCents'])
    .where('r.offeringId', '=', ended.offeringId)
    .where('r.userId', '=', ended.userId)
    .where('r.childId', 'is not', null)
    .where('r.status', 'in', ACTIVE_STATUSES)
    .orderBy('r.seq', 'desc')
    .execute()
  const discounted = family.filter((r) => r.familyDiscountCents > 0)
  const holders = family.filter((r) => HOLDS_PLACE.includes(r.status))
  // Someone holding a place at full price earns every other child's discount; without one, a discount ends.
  const earned = holders.some((r) => !discounted.includes(r))
  if (discounted.length === 0 || earned) return
  const lines = await Promise.all(discounted.map(async (r) => ({ ...r, line: (await lineOfRegistration(tx, r.id))! })))
  // With someone still holding a place, one of them pays in full again (an unpaid line first, the latest taken); with nobody, every discount ends.
  const ending = holders.length === 0 ? lines : [lines.filter((r) => HOLDS_PLACE.includes(r.status)).sort((a, b) => Number(paidInFull(a.line)) - Number(paidInFull(b.line)))[0]!]
  const paidForLeaver = ending.some((r) => paidInFull(r.line)) && (await keptInFull(tx, registrationId))
  const reason = reasonFor(ended.firstName, ended.status)
  for (const { id, familyDiscountCents, line } of ending) {
    if (paidInFull(line) && paidForLeaver) continue
    await tx.kysely
      .updateTable('orderLines')
      .set((eb) => ({ amountDueCents: eb('amountDueCents', '+', familyDiscountCents), familyDiscountCents: 0 }))
      .where('id', '=', line.id)
      .execute()
    await logEvent(tx, { registrationId: id, action: FAMILY_DISCOUNT_ENDED_ACTION, actorId: how.actorId, details: { amountCents: familyDiscountCents, reason }, now: how.now })
  }
}

const paidInFull = (line: { amountDueCents: number; paidCents: number }) => line.paidCents >= line.amountDueCents

/** Whether the registration's line was paid in full and the facility kept it: refunds pending or made count as given back. */
async function keptInFull(tx: Db, registrationId: string): Promise<boolean> {
  const line = await tx.kysely.selectFrom('orderLines').select(['id', 'amountDueCents']).where('registrationId', '=', registrationId).executeTakeFirst()
  if (!line) return false
  const paid = await tx.kysely.selectFrom('paymentAllocations').select((eb) => eb.fn.sum<string | number>('amountCents').as('cents')).where('orderLineId', '=', line.id).executeTakeFirst()
  const back = await tx.kysely
    .selectFrom('refundAllocations as ra')
    .innerJoin('refunds as f', 'f.id', 'ra.refundId')
    .select((eb) => eb.fn.sum<string | number>('ra.amountCents').as('cents'))
    .where('ra.orderLineId', '=', line.id)
    .where('f.status', '!=', 'failed')
    .executeTakeFirst()
  return Number(paid?.cents ?? 0) - Number(back?.cents ?? 0) >= line.amountDueCents
}
