import http from 'node:http'
import type net from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from './fake-stripe.ts'

/**
 * The fake Stripe answers the real `stripe` library as Stripe would, and its webhooks pass the
 * library's own signature check: the site's payment code can then be tested against it alone.
 */

interface Received {
  body: string
  signature: string
  event: Stripe.Event
}

/** The site's webhook route in miniature: keeps each raw body and answers `status`. */
interface Receiver {
  url: string
  received: Received[]
  status: number
  close(): Promise<void>
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const receiver = { url: '', received, status: 200, close: () => Promise.resolve() }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const signature = String(req.headers['stripe-signature'])
      received.push({ body, signature, event: JSON.parse(body) as Stripe.Event })
      res.writeHead(receiver.status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/api/stripe/webhook`
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()))
  return receiver
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

const sessionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { price_data: { currency: 'usd', unit_amount: 4500, product_data: { name: 'Spring Soccer League — registration' } }, quantity: 1 },
    { price_data: { currency: 'usd', unit_amount: 1250, product_data: { name: 'Jersey' } }, quantity: 2 },
  ],
  client_reference_id: 'reg_42',
  metadata: { registrationId: 'reg_42' },
  payment_intent_data: { metadata: { registrationId: 'reg_42' } },
  success_url: 'http://facility.test/payments/done?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://facility.test/payments/cancelled',
  expires_at: nowSeconds() + 31 * 60,
  customer_email: 'parent@example.com',
  ...overrides,
})

/** The error a call raised, for assertions on its class and Stripe's fields. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error
    throw error
  }
  throw new Error('the call succeeded')
}

let fake: FakeStripe
let stripe: Stripe
let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
  fake = await startFakeStripe({ webhookUrl: receiver.url })
  stripe = new Stripe(fake.secretKey, { ...fake.clientOptions, maxNetworkRetries: 0 })
})
afterAll(async () => {
  await fake.close()
  await receiver.close()
})

const receivedFor = (objectId: string) => receiver.received.filter(({ event }) => (event.data.object as { id?: string }).id === objectId)

describe('creating a Checkout Session', () => {
  test('answers an open session priced from its line items, with the hosted page on the fake', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams())

    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 7000,
      amount_subtotal: 7000,
      currency: 'usd',
      client_reference_id: 'reg_42',
      metadata: { registrationId: 'reg_42' },
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      url: `${fake.url}/pay/${session.id}`,
      customer_email: 'parent@example.com',
      livemode: false,
      mode: 'payment',
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(fake.session(session.id)?.line_items).toEqual([
      { name: 'Spring Soccer League — registration', currency: 'usd', unit_amount: 4500, quantity: 1 },
      { name: 'Jersey', currency: 'usd', unit_amount: 1250, quantity: 2 },
    ])
    expect(fake.session(session.id)?.payment_intent_metadata).toEqual({ registrationId: 'reg_42' })
  })

  test('the same Idempotency-Key and parameters answer the first session; other parameters are refused', async () => {
    const params = sessionParams()
    const idempotencyKey = `job-${Math.random()}`
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey })
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey })

    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    const error = await refusal(stripe.checkout.sessions.create({ ...params, client_reference_id: 'reg_43' }, { idempotencyKey }))
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(error.statusCode).toBe(400)
    expect(error.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with/)
    expect(fake.sessions().filter((session) => session.id === first.id)).toHaveLength(1)
  })

  test.each([
    ['success_url', { success_url: undefined }, /Missing required param: success_url/],
    ['expires_at', { expires_at: nowSeconds() + 10 * 60 }, /at least 30 minutes/],
    ['expires_at', { expires_at: nowSeconds() + 25 * 3600 }, /less than 24 hours/],
    ['line_items', { line_items: [{ price_data: { currency: 'usd', unit_amount: 0, product_data: { name: 'Free' } }, quantity: 1 }] }, /at least \$0\.50/],
    ['line_items[0][quantity]', { line_items: [{ price_data: { currency: 'usd', unit_amount: 4500, product_data: { name: 'Fee' } } }] }, /Missing required param/],
    ['customer_email', { customer_email: 'not an email' }, /Invalid email address/],
  ])('a request without a valid %s is refused as Stripe refuses it', async (param, overrides, message) => {
    const error = await refusal(stripe.checkout.sessions.create(sessionParams(overrides as Partial<Stripe.Checkout.SessionCreateParams>)))

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error.statusCode).toBe(400)
    expect(error.param).toBe(param)
    expect(error.message).toMatch(message)
  })

  test('a wrong secret key is refused with 401', async () => {
    const stranger = new Stripe('sk_test_somebody_else_0000', { ...fake.clientOptions, maxNetworkRetries: 0 })
    const error = await refusal(stranger.checkout.sessions.create(sessionParams()))

    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/)
  })

  test('an unknown path answers 404 in Stripe’s error shape', async () => {
    const res = await fetch(`${fake.url}/v1/customers`, { headers: { Authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}` } })

    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/customers\)/) } })
  })
})

describe('a session paid, expired or retrieved', () => {
  test('paying completes it; retrieve expands the PaymentIntent and its charge’s card', async () => {
    const created = await stripe.checkout.sessions.create(sessionParams())
    await fake.pay(created.id, { card: { brand: 'mastercard', last4: '4444' } })

    const session = await stripe.checkout.sessions.retrieve(created.id, { expand: ['payment_intent', 'payment_intent.latest_charge'] })
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', url: null })
    const intent = session.payment_intent as Stripe.PaymentIntent
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount_received: 7000, metadata: { registrationId: 'reg_42' } })
    const charge = intent.latest_charge as Stripe.Charge
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'mastercard', last4: '4444' })
    expect(fake.session(created.id)?.payment_intent).toBe(intent.id)

    const plain = await stripe.checkout.sessions.retrieve(created.id)
    expect(plain.payment_intent).toBe(intent.id)
  })

  test('an unknown session is a 404 resource_missing', async () => {
    const error = await refusal(stripe.checkout.sessions.retrieve('cs_test_nobody'))

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nobody'" })
  })

  test('expiring an open session answers it expired and sends checkout.session.expired; a second expire is refused', async () => {
    const created = await stripe.checkout.sessions.create(sessionParams())
    const expired = await stripe.checkout.sessions.expire(created.id)
    await fake.settled()

    expect(expired).toMatchObject({ status: 'expired', url: null })
    expect(receivedFor(created.id).map(({ event }) => event.type)).toEqual(['checkout.session.expired'])
    const error = await refusal(stripe.checkout.sessions.expire(created.id))
    expect(error.message).toMatch(/status of "expired"/)
    expect(await (await fetch(`${fake.url}/pay/${created.id}`)).text()).toContain('This checkout session has expired.')
  })

  test('a bank debit completes unpaid, then settles with async_payment_succeeded or _failed', async () => {
    const settles = await stripe.checkout.sessions.create(sessionParams())
    const fails = await stripe.checkout.sessions.create(sessionParams())
    await fake.pay(settles.id, { async: true })
    await fake.pay(fails.id, { async: true })

    expect(fake.session(settles.id)).toMatchObject({ status: 'complete', payment_status: 'unpaid' })
    await fake.settleAsync(settles.id, 'succeeded')
    await fake.settleAsync(fails.id, 'failed')
    expect(receivedFor(settles.id).map(({ event }) => event.type)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
    expect(receivedFor(fails.id).map(({ event }) => event.type)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_failed'])
    expect(fake.session(settles.id)?.payment_status).toBe('paid')
    expect(fake.session(fails.id)?.payment_status).toBe('unpaid')
  })
})

describe('refunds', () => {
  async function paidIntent(): Promise<string> {
    const session = await stripe.checkout.sessions.create(sessionParams())
    await fake.pay(session.id)
    return fake.session(session.id)!.payment_intent!
  }

  test('a refund is pending until it settles, then refund.updated and charge.refunded follow', async () => {
    const paymentIntent = await paidIntent()
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 2000, metadata: { jobId: 'job_1' }, reason: 'requested_by_customer' })
    await fake.settled()

    expect(refund).toMatchObject({ object: 'refund', status: 'pending', amount: 2000, payment_intent: paymentIntent, metadata: { jobId: 'job_1' } })
    expect(refund.id).toMatch(/^re_/)
    expect(receivedFor(refund.id).map(({ event }) => event.type)).toEqual(['refund.created'])

    await fake.settleRefund(refund.id, 'succeeded')
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe('succeeded')
    expect(receivedFor(refund.id).map(({ event }) => event.type)).toEqual(['refund.created', 'refund.updated'])
    const charge = receivedFor(refund.charge as string).map(({ event }) => event)
    expect(charge.map((event) => event.type)).toEqual(['charge.refunded'])
    expect(charge[0]?.data.object).toMatchObject({ amount_refunded: 2000, refunded: false })
  })

  test('told to, it answers a refund failed at once, sends refund.failed, and leaves the charge to refund again', async () => {
    const paymentIntent = await paidIntent()
    fake.answerRefunds('failed')
    const failed = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 2000 })
    fake.answerRefunds('pending')
    await fake.settled()

    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' })
    expect(receivedFor(failed.id).map(({ event }) => event.type)).toEqual(['refund.created', 'refund.failed'])
    expect((await stripe.refunds.create({ payment_intent: paymentIntent, amount: 7000 })).status).toBe('pending')
  })

  test('more than is left of the charge is refused with Stripe’s message', async () => {
    const paymentIntent = await paidIntent()
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 2000 })
    const error = await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 6000 }))

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error.message).toBe('Refund amount ($60.00) is greater than unrefunded amount on charge ($50.00)')
  })

  test('without an amount the rest is refunded; a failed refund gives its amount back', async () => {
    const paymentIntent = await paidIntent()
    const first = await stripe.refunds.create({ payment_intent: paymentIntent })
    expect(first.amount).toBe(7000)

    await fake.settleRefund(first.id, 'failed')
    const second = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 7000 })
    expect(fake.refunds().find((refund) => refund.id === first.id)?.status).toBe('failed')
    expect(second.status).toBe('pending')
  })
})

describe('listing events', () => {
  test('created[gt] picks the later events, newest first', async () => {
    let clock = Date.parse('2031-05-01T12:00:00Z')
    const timed = await startFakeStripe({ now: () => clock })
    const client = new Stripe(timed.secretKey, { ...timed.clientOptions, maxNetworkRetries: 0 })
    try {
      const params = () => sessionParams({ expires_at: Math.floor(clock / 1000) + 3600 })
      const early = await client.checkout.sessions.create(params())
      await timed.expire(early.id)
      clock += 5000
      const late = await client.checkout.sessions.create(params())
      const later = await client.checkout.sessions.create(params())
      await timed.expire(late.id)
      await timed.expire(later.id)

      const listed = await client.events.list({ created: { gt: Math.floor(clock / 1000) - 1 } })
      expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/events' })
      expect(listed.data.map((event) => (event.data.object as { id: string }).id)).toEqual([later.id, late.id])
    } finally {
      await timed.close()
    }
  })

  test('autoPagingEach walks every page, newest first, filtered by type', async () => {
    const own = await startFakeStripe()
    const client = new Stripe(own.secretKey, { ...own.clientOptions, maxNetworkRetries: 0 })
    try {
      for (let i = 0; i < 23; i++) await own.expire((await client.checkout.sessions.create(sessionParams())).id)
      const paid = await client.checkout.sessions.create(sessionParams())
      await own.pay(paid.id)

      const seen: string[] = []
      await client.events.list({ limit: 10, types: ['checkout.session.expired'] }).autoPagingEach((event) => {
        seen.push(event.id)
      })
      const expected = own.events().filter((event) => event.type === 'checkout.session.expired').map((event) => event.id).reverse()
      expect(seen).toEqual(expected)
      expect(seen).toHaveLength(23)
      expect((await client.events.retrieve(expected[0]!)).type).toBe('checkout.session.expired')
    } finally {
      await own.close()
    }
  })
})

describe('webhooks', () => {
  test('each event arrives signed: the library verifies it with the webhook secret, and refuses another secret', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams())
    await fake.pay(session.id)
    const [delivery] = receivedFor(session.id)

    expect(fake.webhookSecret).toBe(FAKE_STRIPE_WEBHOOK_SECRET)
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, fake.webhookSecret)
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', livemode: false, api_version: Stripe.API_VERSION })
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: 'paid', client_reference_id: 'reg_42' })
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_wrong')).toThrow(Stripe.errors.StripeSignatureVerificationError)
  })

  test('held events are delivered when asked, shuffled and twice each', async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => stripe.checkout.sessions.create(sessionParams())))
    fake.holdDeliveries(true)
    try {
      for (const session of sessions) await fake.pay(session.id)
      expect(sessions.flatMap((session) => receivedFor(session.id))).toHaveLength(0)

      const statuses = await fake.deliverHeld({ shuffle: true, times: 2, seed: 7 })
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
      for (const session of sessions) expect(receivedFor(session.id)).toHaveLength(2)
    } finally {
      fake.holdDeliveries(false)
    }
  })

  test('the site’s answer is recorded, a site that is down is status 0, and redeliver sends an event again', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams())
    receiver.status = 500
    try {
      await fake.pay(session.id)
    } finally {
      receiver.status = 200
    }
    const [completed] = fake.events().filter((event) => (event.data.object as { id: string }).id === session.id)
    expect(fake.deliveries().filter((delivery) => delivery.eventId === completed!.id).map((d) => d.status)).toEqual([500])
    expect(await fake.redeliver(completed!.id)).toBe(200)

    fake.setWebhookUrl('http://127.0.0.1:9/nobody-listens')
    try {
      const other = await stripe.checkout.sessions.create(sessionParams())
      await fake.pay(other.id)
      expect(fake.deliveries().at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 0 })
    } finally {
      fake.setWebhookUrl(receiver.url)
    }
  })
})

describe('the hosted payment page', () => {
  test('shows the items and the total; Decline keeps the session open, Pay redirects to success_url', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams())
    const html = await (await fetch(session.url!)).text()
    expect(html).toContain('<h1>Test payment</h1>')
    expect(html).toContain('Spring Soccer League — registration')
    expect(html).toContain('$25.00')
    expect(html).toContain('$70.00')

    const declined = await fetch(`${fake.url}/pay/${session.id}/decline`, { method: 'POST' })
    expect(await declined.text()).toContain('Your card was declined.')
    expect(fake.session(session.id)?.status).toBe('open')
    expect(receivedFor(session.id)).toHaveLength(0)

    const paid = await fetch(`${fake.url}/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://facility.test/payments/done?session=${session.id}`)
    expect(receivedFor(session.id).map(({ event }) => event.type)).toEqual(['checkout.session.completed'])
    expect(await (await fetch(session.url!)).text()).toContain('This payment is complete.')
  })

  test('with webhookDelayMs the customer is back before the webhook', async () => {
    const delayed = await startFakeStripe({ webhookUrl: receiver.url, webhookDelayMs: 300 })
    const client = new Stripe(delayed.secretKey, { ...delayed.clientOptions, maxNetworkRetries: 0 })
    try {
      const session = await client.checkout.sessions.create(sessionParams())
      const paid = await fetch(`${delayed.url}/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' })

      expect(paid.status).toBe(303)
      expect(receivedFor(session.id)).toHaveLength(0)
      await delayed.settled()
      expect(receivedFor(session.id).map(({ event }) => event.type)).toEqual(['checkout.session.completed'])
    } finally {
      await delayed.close()
    }
  })
})
