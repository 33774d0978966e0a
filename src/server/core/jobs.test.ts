import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import type { DashboardSummary } from '../../shared/contracts/dashboard.ts'
import { inTransaction } from '../db/transaction.ts'
import { enqueueJob, JOB_POLICY, runDueJobs, type JobHandlers } from './jobs.ts'

/**
 * Work after the commit (issue 22): a job exists exactly when the transaction that wrote it
 * commits, runs once however many instances look for it, is retried after a failure and, after
 * its last attempt, waits dead on the dashboard until an admin retries it.
 */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const MINUTE = 60_000
let seen: { kind: string; payload: unknown; attempt: number }[] = []
const failures = new Map<string, number>()

/** The runner's own kinds of job, apart from the site's: its dates lie ahead, so the test app's runner never finds them due. */
interface TestJobs {
  'test-ok': { n: number }
  /** Fails as many times as its payload says, then succeeds. */
  'test-flaky': { key: string; failTimes: number }
}
const handlers: JobHandlers<TestJobs> = {
  'test-ok': async (payload, run) => {
    seen.push({ kind: 'test-ok', payload, attempt: run.attempt })
  },
  'test-flaky': async (payload, run) => {
    seen.push({ kind: 'test-flaky', payload, attempt: run.attempt })
    const failed = failures.get(payload.key) ?? 0
    if (failed < payload.failTimes) {
      failures.set(payload.key, failed + 1)
      throw new Error(`The provider answered 503 (try ${run.attempt}).`)
    }
  },
}
const run = (now: Date) => runDueJobs(ctx.db, now, handlers)

async function statusOf(id: string) {
  return ctx.db.kysely.selectFrom('jobs').select(['status', 'attempts', 'lastError']).where('id', '=', id).executeTakeFirstOrThrow()
}

describe('after the commit', () => {
  test('a job written in a transaction that rolls back never runs; one that commits runs once, with its payload', async () => {
    seen = []
    const now = new Date(Date.UTC(2027, 0, 1, 12))
    await expect(
      inTransaction(ctx.db, async (tx) => {
        await enqueueJob<TestJobs>(tx, { kind: 'test-ok', payload: { n: 1 }, now })
        throw new Error('the decision was not made')
      }),
    ).rejects.toThrow('the decision was not made')
    const id = await inTransaction(ctx.db, (tx) => enqueueJob<TestJobs>(tx, { kind: 'test-ok', payload: { n: 2 }, now }))
    expect(await run(now)).toMatchObject({ done: 1 })
    expect(await run(new Date(now.getTime() + 10 * MINUTE))).toEqual({ done: 0, retried: 0, dead: 0 })
    expect(seen).toEqual([{ kind: 'test-ok', payload: { n: 2 }, attempt: 1 }])
    expect(await statusOf(id)).toMatchObject({ status: 'done', lastError: null })
  })

  test('instances looking for work together run each job exactly once', async () => {
    seen = []
    const now = new Date(Date.UTC(2027, 0, 2, 12))
    await inTransaction(ctx.db, async (tx) => {
      for (let n = 0; n < 15; n++) await enqueueJob<TestJobs>(tx, { kind: 'test-ok', payload: { n }, now })
    })
    const runs = await Promise.all([run(now), run(now), run(now)])
    expect(runs.reduce((sum, r) => sum + r.done, 0)).toBe(15)
    expect(seen.map((s) => (s.payload as { n: number }).n).sort((a, b) => a - b)).toEqual([...Array(15).keys()])
  })
})

describe('failures', () => {
  test('a failing job is retried after growing waits and succeeds when the provider recovers', async () => {
    seen = []
    const start = new Date(Date.UTC(2027, 0, 3, 12))
    const id = await inTransaction(ctx.db, (tx) => enqueueJob<TestJobs>(tx, { kind: 'test-flaky', payload: { key: 'recovers', failTimes: 2 }, now: start }))
    expect(await run(start)).toMatchObject({ retried: 1 })
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'The provider answered 503 (try 1).' })
    // Not due again before its wait is over.
    expect(await run(new Date(start.getTime() + 30_000))).toEqual({ done: 0, retried: 0, dead: 0 })
    expect(await run(new Date(start.getTime() + JOB_POLICY.retryMinutes[0] * MINUTE))).toMatchObject({ retried: 1 })
    expect(await run(new Date(start.getTime() + (JOB_POLICY.retryMinutes[0] + JOB_POLICY.retryMinutes[1]) * MINUTE))).toMatchObject({ done: 1 })
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3])
    expect(await statusOf(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null })
  })

  test('after its last attempt a job is dead on the dashboard; an admin retries it and it runs again', async () => {
    // A job of the site's own kind, while its provider is down; once retried, the app's own
    // handler runs it: it finds no such refund, and so is done.
    const providerDown: JobHandlers = {
      ...ctx.jobHandlers,
      'provider-refund': async (_payload, attempt) => {
        throw new Error(`The provider answered 503 (try ${attempt.attempt}).`)
      },
    }
    let now = new Date(Date.UTC(2027, 0, 4, 12))
    const id = await inTransaction(ctx.db, (tx) => enqueueJob(tx, { kind: 'provider-refund', payload: { refundId: randomUUID() }, now }))
    for (let attempt = 1; attempt <= JOB_POLICY.maxAttempts; attempt++) {
      await runDueJobs(ctx.db, now, providerDown)
      now = new Date(now.getTime() + 24 * 60 * MINUTE)
    }
    expect(await statusOf(id)).toMatchObject({ status: 'dead', attempts: JOB_POLICY.maxAttempts })
    expect(await runDueJobs(ctx.db, now, providerDown)).toEqual({ done: 0, retried: 0, dead: 0 })

    const admin = await createUser(ctx, 'admin')
    const dashboard = await admin.client.get<DashboardSummary>('/api/dashboard')
    expect(dashboard.status, dashboard.text).toBe(200)
    expect(dashboard.body.jobs.failing).toContainEqual(
      expect.objectContaining({ id, kind: 'provider-refund', status: 'dead', attempts: JOB_POLICY.maxAttempts, lastError: `The provider answered 503 (try ${JOB_POLICY.maxAttempts}).`, nextRunAt: null }),
    )

    const employee = await createUser(ctx, 'employee')
    expect((await employee.client.post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(403)
    const retried = await admin.client.post(`/api/admin/jobs/${id}/retry`, {})
    expect(retried.status, retried.text).toBe(200)
    expect((await admin.client.post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(404)
    // The app's own runner may take it first: either way it runs once more and is done.
    await runDueJobs(ctx.db, new Date(), ctx.jobHandlers)
    expect(await statusOf(id)).toMatchObject({ status: 'done', attempts: 1 })
  })

  test('a job of a kind nobody handles fails with that reason rather than vanishing', async () => {
    const now = new Date(Date.UTC(2027, 0, 5, 12))
    const id = await inTransaction(ctx.db, (tx) => enqueueJob<{ 'test-unknown': object }>(tx, { kind: 'test-unknown', payload: {}, now }))
    await run(now)
    expect(await statusOf(id)).toMatchObject({ status: 'pending', lastError: 'No handler is registered for jobs of kind "test-unknown".' })
  })
})
