import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { timestampParam, toCount, toIso } from '../db/values.ts'
import { createPeriodic } from '../periodic.ts'
import type { BackgroundJob } from '../../shared/contracts/dashboard.ts'

/**
 * Work after the commit (migration 0023): a transaction that decides something the network must
 * hear of — a payment provider's refund, say — writes a job with its other rows, so the job exists
 * exactly when the decision does. Any instance then claims it, runs its kind's handler, and
 * records the outcome; a failure is retried after growing waits, and after the last attempt the
 * job is `dead`: admins see it on the dashboard with its error and may retry it.
 */

export interface JobRun {
  id: string
  /** 1 on the first run. */
  attempt: number
  now: Date
}

/** Every kind of job the site writes, with its payload: what `enqueueJob` takes, and what the app's handlers must cover. */
export interface JobPayloads {
  /** A refund recorded here, to ask the payment provider that took the payment for (core/payments/refunds.ts). */
  'provider-refund': { refundId: string }
  /** A message staff sent, whose recipients' emails are written to the outbox in batches (features/messages). */
  'message-emails': { messageId: string }
}

/**
 * Who does each kind of job: one record built where the app is built (app.ts), `satisfies
 * JobHandlers`, so a kind of job with no handler fails the typecheck. A handler can run twice for
 * one job (an instance stopped after the work, before recording it): it must be safe to repeat, as
 * a payment provider's call is with the job's id as its idempotency key.
 */
export type JobHandlers<Payloads = JobPayloads> = { readonly [K in keyof Payloads]: (payload: Payloads[K], run: JobRun) => Promise<void> }

/**
 * Writes a job in the caller's transaction; it runs once that commits. Answers its id. The kinds
 * and payloads are the site's (`JobPayloads`) unless the caller names others (the runner's tests).
 */
export async function enqueueJob<Payloads = JobPayloads, K extends keyof Payloads & string = keyof Payloads & string>(
  tx: Db,
  job: { kind: K; payload: Payloads[K]; now: Date },
): Promise<string> {
  const id = randomUUID()
  const at = timestampParam(tx.dialect, job.now)
  await tx.kysely
    .insertInto('jobs')
    .values({ id, kind: job.kind, payload: JSON.stringify(job.payload), status: 'pending', runAt: at, lastError: null, createdAt: at, updatedAt: at })
    .execute()
  return id
}

export const JOB_POLICY = {
  maxAttempts: 6,
  /** Waits after the 1st, 2nd, … failed attempt. */
  retryMinutes: [1, 5, 15, 60, 240],
  /** How long a claim lasts: a job whose instance stopped mid-run is due again after it. */
  leaseMs: 5 * 60_000,
  batch: 20,
} as const

const MAX_ERROR_LENGTH = 1_000

/** Runs the jobs due at `now` with their kind's handler, each claimed by exactly one instance; answers how each run ended. */
export async function runDueJobs<Payloads>(db: Db, now: Date, handlers: JobHandlers<Payloads>): Promise<{ done: number; retried: number; dead: number }> {
  const outcome = { done: 0, retried: 0, dead: 0 }
  const at = timestampParam(db.dialect, now)
  const due = await db.kysely
    .selectFrom('jobs')
    .select(['id', 'kind', 'payload', 'attempts'])
    // Written as the partial index's own condition, so SQLite sees that the index answers it.
    .where(sql<boolean>`status = 'pending'`)
    .where('runAt', '<=', at)
    .orderBy('runAt')
    .limit(JOB_POLICY.batch)
    .execute()
  for (const job of due) {
    const claim = await db.kysely
      .updateTable('jobs')
      .set({ runAt: timestampParam(db.dialect, new Date(now.getTime() + JOB_POLICY.leaseMs)), attempts: sql`attempts + 1`, updatedAt: at })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .where('runAt', '<=', at)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    const attempt = toCount(job.attempts) + 1
    const error = await attemptJob(handlers, job.kind, job.payload, { id: job.id, attempt, now })
    const ended = error === null ? 'done' : attempt >= JOB_POLICY.maxAttempts ? 'dead' : 'retried'
    const retryAt = new Date(now.getTime() + (JOB_POLICY.retryMinutes[attempt - 1] ?? 240) * 60_000)
    await db.kysely
      .updateTable('jobs')
      .set({
        status: ended === 'retried' ? 'pending' : ended,
        lastError: error,
        ...(ended === 'retried' ? { runAt: timestampParam(db.dialect, retryAt) } : {}),
        updatedAt: at,
      })
      .where('id', '=', job.id)
      .execute()
    outcome[ended]++
  }
  return outcome
}

/**
 * Runs one job's handler; answers why it failed, or null. The kind is read from the table: a row
 * written by another version of the site may name a kind this one has no handler for.
 */
async function attemptJob<Payloads>(handlers: JobHandlers<Payloads>, kind: string, payload: string, run: JobRun): Promise<string | null> {
  if (!Object.hasOwn(handlers, kind)) return `No handler is registered for jobs of kind "${kind}".`
  const handler = handlers[kind as keyof Payloads] as (payload: unknown, run: JobRun) => Promise<void>
  try {
    await handler(JSON.parse(payload), run)
    return null
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH)
  }
}

/** How long a job done is kept, for whoever looks into what happened. */
const KEEP_DONE_MS = 30 * 24 * 60 * 60_000

/** Runs due jobs every `everyMs` on each instance, and forgets those done more than 30 days ago. */
export function createJobRunner(opts: { db: Db; handlers: JobHandlers; log: { error(obj: unknown, msg: string): void }; now: () => Date; everyMs?: number }) {
  const work = async () => {
    const now = opts.now()
    await runDueJobs(opts.db, now, opts.handlers)
    await opts.db.kysely
      .deleteFrom('jobs')
      .where('status', '=', 'done')
      .where('updatedAt', '<', timestampParam(opts.db.dialect, new Date(now.getTime() - KEEP_DONE_MS)))
      .execute()
  }
  return createPeriodic({ everyMs: opts.everyMs ?? 5_000, work, log: opts.log, failure: 'running background jobs failed' })
}

/** What admins see: how many jobs wait, and those that failed (dead, or failing and to be retried), newest first. */
export async function jobsNeedingAttention(db: Db): Promise<{ waiting: number; failing: BackgroundJob[] }> {
  const [waiting, failing] = await Promise.all([
    db.kysely.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where(sql<boolean>`status = 'pending'`).executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('jobs')
      .select(['id', 'kind', 'status', 'attempts', 'lastError', 'runAt', 'createdAt', 'updatedAt'])
      .where((eb) => eb.or([eb('status', '=', 'dead'), eb.and([eb('status', '=', 'pending'), eb('lastError', 'is not', null)])]))
      .orderBy('updatedAt', 'desc')
      .limit(50)
      .execute(),
  ])
  return {
    waiting: toCount(waiting.n),
    failing: failing.map((job) => ({
      id: job.id,
      kind: job.kind,
      status: job.status === 'dead' ? 'dead' : 'retrying',
      attempts: toCount(job.attempts),
      lastError: job.lastError ?? '',
      nextRunAt: job.status === 'dead' ? null : toIso(job.runAt),
      failedAt: toIso(job.updatedAt),
    })),
  }
}

/** An admin sends a dead job round again, its attempts counted afresh (its last failure keeps its time); false when it is not dead. */
export async function retryJob(db: Db, jobId: string, now: Date): Promise<boolean> {
  const at = timestampParam(db.dialect, now)
  const res = await db.kysely.updateTable('jobs').set({ status: 'pending', attempts: 0, runAt: at }).where('id', '=', jobId).where('status', '=', 'dead').executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}
