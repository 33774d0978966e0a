import { createTransport } from 'nodemailer'
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { anyDueEmail, claimDueEmails, finishAttempts, SECRET_TEXT_HIDDEN, type AttemptOutcome, type ClaimedEmail } from '../../core/outbox.queries.ts'

const POLL_MS = 2_000
const BATCH_SIZE = 100
const MAX_ATTEMPTS = 8
/** Waits after the 1st, 2nd, 3rd, 4th failed attempt; hourly after that. */
const RETRY_MINUTES = [1, 5, 15, 60]
// Far longer than one attempt can take with the timeouts below, so a lease only runs out
// when the instance holding it died; the email is then retried by another one.
const LEASE_MS = 5 * 60_000
const SMTP_TIMEOUT_MS = 5_000
const MAX_ERROR_LENGTH = 1_000

/** The part of the server's logger the mailer writes to. */
export interface MailLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface MailerOptions {
  db: Db
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>
  log: MailLog
  now?: () => Date
}

export interface Mailer {
  /** Delivers due emails every 2 s until stop(). */
  start(): void
  /** Stops the timer and waits for a delivery run in progress; nothing is delivered after. */
  stop(): Promise<void>
  /** One pass over the due emails; answers how many were sent (or logged, without SMTP). */
  deliverDue(): Promise<number>
}

/**
 * Sends the outbox through SMTP_URL, or without it keeps emails as 'logged' and writes them
 * to the log, so an email is never dropped silently. Safe to run in several instances
 * sharing one database: each email is claimed by exactly one of them (outbox.queries.ts).
 */
export function createMailer({ db, config, log, now = () => new Date() }: MailerOptions): Mailer {
  // Built as an SMTPTransport because createTransport({ url, ... }) keeps only what the URL
  // says and drops the timeouts, leaving an unreachable server to hang for minutes.
  const transport = config.smtpUrl
    ? createTransport(
        new SMTPTransport({
          url: config.smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: 2 * SMTP_TIMEOUT_MS,
          dnsTimeout: SMTP_TIMEOUT_MS,
        }),
        { from: config.mailFrom },
      )
    : undefined
  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  /**
   * Sends one claimed email and says how the attempt ended; the caller records it. Without SMTP
   * the emails of a batch are logged at once, at `loggedAt`, and recorded in one statement.
   */
  async function deliver(email: ClaimedEmail, loggedAt: Date): Promise<AttemptOutcome> {
    if (!transport) {
      // A one-time link is for its recipient alone: the log says the email exists, not what it says.
      const text = email.secret ? SECRET_TEXT_HIDDEN : email.text
      log.info({ email: { to: email.to, subject: email.subject, text } }, 'email kept in the outbox (no SMTP_URL)')
      return { status: 'logged', at: loggedAt }
    }
    try {
      await transport.sendMail({ to: email.to, subject: email.subject, text: email.text })
    } catch (err) {
      const error = errorMessage(err)
      if (email.attempts >= MAX_ATTEMPTS) {
        log.error({ emailId: email.id, attempts: email.attempts, error }, 'email could not be delivered; giving up')
        return { status: 'failed', error }
      }
      const retryAt = new Date(now().getTime() + retryDelayMs(email.attempts))
      log.warn({ emailId: email.id, attempts: email.attempts, error, retryAt }, 'email delivery failed; will retry')
      return { status: 'pending', error, retryAt }
    }
    return { status: 'sent', at: now() }
  }

  // Claims and outcomes are written a batch at a time, a statement for the claims and one for
  // the outcomes that ended alike, one commit each: during a registration rush the outbox must
  // not compete with registrations for the database.
  async function deliverDue(): Promise<number> {
    let delivered = 0
    for (;;) {
      if (stopped) return delivered
      const at = now()
      const claimed = await inTransaction(db, (tx) => claimDueEmails(tx, at, new Date(at.getTime() + LEASE_MS), BATCH_SIZE))
      if (claimed.length === 0) {
        if (await inTransaction(db, (tx) => anyDueEmail(tx, at))) continue
        return delivered
      }
      const outcomes: [ClaimedEmail, AttemptOutcome][] = []
      for (const email of claimed) {
        if (stopped) break
        outcomes.push([email, await deliver(email, at)])
      }
      await inTransaction(db, (tx) => finishAttempts(tx, outcomes))
      delivered += outcomes.filter(([, o]) => o.status === 'sent' || o.status === 'logged').length
      if (stopped) return delivered
    }
  }

  function schedule(): void {
    timer = setTimeout(() => {
      running = deliverDue()
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, 'email delivery run failed'),
        )
        .finally(() => {
          running = undefined
          if (!stopped) schedule()
        })
    }, POLL_MS)
    // The worker alone never keeps the process alive.
    timer.unref()
  }

  return {
    start() {
      if (started || stopped) return
      started = true
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    deliverDue,
  }
}

function retryDelayMs(failedAttempts: number): number {
  return (RETRY_MINUTES[failedAttempts - 1] ?? 60) * 60_000
}

function errorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  return message.slice(0, MAX_ERROR_LENGTH)
}
