import { sql } from 'kysely'
import { facilityToday, formatDate } from '../../../shared/format.ts'
import { invalid } from '../refusals.ts'
import type { Db } from '../../db/connect.ts'
import { planOf } from '../payments/products.queries.ts'
import type { OwnerColumn } from './offerings.queries.ts'
import type { PaymentPlan } from '../../../shared/payment-plan.ts'
import { PLAN_DAYS } from '../../../shared/schemas/product.ts'

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
 * THE rule of a payment plan and its program: a price's plan must be paid by the time the program
 * ends (the facility would be asking for money after the season). Its last part's day when that
 * is after `endDate`; undefined when the plan ends by then, or there is no plan.
 */
export function planPartAfter(plan: PaymentPlan | null, endDate: string): string | undefined {
  const last = plan?.dueDates.at(-1)
  return last !== undefined && last > endDate ? last : undefined
}

/**
 * A league, academy, camp or drop-in is refused a product whose plan has a part after its last
 * day, naming both days, under `what.field`.
 */
export async function refusePlanAfterEnd(db: Db, productId: string | null, endDate: string, what: { noun: string; field: string }): Promise<void> {
  if (!productId) return
  const product = await db.kysely.selectFrom('products').select(['planDepositCents', 'planDueDates']).where('id', '=', productId).executeTakeFirst()
  const last = product && planPartAfter(planOf(product), endDate)
  if (!last) return
  const message = `The price’s payment plan has its last part on ${formatDate(last)}, after the ${what.noun} ends (${formatDate(endDate)}): choose a price whose plan ends by then, or change its plan on the price list.`
  throw invalid(message, { [what.field]: message })
}

/**
 * An edit that moves a program's end (`was` to `endDate`) is refused when a price its places
 * already take has a plan part after the new end, under endDate; one that keeps its end is let
 * through, so closing registration is never refused for it.
 */
export async function refuseEndBeforePlan(db: Db, owner: { column: OwnerColumn; id: string }, was: string, endDate: string, noun: string): Promise<void> {
  if (endDate === was) return
  const offerings = await db.kysely.selectFrom('offerings').select('productId').where(owner.column, '=', owner.id).execute()
  for (const { productId } of offerings) await refusePlanAfterEnd(db, productId, endDate, { noun, field: 'endDate' })
}

/**
 * The price list's side of the rule: a product's plan is refused a last part after the last day
 * of a program not yet over that takes the product (programs over take no one), naming the first
 * to end, under the field of that part's day.
 */
export async function refusePlanAfterPrograms(db: Db, productId: string, plan: PaymentPlan | null, today: string): Promise<void> {
  if (!plan) return
  const ends = sql<string>`coalesce(${sql.ref('leagues.endDate')}, ${sql.ref('academies.endDate')}, ${sql.ref('camps.endDate')}, ${sql.ref('dropIns.date')})`
  const programs = await db.kysely
    .selectFrom('offerings')
    .leftJoin('leagues', 'leagues.id', 'offerings.leagueId')
    .leftJoin('academies', 'academies.id', 'offerings.academyId')
    .leftJoin('camps', 'camps.id', 'offerings.campId')
    .leftJoin('dropIns', 'dropIns.id', 'offerings.dropInId')
    .select((eb) => [eb.fn.coalesce('leagues.name', 'academies.name', 'camps.name', 'dropIns.name').$castTo<string>().as('name'), ends.as('endDate')])
    .where('offerings.productId', '=', productId)
    .where(ends, '>=', today)
    .orderBy(ends)
    .execute()
  for (const program of programs) {
    const last = planPartAfter(plan, program.endDate)
    if (!last) continue
    const message = `${program.name} takes this price and ends on ${formatDate(program.endDate)}: its payment plan’s last part (${formatDate(last)}) must be due by then.`
    throw invalid(message, { [PLAN_DAYS[plan.dueDates.length - 1]!]: message })
  }
}
