import { afterAll, beforeAll, expect, test } from 'vitest'
import Stripe from 'stripe'
import { FAKE_STRIPE_WEBHOOK_SECRET } from '../../../../tests/fake-stripe.ts'
import { startPayingApp } from '../../../../tests/paying-app.ts'
import type { TestApp } from '../../../../tests/test-app.ts'

/* Stripe's webhook on a site paying online through the fake Stripe: only events it signed are read. SQLite and PostgreSQL. */
let ctx: TestApp
let close: () => Promise<void>
beforeAll(async () => {
  ;({ ctx, close } = await startPayingApp())
})
afterAll(() => close())

test('a forged or stale signature is refused, and nothing is recorded', async () => {
  const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: {} } })
  const post = (signature: string) => fetch(`${ctx.baseUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload })
  const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
  const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 })
  for (const signature of [forged, stale, 'nonsense', '']) {
    const res = await post(signature)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('The signature of this event is not valid.')
  }
  expect(await ctx.db.kysely.selectFrom('paymentEvents').select('id').where('id', '=', 'evt_forged').executeTakeFirst()).toBeUndefined()
})
