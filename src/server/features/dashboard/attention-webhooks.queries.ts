import { formatDateTime } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import type { Db } from '../../db/connect.ts'
import { timestampParam, toIso } from '../../db/values.ts'
import { WEBHOOK_FAILURE_DAYS } from '../../core/payments/webhook-failures.ts'
import type { Found } from './attention-found.ts'

const DAY = 86_400_000

/**
 * Deliveries of a payment provider's events the site refused (a signature not valid) or could not
 * apply (docs/decisions/0030), listed for a week, until a later delivery of the same event was
 * applied (the provider redelivers, the nightly reconciliation reads what it missed): the event
 * recorded as received at or after the failure.
 */
export async function failedWebhooks(seen: { db: Db; now: Date }): Promise<Found[]> {
  const { db, now } = seen
  const rows = await db.kysely
    .selectFrom('webhookFailures as w')
    .select(['w.provider', 'w.eventId', 'w.eventType', 'w.reason', 'w.deliveries', 'w.failedAt'])
    .where('w.failedAt', '>', timestampParam(db.dialect, new Date(now.getTime() - WEBHOOK_FAILURE_DAYS * DAY)))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('paymentEvents as e').select('e.id').whereRef('e.provider', '=', 'w.provider').whereRef('e.id', '=', 'w.eventId').whereRef('e.receivedAt', '>=', 'w.failedAt'))),
    )
    .execute()
  return rows.map((w) => ({
    kind: 'webhook-failed' as const,
    who: `${w.eventType} ${w.eventId}`,
    what: () => `${w.reason}${w.deliveries > 1 ? ` (${w.deliveries} deliveries failed, the last at ${formatDateTime(toIso(w.failedAt))})` : ''}`,
    since: toIso(w.failedAt),
    link: () => `${href('reports')}#payments-report-heading`,
  }))
}
