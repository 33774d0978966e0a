import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { timestampParam } from '../../db/values.ts'
import type { PaymentProvider } from '../../../shared/schemas/payments.ts'

/** How long a failed delivery is listed in Needs attention, and kept (docs/decisions/0030). */
export const WEBHOOK_FAILURE_DAYS = 7
/**
 * The most failures of different events kept within those days: deliveries with a bad signature
 * can come from anyone, so past this many the next is logged and not written.
 */
export const WEBHOOK_FAILURES_KEPT = 500
const DAY = 86_400_000

/** A delivery of a provider's event the site refused or could not apply: the event as the delivery named it, and why, in a line. */
export interface WebhookFailure {
  provider: PaymentProvider
  eventId: string
  eventType: string
  reason: string
  at: Date
}

/**
 * Records a failed delivery: one row per event, its latest failure and how many deliveries of it
 * failed. No payload is kept (an event carries names and addresses). Answers false when the
 * table holds its most and this is a new event.
 */
export async function recordWebhookFailure(db: Db, failure: WebhookFailure): Promise<boolean> {
  const at = timestampParam(db.dialect, failure.at)
  const row = { eventType: failure.eventType.slice(0, 100), reason: oneLine(failure.reason), failedAt: at }
  const eventId = failure.eventId.slice(0, 255)
  const known = await db.kysely.selectFrom('webhookFailures').select('eventId').where('provider', '=', failure.provider).where('eventId', '=', eventId).executeTakeFirst()
  if (!known) {
    const recent = await db.kysely
      .selectFrom('webhookFailures')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('failedAt', '>', timestampParam(db.dialect, new Date(failure.at.getTime() - WEBHOOK_FAILURE_DAYS * DAY)))
      .executeTakeFirstOrThrow()
    if (Number(recent.n) >= WEBHOOK_FAILURES_KEPT) return false
  }
  await db.kysely
    .insertInto('webhookFailures')
    .values({ provider: failure.provider, eventId, deliveries: 1, ...row })
    .onConflict((oc) => oc.columns(['provider', 'eventId']).doUpdateSet({ ...row, deliveries: sql<number>`${sql.ref('webhookFailures.deliveries')} + 1` }))
    .execute()
  return true
}

/** Deletes the failures older than the days they are listed for: run by the nightly reconciliation. */
export async function pruneWebhookFailures(db: Db, now: Date): Promise<number> {
  const result = await db.kysely
    .deleteFrom('webhookFailures')
    .where('failedAt', '<', timestampParam(db.dialect, new Date(now.getTime() - WEBHOOK_FAILURE_DAYS * DAY)))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A reason on one line of at most 200 characters. */
const oneLine = (text: string) => {
  const line = text.split('\n')[0]!.trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
