import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, inList, timestampParam, toCount, toIso } from '../../db/values.ts'
import { recordStaffAction, type Actor } from '../../core/audit.ts'
import { enqueueEmails, type NewEmail } from '../../core/outbox.queries.ts'
import { enqueueJob, type JobRun } from '../../core/jobs.ts'
import { conflict, tooMany } from '../../core/refusals.ts'
import type { MessageDraft, MessagePreview, SentMessage } from '../../../shared/contracts/messages.ts'
import { MESSAGES_PER_DAY } from '../../../shared/messages.ts'
import { resolveAudience } from './audiences.queries.ts'
import { unsubscribeTokensOf, unsubscribeUrl } from './unsubscribe-tokens.queries.ts'

/** What writing a message's emails needs: the facility's name for its foot, and the site its unsubscribe links lead to. */
export interface MessageMail {
  facilityName: string
  siteUrl: string
}

/** Recipients turned into outbox rows in one transaction. */
export const MESSAGE_BATCH = 100

/** Whom a message is to, in words for its foot. */
function audienceWords(draft: Pick<MessageDraft, 'audience' | 'whom'>, label: string): string {
  if (draft.whom === 'captains') return `the captains of ${label}`
  const where = draft.audience.waitlist ? `on the waitlist of ${label}` : `in ${label}`
  return draft.whom === 'guardians' ? `the guardians of the children ${where}` : `the people ${where}`
}

/** The email one address receives: the text, and a foot saying why it came and how to receive no more (`token`: the address's unsubscribe token). */
function messageEmail(mail: MessageMail, message: { subject: string; text: string; audience: string }, to: string, token: string): Omit<NewEmail, 'id'> {
  const foot = [
    '--',
    `${mail.facilityName} wrote this to ${message.audience}.`,
    `To receive no more messages like this one at this address: ${unsubscribeUrl(mail.siteUrl, token)}`,
    '(Receipts and other emails about your registrations still reach you.)',
  ]
  return { to, subject: message.subject, text: `${message.text}\n\n${foot.join('\n')}` }
}

/** How many addresses a message would reach now, how many it skips, and the email the first one would receive (its unsubscribe token made if it had none). */
export async function previewMessage(db: Db, mail: MessageMail, draft: MessageDraft, now: Date): Promise<MessagePreview> {
  const { label, addresses, skipped } = await resolveAudience(db, draft)
  const first = addresses[0]
  const token = first === undefined ? undefined : (await unsubscribeTokensOf(db, [first], now)).get(first)
  const sample = first === undefined || token === undefined ? null : messageEmail(mail, { subject: draft.subject, text: draft.text, audience: audienceWords(draft, label) }, first, token)
  return { reaches: addresses.length, skipped, sample: sample && { to: sample.to, subject: sample.subject, text: sample.text } }
}

/**
 * Sends a message: counted against its author's day (MESSAGES_PER_DAY), its recipients read now
 * and written with it, once per address, and a job that writes their emails to the outbox after
 * the commit — all in one transaction with its audit entry, so a refused or failed send leaves
 * nothing behind.
 */
export async function sendMessage(db: Db, draft: MessageDraft, opts: { by: Actor; today: string; now: Date }): Promise<SentMessage> {
  return inTransaction(db, async (tx) => {
    await countToday(tx, opts.by.id, opts.today)
    const { label, addresses, skipped } = await resolveAudience(tx, draft)
    if (addresses.length === 0) {
      throw conflict(skipped > 0 ? `Everyone ${audienceWords(draft, label)} unsubscribed: nobody would receive it.` : `There is nobody to write to: no ${draft.whom} ${draft.audience.waitlist ? `on the waitlist of ${label}` : `in ${label}`}.`)
    }
    const id = randomUUID()
    const at = timestampParam(tx.dialect, opts.now)
    const message = {
      id,
      authorId: opts.by.id,
      authorName: opts.by.name,
      audienceKind: draft.audience.kind,
      audienceId: draft.audience.id,
      audienceLabel: label,
      waitlist: boolParam(tx.dialect, draft.audience.waitlist),
      whom: draft.whom,
      subject: draft.subject,
      text: draft.text,
      recipients: addresses.length,
      skipped,
      createdAt: at,
    }
    await tx.kysely.insertInto('messages').values(message).execute()
    for (let i = 0; i < addresses.length; i += 500) {
      await tx.kysely
        .insertInto('messageRecipients')
        .values(addresses.slice(i, i + 500).map((address) => ({ id: randomUUID(), messageId: id, address, outboxId: null })))
        .execute()
    }
    await enqueueJob(tx, { kind: 'message-emails', payload: { messageId: id }, now: opts.now })
    const to = draft.audience.waitlist ? `${label}, waitlist` : label
    await recordStaffAction(tx, {
      by: opts.by,
      action: 'message-sent',
      entity: { kind: 'message', id, label: draft.subject },
      before: null,
      after: { to, whom: draft.whom, recipients: addresses.length, skipped },
      now: opts.now,
    })
    return { id, authorName: opts.by.name, audienceLabel: to, whom: draft.whom, subject: draft.subject, createdAt: toIso(opts.now), recipients: addresses.length, skipped, queued: addresses.length, sent: 0, failed: 0 }
  })
}

/** One more message for `staffId` today, in the sending transaction: refused past MESSAGES_PER_DAY, however many arrive at once. */
async function countToday(tx: Db, staffId: string, day: string): Promise<void> {
  await tx.kysely.insertInto('messagesSentPerDay').values({ staffId, day, sent: 0 }).onConflict((oc) => oc.columns(['staffId', 'day']).doNothing()).execute()
  const counted = await tx.kysely
    .updateTable('messagesSentPerDay')
    .set((eb) => ({ sent: eb('sent', '+', 1) }))
    .where('staffId', '=', staffId)
    .where('day', '=', day)
    .where('sent', '<', MESSAGES_PER_DAY)
    .executeTakeFirst()
  if (counted.numUpdatedRows === 0n) throw tooMany(`You have sent ${MESSAGES_PER_DAY} messages today, as many as one person may send in a day. Send it tomorrow, or ask a colleague.`)
}

/** How many messages `staffId` sent on `day`. */
export async function sentOn(db: Db, staffId: string, day: string): Promise<number> {
  const row = await db.kysely.selectFrom('messagesSentPerDay').select('sent').where('staffId', '=', staffId).where('day', '=', day).executeTakeFirst()
  return row?.sent ?? 0
}

/** The 50 newest messages, each with how many of its emails wait, went and failed. */
export async function listMessages(db: Db): Promise<SentMessage[]> {
  const messages = await db.kysely
    .selectFrom('messages')
    .select(['id', 'authorName', 'audienceLabel', 'waitlist', 'whom', 'subject', 'createdAt', 'recipients', 'skipped'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  if (messages.length === 0) return []
  const counts = await db.kysely
    .selectFrom('messageRecipients as m')
    .leftJoin('outbox as o', 'o.id', 'm.outboxId')
    .select((eb) => ['m.messageId', 'o.status', eb.fn.countAll().as('n')])
    .where(inList(db.dialect, 'm.messageId', messages.map((m) => m.id)))
    .groupBy(['m.messageId', 'o.status'])
    .execute()
  return messages.map((m) => {
    const of = (statuses: readonly (string | null)[]) => counts.filter((c) => c.messageId === m.id && statuses.includes(c.status)).reduce((sum, c) => sum + toCount(c.n), 0)
    return {
      id: m.id,
      authorName: m.authorName,
      audienceLabel: m.waitlist ? `${m.audienceLabel}, waitlist` : m.audienceLabel,
      whom: m.whom,
      subject: m.subject,
      createdAt: toIso(m.createdAt),
      recipients: toCount(m.recipients),
      skipped: toCount(m.skipped),
      queued: of([null, 'pending']),
      sent: of(['sent', 'logged']),
      failed: of(['failed']),
    }
  })
}

/**
 * Writes the emails of up to MESSAGE_BATCH recipients that have none yet, each with its address's
 * unsubscribe link (made now for a new address), in one transaction:
 * each outbox row takes its recipient's id, and the recipient names it, so a batch done is never
 * done again — by this instance after a restart, or by another at the same time (on PostgreSQL the
 * rows are locked, SKIP LOCKED; SQLite runs one transaction at a time). Answers how many it wrote.
 */
export async function writeMessageEmailBatch(db: Db, mail: MessageMail, messageId: string, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const message = await tx.kysely.selectFrom('messages').select(['subject', 'text', 'audienceKind', 'audienceId', 'audienceLabel', 'waitlist', 'whom']).where('id', '=', messageId).executeTakeFirst()
    if (!message) return 0
    const recipients = await tx.kysely
      .selectFrom('messageRecipients')
      .select(['id', 'address'])
      .where('messageId', '=', messageId)
      .where('outboxId', 'is', null)
      .orderBy('address')
      .limit(MESSAGE_BATCH)
      .$if(tx.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
      .execute()
    if (recipients.length === 0) return 0
    const draft = { audience: { kind: message.audienceKind, id: message.audienceId, waitlist: Boolean(message.waitlist) }, whom: message.whom }
    const content = { subject: message.subject, text: message.text, audience: audienceWords(draft, message.audienceLabel) }
    const tokens = await unsubscribeTokensOf(tx, recipients.map((r) => r.address), now)
    await enqueueEmails(tx, recipients.map((r) => ({ ...messageEmail(mail, content, r.address, tokens.get(r.address)!), id: r.id })), now)
    const ids = recipients.map((r) => r.id)
    await tx.kysely.updateTable('messageRecipients').set((eb) => ({ outboxId: eb.ref('id') })).where(inList(tx.dialect, 'id', ids)).where('outboxId', 'is', null).execute()
    return recipients.length
  })
}

/** The job of a message: its recipients' emails, batch after batch, until none is left (a restart resumes at the next batch). */
export function messageEmailsJob(db: Db, mail: MessageMail) {
  return async ({ messageId }: { messageId: string }, run: JobRun): Promise<void> => {
    while ((await writeMessageEmailBatch(db, mail, messageId, run.now)) > 0);
  }
}
