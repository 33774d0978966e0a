import { vi } from 'vitest'
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeRefund, type FakeStripe } from './fake-stripe.ts'
import { startTestApp, type TestApp } from './test-app.ts'
import { runDueJobs } from '../src/server/core/jobs.ts'
import type { Payments } from '../src/server/features/checkout/payment-events.ts'
import { createStripeProvider } from '../src/server/features/stripe/stripe-provider.ts'

/**
 * The site taking payment online from a fake Stripe of its own (tests/fake-stripe.ts), whose
 * webhooks come back to it: what the checkout tests stand on. `now` moves both clocks; a
 * `logStream` receives the site's warnings.
 */
export async function startPayingApp(options: { now?: () => Date; logStream?: { write(line: string): void } } = {}): Promise<{ ctx: TestApp; fake: FakeStripe; close(): Promise<void> }> {
  const { now, logStream } = options
  const fake = await startFakeStripe(now ? { now: () => now().getTime() } : {})
  const ctx = await startTestApp({
    now,
    logStream,
    // Given somewhere to go, the warnings are written (tests read them).
    env: { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: fake.url, ...(logStream && { LOG_LEVEL: 'warn' }) },
  })
  fake.setWebhookUrl(`${ctx.baseUrl}/api/stripe/webhook`)
  return {
    ctx,
    fake,
    close: async () => {
      await ctx.close()
      await fake.close()
    },
  }
}

/** What the sweep and the reconciliation run on, against the paying site's Stripe and its clock, quiet. */
export function stripeEventsOf(ctx: TestApp, clock: () => Date): Payments {
  return {
    db: ctx.db,
    provider: createStripeProvider(ctx.config.stripe!),
    timeZone: ctx.config.site.timeZone,
    ctx: () => ({ now: clock(), claimWindowMs: ctx.config.claimWindowMs, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds }),
    log: { warn() {}, error() {} },
  }
}

/**
 * The refunds Stripe was asked for that `match` picks, once the jobs due now have run: the site's
 * own job runner may have claimed a job a moment before the test ran them, so this waits for it.
 */
export async function refundsAskedOf(ctx: TestApp, fake: FakeStripe, match: (refund: FakeRefund) => boolean): Promise<FakeRefund[]> {
  await runDueJobs(ctx.db, new Date(), ctx.jobHandlers)
  return vi.waitFor(() => {
    const asked = fake.refunds().filter(match)
    if (asked.length === 0) throw new Error('Stripe has not been asked for the refund yet')
    return asked
  })
}
