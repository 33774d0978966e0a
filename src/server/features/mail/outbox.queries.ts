import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import type { OutboxEmail } from '../../../shared/contracts/mail.ts'
import { boolParam, timestampParam, toBool, toCount, toIso } from '../../db/values.ts'


export interface NewEmail {
  to: string
  subject: string
  text: string
  /** The text carries a one-time link (confirmation, password reset): only the recipient may read it. */
  secret?: true
}

/** What staff read in place of an email that carries a one-time link. */
export const SECRET_TEXT_HIDDEN = 'This email carries a one-time link for its recipient only (account confirmation or password reset): its text is not shown.'

/** A pending email whose time has come, with the attempt count it was seen at. */
export interface DueEmail {
  id: string
  to: string
  subject: string
  text: string
  attempts: number
  /** Carries a one-time link: never logged. */
  secret: boolean
}

/** A due email one worker has taken: `attempts` already counts this attempt. */
export type ClaimedEmail = DueEmail

/**
 * Queues an email, due now. Pass the transaction's Db (inTransaction) so the email exists
 * exactly when the change it announces does; delivery happens later, in the mailer.
 */
export async function enqueueEmail(db: Db, email: NewEmail, now: Date = new Date()): Promise<string> {
  const [id] = await enqueueEmails(db, [email], now)
  return id!
}

/** Several emails in one statement (enqueueEmail); answers their ids in order. */
export async function enqueueEmails(db: Db, emails: readonly NewEmail[], now: Date = new Date()): Promise<string[]> {
  if (emails.length === 0) return []
  const at = timestampParam(db.dialect, now)
  const rows = emails.map((email) => ({
    id: randomUUID(),
    recipient: email.to,
    subject: email.subject,
    text: email.text,
    status: 'pending' as const,
    lastError: null,
    nextAttemptAt: at,
    createdAt: at,
    sentAt: null,
    carriesSecret: boolParam(db.dialect, email.secret === true),
  }))
  await db.kysely.insertInto('outbox').values(rows).execute()
  return rows.map((r) => r.id)
}

export async function listOutbox(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ emails: OutboxEmail[]; total: number }> {
  const [{ total }, rows] = await Promise.all([
    db.kysely
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('outbox')
      .select(['id', 'recipient', 'subject', 'text', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt', 'carriesSecret'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ])
  return {
    emails: rows.map((r) => ({
      id: r.id,
      to: r.recipient,
      subject: r.subject,
      text: toBool(r.carriesSecret) ? SECRET_TEXT_HIDDEN : r.text,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: toIso(r.createdAt),
      sentAt: r.sentAt === null ? null : toIso(r.sentAt),
    })),
    total: toCount(total),
  }
}

/** Pending emails whose time has come, oldest first. */
export async function findDueEmails(db: Db, now: Date, limit: number): Promise<DueEmail[]> {
  const rows = await db.kysely
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'text', 'attempts', 'carriesSecret'])
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', timestampParam(db.dialect, now))
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ id: r.id, to: r.recipient, subject: r.subject, text: r.text, attempts: r.attempts, secret: toBool(r.carriesSecret) }))
}

/**
 * Takes one email for this worker. The UPDATE only matches while the row still has the
 * attempt count this worker saw, so of several instances sharing the database exactly one
 * wins; the others see no row changed and move on. `leaseUntil` keeps everyone else off the
 * row while it is being sent, and brings it back if this instance dies mid-delivery.
 */
export async function claimEmail(db: Db, email: DueEmail, leaseUntil: Date): Promise<ClaimedEmail | undefined> {
  const result = await db.kysely
    .updateTable('outbox')
    .set({ attempts: email.attempts + 1, nextAttemptAt: timestampParam(db.dialect, leaseUntil) })
    .where('id', '=', email.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', email.attempts)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n ? { ...email, attempts: email.attempts + 1 } : undefined
}

/**
 * Records how a claimed attempt ended. Matching the claimed attempt count means a worker
 * whose lease ran out cannot overwrite the outcome of the worker that took over.
 */
export async function finishAttempt(
  db: Db,
  email: ClaimedEmail,
  outcome:
    | { status: 'sent' | 'logged'; at: Date }
    | { status: 'pending'; error: string; retryAt: Date }
    | { status: 'failed'; error: string },
): Promise<void> {
  const changes =
    outcome.status === 'pending'
      ? { lastError: outcome.error, nextAttemptAt: timestampParam(db.dialect, outcome.retryAt) }
      : outcome.status === 'failed'
        ? { status: outcome.status, lastError: outcome.error }
        : { status: outcome.status, sentAt: timestampParam(db.dialect, outcome.at) }
  await db.kysely
    .updateTable('outbox')
    .set(changes)
    .where('id', '=', email.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', email.attempts)
    .execute()
}
