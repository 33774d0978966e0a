import { parseArgs } from 'node:util'
import { startFakeStripe } from './fake-stripe.ts'

/**
 * The fake Stripe as a process of its own, for Playwright's webServer:
 *   tsx tests/fake-stripe-main.ts --port 12111 --webhook-url http://127.0.0.1:3917/api/stripe/webhook
 * The site is started with FAKE_STRIPE_SECRET_KEY and FAKE_STRIPE_WEBHOOK_SECRET as its keys.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    'webhook-url': { type: 'string' },
    'webhook-delay-ms': { type: 'string', default: '0' },
  },
})

const port = Number(values.port)
const webhookDelayMs = Number(values['webhook-delay-ms'])
if (!Number.isInteger(port) || !Number.isInteger(webhookDelayMs) || webhookDelayMs < 0) {
  console.error('usage: tsx tests/fake-stripe-main.ts [--port 12111] [--webhook-url URL] [--webhook-delay-ms 0]')
  process.exit(2)
}

const fake = await startFakeStripe({ port, webhookDelayMs, ...(values['webhook-url'] ? { webhookUrl: values['webhook-url'] } : {}) })
console.log(`fake stripe listening on ${fake.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0))
  })
}
