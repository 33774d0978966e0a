import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import type { JobHandlers } from '../jobs.ts'
import type { ChangeContext } from '../registrations/kinds.ts'
import { afterRefundFailed } from '../registrations/registration-changes.ts'
import type { PaymentProvider } from './provider.ts'
import type { RefundStatus } from '../../../shared/schemas/payments.ts'

/**
 * Refunds of payments a provider took (issue 24, decision 0023). The refund is recorded here
 * first, `pending`, with a job (orders.queries.ts `recordRefund`); the job asks the provider for
 * it with the refund's id as the idempotency key, so a job run twice asks once; the provider's
 * events then say how it ended (its answer may say already). A failed refund gives nothing back on
 * the books and is shown to staff as failed, and logged as a warning when the answer says so, as the
 * webhook logs the event's. A refund of a payment another provider took than the site's now (its
 * keys taken away) fails with that reason, as any failing job: retried, then dead on the dashboard.
 */
export function refundThroughProvider(db: Db, provider: PaymentProvider, ctx: () => ChangeContext, log: Warns): JobHandlers['provider-refund'] {
  return async ({ refundId }) => {
    const refund = await db.kysely
      .selectFrom('refunds as f')
      .innerJoin('payments as p', 'p.id', 'f.paymentId')
      .select(['f.id', 'f.amountCents', 'f.externalId', 'p.provider', 'p.reference', 'p.externalId as paymentExternalId'])
      .where('f.id', '=', refundId)
      .executeTakeFirst()
    if (!refund || refund.externalId !== null) return
    if (refund.provider !== provider.name) throw new Error(`Refund ${refundId}: its payment was taken by ${refund.provider}, which this site does not run`)
    const made = await provider.refund({ refundId, amountCents: refund.amountCents, payment: { externalId: refund.paymentExternalId, reference: refund.reference } })
    const settled = await inTransaction(db, (tx) => settleRefund(tx, { refundId, ...made }, ctx()))
    if (settled && made.status === 'failed') warnOfFailedRefund(log, { refundId, externalId: made.externalId })
  }
}

interface Warns {
  warn(obj: unknown, msg: string): void
}

/** The warning a refund the provider failed leaves in the log, whichever road settled it. */
export function warnOfFailedRefund(log: Warns, refund: { refundId: string; externalId: string }): void {
  log.warn({ refundId: refund.refundId, providerRefund: refund.externalId }, 'the payment provider could not make a refund: staff must give the money back another way')
}

/**
 * Records the provider's id and word on a refund decided here: it moves on from pending only, so
 * an older event arriving late never undoes a newer one, and the job's answer and the provider's
 * event settle it once between them. A refund failed puts back what it changed, in the caller's
 * transaction (`afterRefundFailed`: a price it lowered, and the family told it was refunded is told
 * it was not). Answers whether anything changed.
 */
export async function settleRefund(
  tx: Db,
  { refundId, externalId, status }: { refundId: string; externalId: string; status: RefundStatus },
  ctx: Pick<ChangeContext, 'now' | 'siteUrl' | 'kinds'>,
): Promise<boolean> {
  const done = await tx.kysely
    .updateTable('refunds')
    .set({ externalId, status })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  const changed = Number(done.numUpdatedRows) > 0
  if (changed && status === 'failed') await afterRefundFailed(tx, refundId, ctx)
  return changed
}

/** The refund of ours a provider's refund is: by the id it carries, or by the provider's own id. */
export async function refundOf(db: Db, refund: { provider: PaymentProvider['name']; refundId: string | null; externalId: string }): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('refunds')
    .select('id')
    .where((eb) => (refund.refundId ? eb('id', '=', refund.refundId) : eb.and([eb('provider', '=', refund.provider), eb('externalId', '=', refund.externalId)])))
    .executeTakeFirst()
  return row?.id
}
