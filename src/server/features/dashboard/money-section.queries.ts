import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { inList, timestampParam, toCount } from '../../db/values.ts'
import type { MoneySection, OwedBalance, Takings } from '../../../shared/contracts/dashboard-sections.ts'
import { planParts } from '../../../shared/payment-plan.ts'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/schemas/payments.ts'
import type { Periods } from './dashboard-periods.ts'
import { owingPlaces } from './place-balances.queries.ts'

/** The ten largest balances the section lists. */
export const LARGEST_BALANCES = 10

/**
 * The Dashboard's Money section (issue 32): payments by the day they were recorded and by method,
 * refunds that went through, and what places still owe — a line's amount due less its payments'
 * allocations plus its refunds' (core/payments/orders.queries.ts: nothing else subtracts) — for
 * places held, confirmed or held while paying (money.ts `chargeableCents`), with their payment
 * plans' overdue parts (shared/payment-plan.ts).
 */
export async function moneySection(db: Db, periods: Periods): Promise<MoneySection> {
  const [takings, pendingRefundsCents, owed] = await Promise.all([takingsOf(db, periods), pendingRefunds(db), balances(db, periods.today)])
  const largest = await describeBalances(db, owed.largest)
  const { today, weekStart, seasonStart } = periods
  return { today, weekStart, seasonStart, takings, pendingRefundsCents, outstanding: { totalCents: owed.totalCents, registrations: owed.registrations, largest }, overduePlanParts: owed.overdue }
}

/** Sums of `amountCents` since each period's start (and before tomorrow), in one statement: a sum per period. */
function sinceEach(db: Db, { starts }: Periods) {
  const since = (start: Date) => sql<string | number>`sum(case when "recordedAt" >= ${timestampParam(db.dialect, start)} then "amountCents" else 0 end)`
  return [since(starts.today).as('today'), since(starts.week).as('week'), sql<string | number>`sum("amountCents")`.as('season')] as const
}

async function takingsOf(db: Db, periods: Periods): Promise<MoneySection['takings']> {
  const from = timestampParam(db.dialect, periods.starts.season)
  const until = timestampParam(db.dialect, periods.starts.tomorrow)
  const [payments, refunds] = await Promise.all([
    db.kysely.selectFrom('payments').select(['method', ...sinceEach(db, periods)]).where('recordedAt', '>=', from).where('recordedAt', '<', until).groupBy('method').execute(),
    db.kysely.selectFrom('refunds').select(sinceEach(db, periods)).where('status', '=', 'succeeded').where('recordedAt', '>=', from).where('recordedAt', '<', until).executeTakeFirst(),
  ])
  const takings = (period: 'today' | 'week' | 'season'): Takings => {
    const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>
    for (const row of payments) byMethod[row.method] = toCount(row[period])
    return { collectedCents: Object.values(byMethod).reduce((a, b) => a + b, 0), byMethod, refundedCents: toCount(refunds?.[period]) }
  }
  return { today: takings('today'), week: takings('week'), season: takings('season') }
}

async function pendingRefunds(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('refunds').select((eb) => eb.fn.sum<string | number>('amountCents').as('total')).where('status', '=', 'pending').executeTakeFirst()
  return toCount(row?.total)
}

interface Owing {
  registrationId: string
  balanceCents: number
}

/** What the places owing owe (place-balances.queries.ts, as Needs attention reads them), the largest, and their plans' overdue parts. */
async function balances(db: Db, today: string) {
  const owing = await owingPlaces(db)
  const overdue = { parts: 0, registrations: 0, amountCents: 0 }
  for (const { plan, dueCents, paidCents } of owing) {
    const late = plan ? planParts(plan, dueCents, paidCents, today).filter((p) => p.state === 'overdue') : []
    if (late.length === 0) continue
    overdue.registrations += 1
    overdue.parts += late.length
    overdue.amountCents += late.reduce((sum, p) => sum + p.amountCents - p.paidCents, 0)
  }
  const largest: Owing[] = owing
    .map(({ registrationId, balanceCents }) => ({ registrationId, balanceCents }))
    .sort((a, b) => b.balanceCents - a.balanceCents || a.registrationId.localeCompare(b.registrationId))
    .slice(0, LARGEST_BALANCES)
  return { totalCents: owing.reduce((sum, o) => sum + o.balanceCents, 0), registrations: owing.length, largest, overdue }
}

/** The largest balances with who holds the place and what it is in, in one statement. */
async function describeBalances(db: Db, largest: readonly Owing[]): Promise<OwedBalance[]> {
  if (largest.length === 0) return []
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .innerJoin('offeringFacts as f', 'f.offeringId', 'r.offeringId')
    .select(['r.id', 'r.receiptNumber', 'r.userId', 'u.displayName', 'c.firstName', 'c.lastName', 'f.name'])
    .where(
      inList(
        db.dialect,
        'r.id',
        largest.map((o) => o.registrationId),
      ),
    )
    .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return largest.map(({ registrationId, balanceCents }) => {
    const row = byId.get(registrationId)!
    return { registrationId, receiptNumber: row.receiptNumber, userId: row.userId, participant: row.firstName ? `${row.firstName} ${row.lastName}` : row.displayName, programName: row.name, balanceCents }
  })
}
