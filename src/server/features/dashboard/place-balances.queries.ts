import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { toCount } from '../../db/values.ts'
import type { PaymentPlan } from '../../../shared/payment-plan.ts'
import { CHARGED_STATUSES, type RegistrationStatus } from '../../../shared/schemas/registration.ts'

/** A held place that still owes: what its lines ask, what was paid on them, and its payment plan. */
export interface OwingPlace {
  registrationId: string
  userId: string
  offeringId: string
  status: RegistrationStatus
  /** The order of its (first) line, where its balance is paid. */
  orderId: string
  dueCents: number
  paidCents: number
  balanceCents: number
  plan: PaymentPlan | null
  /** The participant's name: the child's, or the account holder's. */
  participant: string
}

/**
 * The places held (confirmed, or held while paying: money.ts `chargeableCents`) that still owe,
 * read by the Dashboard's Needs attention and Money sections. A place's balance is its lines'
 * amounts due less their payments' allocations plus its refunds' that went through
 * (core/payments/orders.queries.ts `amountPaidOf`: nothing else subtracts), summed per place in
 * the statement, which answers only the places owing: a season's thousands of places paid up stay
 * in the database.
 */
export async function owingPlaces(db: Db): Promise<OwingPlace[]> {
  // Each line's amount due, each payment's allocation and each refund's that went through, as signed amounts of their place.
  const amounts = db.kysely
    .selectFrom('orderLines as line')
    .select(['line.registrationId', 'line.amountDueCents as dueCents', sql<number>`0`.as('paidCents')])
    .unionAll(
      db.kysely
        .selectFrom('paymentAllocations as pa')
        .innerJoin('orderLines as line', 'line.id', 'pa.orderLineId')
        .select(['line.registrationId', sql<number>`0`.as('dueCents'), 'pa.amountCents as paidCents']),
    )
    .unionAll(
      db.kysely
        .selectFrom('refundAllocations as ra')
        .innerJoin('refunds as f', 'f.id', 'ra.refundId')
        .innerJoin('orderLines as line', 'line.id', 'ra.orderLineId')
        .select(['line.registrationId', sql<number>`0`.as('dueCents'), sql<number>`-ra."amountCents"`.as('paidCents')])
        .where('f.status', '=', 'succeeded'),
    )
  const balances = db.kysely
    .selectFrom(amounts.as('a'))
    .select((eb) => ['a.registrationId', eb.fn.sum<string | number>('a.dueCents').as('dueCents'), eb.fn.sum<string | number>('a.paidCents').as('paidCents')])
    .groupBy('a.registrationId')
    .having(sql<boolean>`sum(a."dueCents") > sum(a."paidCents")`)
  const rows = await db.kysely
    .selectFrom(balances.as('b'))
    .innerJoin('registrations as r', 'r.id', 'b.registrationId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select((eb) => [
      'b.registrationId',
      'b.dueCents',
      'b.paidCents',
      'r.userId',
      'r.offeringId',
      'r.status',
      'u.displayName',
      'c.firstName',
      'c.lastName',
      eb.selectFrom('orderLines as own').select('own.orderId').whereRef('own.registrationId', '=', 'r.id').orderBy('own.createdAt').limit(1).as('orderId'),
      eb.selectFrom('orderLines as own').select('own.planDepositCents').whereRef('own.registrationId', '=', 'r.id').where('own.planDueDates', 'is not', null).limit(1).as('planDepositCents'),
      eb.selectFrom('orderLines as own').select('own.planDueDates').whereRef('own.registrationId', '=', 'r.id').where('own.planDueDates', 'is not', null).limit(1).as('planDueDates'),
    ])
    .where('r.status', 'in', CHARGED_STATUSES)
    .execute()
  return rows.map((row) => {
    const dueCents = toCount(row.dueCents)
    const paidCents = toCount(row.paidCents)
    return {
      registrationId: row.registrationId!,
      userId: row.userId,
      offeringId: row.offeringId,
      status: row.status,
      orderId: row.orderId!,
      dueCents,
      paidCents,
      balanceCents: dueCents - paidCents,
      plan: row.planDepositCents !== null && row.planDepositCents !== undefined && row.planDueDates ? { depositCents: toCount(row.planDepositCents), dueDates: row.planDueDates.split(',') } : null,
      participant: row.firstName ? `${row.firstName} ${row.lastName}` : row.displayName,
    }
  })
}
