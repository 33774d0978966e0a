import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { HOLDS_PLACE, type PaymentMethod, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { enqueueEmail } from '../mail/outbox.queries.ts'
import { releasePlace } from './capacity.ts'
import { cancellationEmail } from './registration-emails.ts'
import { changeStatus, findRegistrationView, logEvent } from './registrations.queries.ts'
import { offerFreePlaces, type WaitlistContext } from './waitlist.ts'

export interface DeskPayment {
  amountCents: number
  method: PaymentMethod
  reference: string | null
}

/**
 * A payment taken at the front desk; logged with who took it. The balance is checked inside
 * the transaction (with the registration row locked on PostgreSQL; SQLite runs one writer at
 * a time), so two desks recording at once cannot overpay.
 */
export async function recordPayment(
  db: Db,
  registrationId: string,
  payment: DeskPayment,
  staffId: string,
  now: Date,
): Promise<'recorded' | 'not-payable' | 'over-balance'> {
  return inTransaction(db, async (tx) => {
    let locked = tx.kysely.selectFrom('registrations').select(['status', 'priceCents']).where('id', '=', registrationId)
    if (tx.dialect === 'postgres') locked = locked.forUpdate()
    const registration = await locked.executeTakeFirst()
    if (!registration || !HOLDS_PLACE.includes(registration.status)) return 'not-payable'
    const paid = await tx.kysely
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<string | number>('amountCents').as('total'))
      .where('registrationId', '=', registrationId)
      .executeTakeFirst()
    if (payment.amountCents > registration.priceCents - Number(paid?.total ?? 0)) return 'over-balance'
    await tx.kysely
      .insertInto('payments')
      .values({
        id: randomUUID(),
        registrationId,
        amountCents: payment.amountCents,
        method: payment.method,
        reference: payment.reference,
        recordedBy: staffId,
        recordedAt: timestampParam(tx.dialect, now),
      })
      .execute()
    await logEvent(tx, { registrationId, action: 'payment', actorId: staffId, details: { ...payment }, now })
    return 'recorded'
  })
}

export type Ending = 'cancelled' | 'declined'

/**
 * Ends a live registration. A place it held goes to the waitlist in the same transaction;
 * with `refund`, everything paid is recorded as refunded. Returns false when the
 * registration was no longer live (someone else ended it first).
 */
export async function endRegistration(
  db: Db,
  registrationId: string,
  ending: Ending,
  opts: { actorId: string; refund: boolean; ctx: WaitlistContext },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const before = await findRegistrationView(tx, registrationId)
    if (!before) return false
    const from: readonly RegistrationStatus[] = ['confirmed', 'offered', 'waitlisted']
    if (!(await changeStatus(tx, registrationId, from, ending, opts.ctx.now))) return false
    if (opts.refund && before.paidCents > 0) {
      await tx.kysely
        .insertInto('payments')
        .values({
          id: randomUUID(),
          registrationId,
          amountCents: -before.paidCents,
          method: 'refund',
          reference: `Refund on ${ending === 'declined' ? 'decline' : 'cancellation'}`,
          recordedBy: opts.actorId,
          recordedAt: timestampParam(tx.dialect, opts.ctx.now),
        })
        .execute()
    }
    await logEvent(tx, {
      registrationId,
      action: ending,
      actorId: opts.actorId,
      details: { previousStatus: before.status, refundedCents: opts.refund ? before.paidCents : 0 },
      now: opts.ctx.now,
    })
    const after = await findRegistrationView(tx, registrationId)
    if (after) await enqueueEmail(tx, cancellationEmail(opts.ctx.siteUrl, after, ending), opts.ctx.now)
    if (HOLDS_PLACE.includes(before.status)) {
      await releasePlace(tx, before.leagueId)
      await offerFreePlaces(tx, before.leagueId, opts.ctx)
    }
    return true
  })
}
