import { randomUUID } from 'node:crypto'
import type { Db } from '../db/connect.ts'
import { containsText } from '../db/search.ts'
import type { OutboxEmail } from '../../shared/contracts/mail.ts'
import { siteAddressesIn } from '../../shared/web-addresses.ts'
import { boolParam, inList, timestampParam, toBool, toCount, toIso } from '../db/values.ts'


export interface NewEmail {
  to: string
  subject: string
  text: string
  /** The text carries a one-time link (confirmation, password reset): only the recipient may read it. */
  secret?: true
  /** An id the caller chose ahead of writing it (a message's recipient names its email's row: features/messages); new otherwise. */
  id?: string
}

/** What staff read in place of an email that carries a one-time link. */
export const SECRET_TEXT_HIDDEN = 'This email carries a one-time link for its recipient only (account confirmation or password reset): its text is not shown.'

/** An email one worker has taken: `attempts` counts this attempt. */
export interface ClaimedEmail {
  id: string
  to: string
  subject: string
  text: string
  attempts: number
  /** Carries a one-time link: never logged. */
  secret: boolean
}

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
    id: email.id ?? randomUUID(),
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

/**
 * One page of the outbox, newest first: every email, or those whose address or subject contains
 * `search`; each with the addresses in its text that lead to the site at `siteUrl`.
 */
export async function listOutbox(
  db: Db,
  { page, pageSize, search, siteUrl }: { page: number; pageSize: number; search?: string; siteUrl: string },
): Promise<{ emails: OutboxEmail[]; total: number }> {
  const q = search?.trim().toLowerCase()
  const emails = q
    ? db.kysely.selectFrom('outbox').where((eb) => eb.or([containsText(eb.ref('recipient'), q), containsText(eb.ref('subject'), q)]))
    : db.kysely.selectFrom('outbox')
  const [{ total }, rows] = await Promise.all([
    emails.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    emails
      .select(['id', 'recipient', 'subject', 'text', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt', 'carriesSecret'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ])
  return {
    emails: rows.map((r) => {
      const text = toBool(r.carriesSecret) ? SECRET_TEXT_HIDDEN : r.text
      return {
        id: r.id,
        to: r.recipient,
        subject: r.subject,
        text,
        links: siteAddressesIn(text, siteUrl),
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: toIso(r.createdAt),
        sentAt: r.sentAt === null ? null : toIso(r.sentAt),
      }
    }),
    total: toCount(total),
  }
}

/**
 * Takes up to `limit` pending emails whose time has come for this worker, oldest first, in one
 * statement. Taking a row moves its `nextAttemptAt` to `leaseUntil`: the lease keeps everyone
 * else off it while it is being sent, and brings it back if this instance dies mid-delivery.
 * Several instances sharing a PostgreSQL database each take rows the others have not locked
 * (SKIP LOCKED), so an email goes to exactly one of them and none waits for another.
 */
export async function claimDueEmails(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEmail[]> {
  const at = timestampParam(db.dialect, now)
  const rows = await db.kysely
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: timestampParam(db.dialect, leaseUntil) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', at)
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(limit)
        .$if(db.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', at)
    .returning(['id', 'recipient', 'subject', 'text', 'attempts', 'carriesSecret', 'createdAt'])
    .execute()
  return rows
    .sort((x, y) => compare(toIso(x.createdAt), toIso(y.createdAt)) || compare(x.id, y.id))
    .map((r) => ({ id: r.id, to: r.recipient, subject: r.subject, text: r.text, attempts: r.attempts, secret: toBool(r.carriesSecret) }))
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)

/**
 * Whether an email is due that no other worker holds. A claim can come back empty while one is:
 * on PostgreSQL its LIMIT picks rows by the statement's snapshot and SKIP LOCKED then drops those
 * another instance took meanwhile, so the batch may be cut to nothing with due emails behind it.
 * A fresh statement tells that case from an outbox with nothing left to do.
 */
export async function anyDueEmail(db: Db, now: Date): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', timestampParam(db.dialect, now))
    .limit(1)
    .$if(db.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
    .executeTakeFirst()
  return row !== undefined
}

/** How one claimed attempt ended. */
export type AttemptOutcome =
  | { status: 'sent' | 'logged'; at: Date }
  | { status: 'pending'; error: string; retryAt: Date }
  | { status: 'failed'; error: string }

/**
 * Records how claimed attempts ended: one statement for the attempts that ended alike. Matching
 * the claimed attempt count means a worker whose lease ran out cannot overwrite the outcome of
 * the worker that took over.
 */
export async function finishAttempts(db: Db, finished: readonly (readonly [ClaimedEmail, AttemptOutcome])[]): Promise<void> {
  const alike = new Map<string, { attempts: number; outcome: AttemptOutcome; ids: string[] }>()
  for (const [email, outcome] of finished) {
    const key = JSON.stringify([email.attempts, outcome])
    const group = alike.get(key) ?? { attempts: email.attempts, outcome, ids: [] }
    group.ids.push(email.id)
    alike.set(key, group)
  }
  for (const { attempts, outcome, ids } of alike.values()) {
    const changes =
      outcome.status === 'pending'
        ? { lastError: outcome.error, nextAttemptAt: timestampParam(db.dialect, outcome.retryAt) }
        : outcome.status === 'failed'
          ? { status: outcome.status, lastError: outcome.error }
          : { status: outcome.status, sentAt: timestampParam(db.dialect, outcome.at) }
    await db.kysely
      .updateTable('outbox')
      .set(changes)
      .where(inList(db.dialect, 'id', ids))
      .where('status', '=', 'pending')
      .where('attempts', '=', attempts)
      .execute()
  }
}
