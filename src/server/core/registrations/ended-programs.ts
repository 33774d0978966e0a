import { facilityToday, formatDate } from '../../../shared/format.ts'
import { invalid } from '../refusals.ts'
import type { Db } from '../../db/connect.ts'
import { planOf } from '../payments/products.queries.ts'

/**
 * A league, academy or camp is created to take registrations: one whose last day has already
 * passed would open to nobody (and take the home page's card from one that does), so creating it
 * is refused; one already made is edited as it is.
 */
export function refuseEnded(endDate: string, what: { label: string; noun: string }, now: Date, timeZone: string): void {
  if (endDate >= facilityToday(now, timeZone)) return
  const message = `${what.label} (${formatDate(endDate)}) has already passed: a new ${what.noun} must end today or later.`
  throw invalid(message, { endDate: message })
}

/**
 * A price's payment plan must be paid by the time its program ends: a product whose plan has a
 * part after the program's last day is refused for it (the facility would be asking for money
 * after the season), naming both days.
 */
export async function refusePlanAfterEnd(db: Db, productId: string | null, endDate: string, what: { noun: string; field: string }): Promise<void> {
  if (!productId) return
  const product = await db.kysely.selectFrom('products').select(['planDepositCents', 'planDueDates']).where('id', '=', productId).executeTakeFirst()
  const last = product && planOf(product)?.dueDates.at(-1)
  if (!last || last <= endDate) return
  const message = `The price’s payment plan has its last part on ${formatDate(last)}, after the ${what.noun} ends (${formatDate(endDate)}): choose a price whose plan ends by then, or change its plan on the price list.`
  throw invalid(message, { [what.field]: message })
}
