import { randomBytes } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type net from 'node:net'
import qs from 'qs'
import Stripe from 'stripe'

/**
 * A stand-in for the part of Stripe's API the site uses (Checkout Sessions, refunds, events),
 * so no test reaches the network. The real `stripe` library talks to it through its `host`,
 * `port` and `protocol` options, and the site receives webhooks signed by the real library.
 * State lives in memory; every answer has Stripe's shape, errors included, because the site's
 * code reads them through the library exactly as it would read Stripe's.
 *
 *   const fake = await startFakeStripe({ webhookUrl: `${site.baseUrl}/api/stripe/webhook` })
 *   const stripe = new Stripe(fake.secretKey, fake.clientOptions)   // what the site is given
 *   await fake.pay(sessionId)                                       // the customer pays
 */

/** The only key the fake accepts; fixed so a site started in another process can be given it. */
export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc'
/** Signs every webhook; the site's webhook secret must be set to it. */
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_8cd2b3b56a7f4e0e9f6d3c1a2b4e5f60'

export interface FakeLineItem {
  name: string
  currency: string
  unit_amount: number
  quantity: number
}

export interface FakeSession {
  id: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid'
  amount_total: number
  amount_subtotal: number
  currency: string
  client_reference_id: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  payment_intent_metadata: Record<string, string>
  customer_email: string | null
  success_url: string
  cancel_url: string | null
  expires_at: number
  created: number
  payment_method_types: string[]
  line_items: FakeLineItem[]
}

export interface FakeRefund {
  id: string
  amount: number
  currency: string
  status: 'pending' | 'succeeded' | 'failed'
  payment_intent: string
  charge: string
  metadata: Record<string, string>
  reason: string | null
  created: number
}

/** One POST of one event to the webhook URL; status 0 when the site could not be reached. */
export interface FakeDelivery {
  eventId: string
  type: string
  status: number
}

export interface FakeStripeOptions {
  /** 0 (the default) takes a free port. */
  port?: number
  webhookUrl?: string
  /** The hosted page's Pay delivers checkout.session.completed this long after the redirect. */
  webhookDelayMs?: number
  /** Stripe's clock in epoch milliseconds, for a site whose tests move time on. */
  now?: () => number
}

export interface FakeStripe {
  readonly url: string
  readonly secretKey: string
  readonly webhookSecret: string
  /** Options for `new Stripe(secretKey, options)`. */
  readonly clientOptions: { host: string; port: number; protocol: 'http' }
  setWebhookUrl(url: string): void
  sessions(): FakeSession[]
  session(id: string): FakeSession | undefined
  refunds(): FakeRefund[]
  /** Every event generated, oldest first. */
  events(): Stripe.Event[]
  /** Every webhook POST made, in order. */
  deliveries(): FakeDelivery[]
  /**
   * As if the customer paid on the hosted page: the session completes (a PaymentIntent and a
   * Charge are made) and checkout.session.completed is delivered. `async`: a bank debit, completed
   * 'unpaid' until settleAsync.
   */
  pay(sessionId: string, opts?: { async?: boolean; card?: { brand: string; last4: string } }): Promise<void>
  /** A bank debit settles: checkout.session.async_payment_succeeded or _failed. */
  settleAsync(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<void>
  /** As if the session ran out unpaid: checkout.session.expired. */
  expire(sessionId: string): Promise<void>
  /** A pending refund settles: refund.updated, then charge.refunded (succeeded) or refund.failed. */
  settleRefund(refundId: string, outcome: 'succeeded' | 'failed'): Promise<void>
  /**
   * How refunds asked for from now on are answered: 'pending' (the default, settled later by
   * settleRefund) or 'failed' at once, as Stripe answers a refund to a card closed since
   * (refund.created, then refund.failed).
   */
  answerRefunds(status: 'pending' | 'failed'): void
  /** Held: events are kept until deliverHeld instead of POSTed when they happen. */
  holdDeliveries(held: boolean): void
  /**
   * Delivers the held events (or those of `eventIds`), one at a time: each `times` times (all of
   * them once, then all again), the whole list shuffled by `seed` when asked. Answers each status.
   */
  deliverHeld(opts?: { shuffle?: boolean; times?: number; seed?: number; eventIds?: string[] }): Promise<number[]>
  /** Sends one event again, as Stripe's retries and the dashboard's "Resend" do. */
  redeliver(eventId: string): Promise<number>
  /** Resolves when every delivery under way, a delayed one included, has finished. */
  settled(): Promise<void>
  close(): Promise<void>
}

type Json = Record<string, unknown>

interface PaymentIntentRecord {
  id: string
  amount: number
  currency: string
  status: 'processing' | 'succeeded' | 'requires_payment_method'
  metadata: Record<string, string>
  latest_charge: string
  payment_method_type: string
  created: number
}

interface ChargeRecord {
  id: string
  amount: number
  currency: string
  status: 'pending' | 'succeeded' | 'failed'
  payment_intent: string
  email: string | null
  method: Json
  created: number
}

interface EventRecord {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: Json; previous_attributes?: Json }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}

/** What an API request caused; events it made are delivered after the answer is sent. */
interface RequestContext {
  requestId: string
  idempotencyKey: string | null
  events: EventRecord[]
}

interface Answer {
  status: number
  body: Json
}

/** A refusal in Stripe's error shape, which the library turns into its typed errors. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message))
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) })

const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param })

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
function newId(prefix: string): string {
  const bytes = randomBytes(24)
  return `${prefix}_${Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`
}

/** Stripe's own way of writing an amount in its refund messages. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

const SESSION_PARAMS = [
  'mode', 'line_items', 'client_reference_id', 'metadata', 'payment_intent_data', 'success_url', 'cancel_url',
  'expires_at', 'customer_email', 'payment_method_types', 'expand', 'locale', 'submit_type', 'billing_address_collection',
]
const PAYMENT_INTENT_DATA_PARAMS = ['metadata', 'description', 'receipt_email', 'statement_descriptor_suffix']
const LINE_ITEM_PARAMS = ['price_data', 'quantity']
const REFUND_PARAMS = ['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand']
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer']
const MIN_CHARGE_CENTS = 50

type Value = qs.ParsedQs[string]

function refuseUnknown(params: qs.ParsedQs, allowed: string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    const name = prefix ? `${prefix}[${key}]` : key
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${name}`, name)
  }
}

function optionalString(value: Value, param: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, param)
  return value
}

function requiredString(value: Value, param: string): string {
  const text = optionalString(value, param)
  if (text === undefined || text === '') throw invalid(`Missing required param: ${param}.`, param)
  return text
}

function optionalInteger(value: Value, param: string): number | undefined {
  const text = optionalString(value, param)
  if (text === undefined) return undefined
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param)
  return Number(text)
}

function optionalObject(value: Value, param: string): qs.ParsedQs | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object`, param)
  return value
}

function stringList(value: Value, param: string): string[] {
  if (value === undefined) return []
  const items: unknown[] = Array.isArray(value) ? value : [value]
  return items.map((item, i) => {
    if (typeof item !== 'string') throw invalid(`Invalid array`, `${param}[${i}]`)
    return item
  })
}

/** Stripe drops a metadata key sent empty, and refuses values that are not strings. */
function metadataFrom(value: Value, param: string): Record<string, string> {
  const object = optionalObject(value, param) ?? {}
  const metadata: Record<string, string> = {}
  for (const [key, item] of Object.entries(object)) {
    if (typeof item !== 'string') throw invalid('Invalid metadata: values must be strings', `${param}[${key}]`)
    if (key.length > 40) throw invalid('Invalid metadata: keys can be at most 40 characters', `${param}[${key}]`)
    if (item.length > 500) throw invalid('Invalid metadata: values can be at most 500 characters', `${param}[${key}]`)
    if (item !== '') metadata[key] = item
  }
  return metadata
}

/** `expand` paths grouped by their first field, refusing a field the resource cannot expand. */
function expansion(paths: string[], expandable: string[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>()
  for (const path of paths) {
    const [head = '', ...rest] = path.split('.')
    if (!expandable.includes(head)) throw invalid(`This property cannot be expanded (${path}).`, 'expand')
    const nested = grouped.get(head) ?? []
    if (rest.length > 0) nested.push(rest.join('.'))
    grouped.set(head, nested)
  }
  return grouped
}

/** A small seeded shuffle, so a test that found an ordering bug can replay it. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0 || 1
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

/** POSTs without keep-alive, so a site's server closes without waiting on the fake's sockets. */
function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  const transport = url.startsWith('https:') ? https : http
  return new Promise((resolve) => {
    const req = transport.request(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: false, timeout: 10_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', () => resolve(0))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
    req.end(body)
  })
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

/** Sorted keys, so two requests with the same parameters in another order compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = opts.now ?? Date.now
  const nowSeconds = () => Math.floor(now() / 1000)
  let webhookUrl = opts.webhookUrl ?? null
  const webhookDelayMs = opts.webhookDelayMs ?? 0
  let baseUrl = ''

  const sessions = new Map<string, FakeSession>()
  const paymentIntents = new Map<string, PaymentIntentRecord>()
  const charges = new Map<string, ChargeRecord>()
  const refunds = new Map<string, FakeRefund>()
  const events: EventRecord[] = []
  const deliveries: FakeDelivery[] = []
  const idempotent = new Map<string, { endpoint: string; params: string; answer: Answer }>()
  let refundAnswer: 'pending' | 'failed' = 'pending'

  // ---- objects as the API renders them

  function renderLineItems(session: FakeSession): Json {
    return {
      object: 'list',
      data: session.line_items.map((item, i) => ({
        id: `li_${session.id.slice(-16)}${i}`,
        object: 'item',
        amount_subtotal: item.unit_amount * item.quantity,
        amount_total: item.unit_amount * item.quantity,
        currency: item.currency,
        description: item.name,
        quantity: item.quantity,
        price: { object: 'price', currency: item.currency, unit_amount: item.unit_amount, type: 'one_time' },
      })),
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    }
  }

  function renderSession(session: FakeSession, expand: string[] = []): Json {
    const expanded = expansion(expand, ['payment_intent', 'line_items'])
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined
    const piExpand = expanded.get('payment_intent')
    return {
      id: session.id,
      object: 'checkout.session',
      amount_subtotal: session.amount_subtotal,
      amount_total: session.amount_total,
      cancel_url: session.cancel_url,
      client_reference_id: session.client_reference_id,
      created: session.created,
      currency: session.currency,
      customer: null,
      customer_details: session.status === 'complete' ? { email: session.customer_email ?? 'customer@example.com', name: 'Test Customer', phone: null } : null,
      customer_email: session.customer_email,
      expires_at: session.expires_at,
      livemode: false,
      metadata: { ...session.metadata },
      mode: 'payment',
      payment_intent: intent && piExpand ? renderPaymentIntent(intent, piExpand) : session.payment_intent,
      payment_method_types: [...session.payment_method_types],
      payment_status: session.payment_status,
      status: session.status,
      success_url: session.success_url,
      ui_mode: 'hosted',
      url: session.status === 'open' ? `${baseUrl}/pay/${session.id}` : null,
      ...(expanded.has('line_items') ? { line_items: renderLineItems(session) } : {}),
    }
  }

  function renderPaymentIntent(intent: PaymentIntentRecord, expand: string[] = []): Json {
    const expanded = expansion(expand, ['latest_charge'])
    const charge = charges.get(intent.latest_charge)!
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: 0,
      amount_received: intent.status === 'succeeded' ? intent.amount : 0,
      capture_method: 'automatic_async',
      created: intent.created,
      currency: intent.currency,
      latest_charge: expanded.has('latest_charge') ? renderCharge(charge) : charge.id,
      livemode: false,
      metadata: { ...intent.metadata },
      payment_method: `pm_${intent.id.slice(3)}`,
      payment_method_types: [intent.payment_method_type],
      status: intent.status,
    }
  }

  /** Pending refunds count as refunded, as on Stripe: the money is already promised back. */
  const refundedOf = (chargeId: string) =>
    [...refunds.values()].filter((r) => r.charge === chargeId && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0)

  function renderCharge(charge: ChargeRecord, expand: string[] = []): Json {
    const expanded = expansion(expand, ['payment_intent'])
    const refunded = refundedOf(charge.id)
    const failed = charge.status === 'failed'
    return {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_captured: charge.status === 'succeeded' ? charge.amount : 0,
      amount_refunded: refunded,
      balance_transaction: charge.status === 'succeeded' ? `txn_${charge.id.slice(3)}` : null,
      billing_details: { email: charge.email, name: 'Test Customer' },
      captured: charge.status === 'succeeded',
      created: charge.created,
      currency: charge.currency,
      failure_code: failed ? 'insufficient_funds' : null,
      failure_message: failed ? 'The account has insufficient funds to cover the payment.' : null,
      livemode: false,
      metadata: {},
      paid: charge.status === 'succeeded',
      payment_intent: expanded.has('payment_intent') ? renderPaymentIntent(paymentIntents.get(charge.payment_intent)!) : charge.payment_intent,
      payment_method_details: charge.method,
      refunded: refunded === charge.amount,
      status: charge.status,
    }
  }

  function renderRefund(refund: FakeRefund, expand: string[] = []): Json {
    const expanded = expansion(expand, ['charge', 'payment_intent'])
    return {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      balance_transaction: refund.status === 'succeeded' ? `txn_${refund.id.slice(3)}` : null,
      charge: expanded.has('charge') ? renderCharge(charges.get(refund.charge)!) : refund.charge,
      created: refund.created,
      currency: refund.currency,
      metadata: { ...refund.metadata },
      payment_intent: expanded.has('payment_intent') ? renderPaymentIntent(paymentIntents.get(refund.payment_intent)!) : refund.payment_intent,
      reason: refund.reason,
      receipt_number: null,
      status: refund.status,
      ...(refund.status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}),
    }
  }

  // ---- events and their delivery

  let lastCreated = 0
  function emit(type: string, object: Json, context: RequestContext | null, previous?: Json): EventRecord {
    // Never earlier than the event before it, so `created` orders events even if the clock steps back.
    lastCreated = Math.max(lastCreated, nowSeconds())
    const event: EventRecord = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: lastCreated,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: context?.requestId ?? null, idempotency_key: context?.idempotencyKey ?? null },
      type,
    }
    events.push(event)
    context?.events.push(event)
    return event
  }

  let held = false
  let closed = false
  const heldEvents: EventRecord[] = []
  // One delivery at a time, in the order events happened, as a test reading the site expects.
  let queue: Promise<unknown> = Promise.resolve()

  async function deliver(event: EventRecord): Promise<number> {
    if (!webhookUrl || closed) return 0
    // Pretty-printed as Stripe sends it: a site that verifies a re-serialized body fails here too.
    const payload = JSON.stringify(event, null, 2)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET, timestamp: nowSeconds() })
    const status = await post(webhookUrl, { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, payload)
    deliveries.push({ eventId: event.id, type: event.type, status })
    if (status >= 200 && status < 300) event.pending_webhooks = 0
    return status
  }

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work)
    queue = run.catch(() => undefined)
    return run
  }

  function dispatch(toSend: EventRecord[], delayMs = 0): Promise<void> {
    if (held) {
      heldEvents.push(...toSend)
      return Promise.resolve()
    }
    return enqueue(async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      for (const event of toSend) await deliver(event)
    })
  }

  // ---- what happens to a session, a payment and a refund

  function openSession(id: string): FakeSession {
    const session = sessions.get(id)
    if (!session) throw new Error(`fake stripe: no session ${id}`)
    if (session.status !== 'open') throw new Error(`fake stripe: session ${id} is ${session.status}, not open`)
    return session
  }

  function complete(session: FakeSession, opts: { async?: boolean; card?: { brand: string; last4: string } }): EventRecord[] {
    const created = nowSeconds()
    const intentId = newId('pi')
    const chargeId = newId(opts.async ? 'py' : 'ch')
    const card = opts.card ?? { brand: 'visa', last4: '4242' }
    charges.set(chargeId, {
      id: chargeId,
      amount: session.amount_total,
      currency: session.currency,
      status: opts.async ? 'pending' : 'succeeded',
      payment_intent: intentId,
      email: session.customer_email,
      created,
      method: opts.async
        ? { type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', account_holder_type: 'individual' } }
        : { type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date(now()).getUTCFullYear() + 3, funding: 'credit', country: 'US' } },
    })
    paymentIntents.set(intentId, {
      id: intentId,
      amount: session.amount_total,
      currency: session.currency,
      status: opts.async ? 'processing' : 'succeeded',
      metadata: { ...session.payment_intent_metadata },
      latest_charge: chargeId,
      payment_method_type: opts.async ? 'us_bank_account' : 'card',
      created,
    })
    session.status = 'complete'
    session.payment_status = opts.async ? 'unpaid' : 'paid'
    session.payment_intent = intentId
    return [emit('checkout.session.completed', renderSession(session), null)]
  }

  function expireSession(session: FakeSession, context: RequestContext | null): EventRecord {
    session.status = 'expired'
    return emit('checkout.session.expired', renderSession(session), context)
  }

  function settle(sessionId: string, outcome: 'succeeded' | 'failed'): EventRecord {
    const session = sessions.get(sessionId)
    const intent = session?.payment_intent ? paymentIntents.get(session.payment_intent) : undefined
    if (!session || !intent || intent.status !== 'processing') throw new Error(`fake stripe: session ${sessionId} has no bank debit waiting to settle`)
    const charge = charges.get(intent.latest_charge)!
    intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method'
    charge.status = outcome
    if (outcome === 'succeeded') session.payment_status = 'paid'
    return emit(`checkout.session.async_payment_${outcome}`, renderSession(session), null)
  }

  function settleRefundNow(refundId: string, outcome: 'succeeded' | 'failed'): EventRecord[] {
    const refund = refunds.get(refundId)
    if (!refund || refund.status !== 'pending') throw new Error(`fake stripe: no pending refund ${refundId}`)
    refund.status = outcome
    const settled = [emit('refund.updated', renderRefund(refund), null, { status: 'pending' })]
    if (outcome === 'succeeded') settled.push(emit('charge.refunded', renderCharge(charges.get(refund.charge)!), null))
    else settled.push(emit('refund.failed', renderRefund(refund), null))
    return settled
  }

  // ---- the HTTP API

  function createSession(params: qs.ParsedQs): Answer {
    refuseUnknown(params, SESSION_PARAMS)
    const mode = requiredString(params.mode, 'mode')
    if (mode !== 'payment') throw invalid(`The fake Stripe supports mode=payment only, not ${mode}.`, 'mode')
    const successUrl = requiredString(params.success_url, 'success_url')
    const cancelUrl = optionalString(params.cancel_url, 'cancel_url') ?? null
    for (const [param, value] of [['success_url', successUrl], ['cancel_url', cancelUrl]] as const) {
      if (value !== null && !URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'))) throw invalid('Not a valid URL', param)
    }
    const rawItems = params.line_items
    if (rawItems === undefined) throw invalid('line_items is required in `payment` mode.', 'line_items')
    if (!Array.isArray(rawItems) || rawItems.length === 0) throw invalid('Invalid array', 'line_items')
    const lineItems = rawItems.map((raw, i): FakeLineItem => {
      const prefix = `line_items[${i}]`
      const item = optionalObject(raw, prefix) ?? {}
      refuseUnknown(item, LINE_ITEM_PARAMS, prefix)
      const priceData = optionalObject(item.price_data, `${prefix}[price_data]`)
      if (!priceData) throw invalid(`Missing required param: ${prefix}[price_data].`, `${prefix}[price_data]`)
      const currency = requiredString(priceData.currency, `${prefix}[price_data][currency]`).toLowerCase()
      if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, `${prefix}[price_data][currency]`)
      const unitAmount = optionalInteger(priceData.unit_amount, `${prefix}[price_data][unit_amount]`)
      if (unitAmount === undefined) throw invalid(`Missing required param: ${prefix}[price_data][unit_amount].`, `${prefix}[price_data][unit_amount]`)
      if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', `${prefix}[price_data][unit_amount]`)
      const product = optionalObject(priceData.product_data, `${prefix}[price_data][product_data]`)
      const name = requiredString(product?.name, `${prefix}[price_data][product_data][name]`)
      const quantity = optionalInteger(item.quantity, `${prefix}[quantity]`)
      if (quantity === undefined) throw invalid(`Missing required param: ${prefix}[quantity].`, `${prefix}[quantity]`)
      if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `${prefix}[quantity]`)
      return { name, currency, unit_amount: unitAmount, quantity }
    })
    const currency = lineItems[0]!.currency
    if (lineItems.some((item) => item.currency !== currency)) throw invalid('All line items must be in the same currency.', 'line_items')
    const total = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0)
    if (total < MIN_CHARGE_CENTS) throw invalid(`The Checkout Session's total amount due must add up to at least ${dollars(MIN_CHARGE_CENTS)} ${currency}`, 'line_items')

    const created = nowSeconds()
    const expiresAt = optionalInteger(params.expires_at, 'expires_at') ?? created + 24 * 3600
    // Stripe's bounds with a minute of slack, as a site computing "now + 30 min" a moment early would get.
    if (expiresAt < created + 30 * 60 - 60) throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at')
    if (expiresAt > created + 24 * 3600 + 60) throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at')
    const email = optionalString(params.customer_email, 'customer_email') ?? null
    if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalid(`Invalid email address: ${email}`, 'customer_email')
    const clientReferenceId = optionalString(params.client_reference_id, 'client_reference_id') ?? null
    if (clientReferenceId !== null && clientReferenceId.length > 200) throw invalid('client_reference_id can be at most 200 characters.', 'client_reference_id')
    const intentData = optionalObject(params.payment_intent_data, 'payment_intent_data') ?? {}
    refuseUnknown(intentData, PAYMENT_INTENT_DATA_PARAMS, 'payment_intent_data')
    const methodTypes = stringList(params.payment_method_types, 'payment_method_types')

    const session: FakeSession = {
      id: newId('cs_test'),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      amount_subtotal: total,
      currency,
      client_reference_id: clientReferenceId,
      metadata: metadataFrom(params.metadata, 'metadata'),
      payment_intent: null,
      payment_intent_metadata: metadataFrom(intentData.metadata, 'payment_intent_data[metadata]'),
      customer_email: email,
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
      created,
      payment_method_types: methodTypes.length > 0 ? methodTypes : ['card'],
      line_items: lineItems,
    }
    sessions.set(session.id, session)
    return { status: 200, body: renderSession(session, stringList(params.expand, 'expand')) }
  }

  function createRefund(params: qs.ParsedQs, context: RequestContext): Answer {
    refuseUnknown(params, REFUND_PARAMS)
    const intentId = optionalString(params.payment_intent, 'payment_intent')
    const chargeId = optionalString(params.charge, 'charge')
    if (!intentId && !chargeId) throw invalid('One of `charge` or `payment_intent` is required.')
    let charge: ChargeRecord | undefined
    if (intentId) {
      const intent = paymentIntents.get(intentId)
      if (!intent) throw missing('payment_intent', intentId, 'payment_intent')
      charge = charges.get(intent.latest_charge)
      if (chargeId && chargeId !== charge?.id) throw invalid(`The charge ${chargeId} does not belong to the PaymentIntent ${intentId}.`, 'charge')
    } else if (chargeId) {
      charge = charges.get(chargeId)
      if (!charge) throw missing('charge', chargeId, 'charge')
    }
    if (!charge || charge.status !== 'succeeded') {
      throw invalid(`This PaymentIntent (${charge?.payment_intent ?? intentId}) does not have a successful charge to refund.`, intentId ? 'payment_intent' : 'charge')
    }
    const left = charge.amount - refundedOf(charge.id)
    if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded')
    const amount = optionalInteger(params.amount, 'amount') ?? left
    if (amount < 1) throw invalid('Invalid positive integer', 'amount')
    if (amount > left) throw invalid(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, 'amount')
    const reason = optionalString(params.reason, 'reason') ?? null
    if (reason !== null && !REFUND_REASONS.includes(reason)) throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, 'reason')
    const refund: FakeRefund = {
      id: newId('re'),
      amount,
      currency: charge.currency,
      status: refundAnswer,
      payment_intent: charge.payment_intent,
      charge: charge.id,
      metadata: metadataFrom(params.metadata, 'metadata'),
      reason,
      created: nowSeconds(),
    }
    refunds.set(refund.id, refund)
    emit('refund.created', renderRefund(refund), context)
    if (refund.status === 'failed') emit('refund.failed', renderRefund(refund), context)
    return { status: 200, body: renderRefund(refund, stringList(params.expand, 'expand')) }
  }

  function createdFilter(value: Value): (created: number) => boolean {
    if (value === undefined) return () => true
    if (typeof value === 'string') {
      const exact = optionalInteger(value, 'created')
      return (created) => created === exact
    }
    const range = optionalObject(value, 'created') ?? {}
    refuseUnknown(range, ['gt', 'gte', 'lt', 'lte'], 'created')
    const bound = (key: string) => optionalInteger(range[key], `created[${key}]`)
    const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')]
    return (created) =>
      (gt === undefined || created > gt) && (gte === undefined || created >= gte) && (lt === undefined || created < lt) && (lte === undefined || created <= lte)
  }

  /** Newest first, as Stripe lists; `starting_after` pages towards older events. */
  function listEvents(params: qs.ParsedQs): Answer {
    refuseUnknown(params, ['created', 'limit', 'starting_after', 'ending_before', 'type', 'types', 'delivery_success', 'expand'])
    const limit = optionalInteger(params.limit, 'limit') ?? 10
    if (limit < 1 || limit > 100) throw invalid(`This value must be between 1 and 100 (it currently is '${limit}').`, 'limit')
    const inRange = createdFilter(params.created)
    const type = optionalString(params.type, 'type')
    const types = stringList(params.types, 'types')
    const typeMatches = (eventType: string) =>
      (types.length === 0 || types.includes(eventType)) &&
      (type === undefined || (type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type))
    const newestFirst = events.filter((event) => inRange(event.created) && typeMatches(event.type)).reverse()

    const startingAfter = optionalString(params.starting_after, 'starting_after')
    const endingBefore = optionalString(params.ending_before, 'ending_before')
    let page: EventRecord[]
    let hasMore: boolean
    if (endingBefore) {
      const index = newestFirst.findIndex((event) => event.id === endingBefore)
      if (index < 0) throw missing('event', endingBefore, 'ending_before')
      const newer = newestFirst.slice(0, index)
      page = newer.slice(-limit)
      hasMore = newer.length > limit
    } else {
      let from = 0
      if (startingAfter) {
        const index = newestFirst.findIndex((event) => event.id === startingAfter)
        if (index < 0) throw missing('event', startingAfter, 'starting_after')
        from = index + 1
      }
      page = newestFirst.slice(from, from + limit)
      hasMore = newestFirst.length > from + limit
    }
    return { status: 200, body: { object: 'list', data: page.map((event) => structuredClone(event)), has_more: hasMore, url: '/v1/events' } }
  }

  interface Route {
    method: 'GET' | 'POST'
    pattern: RegExp
    handle(match: string[], params: qs.ParsedQs, context: RequestContext): Answer
  }

  const expandOf = (params: qs.ParsedQs) => stringList(params.expand, 'expand')
  const onlyExpand = (params: qs.ParsedQs) => refuseUnknown(params, ['expand'])

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handle: (_m, params) => createSession(params) },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: ([id = ''], params) => {
        onlyExpand(params)
        const session = sessions.get(id)
        if (!session) throw missing('checkout.session', id, 'session')
        return { status: 200, body: renderSession(session, expandOf(params)) }
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      handle: ([id = '']) => {
        const session = sessions.get(id)
        if (!session) throw missing('checkout.session', id, 'session')
        return { status: 200, body: renderLineItems(session) }
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle: ([id = ''], params, context) => {
        onlyExpand(params)
        const session = sessions.get(id)
        if (!session) throw missing('checkout.session', id, 'session')
        if (session.status !== 'open') {
          throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`)
        }
        expireSession(session, context)
        return { status: 200, body: renderSession(session, expandOf(params)) }
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: ([id = ''], params) => {
        onlyExpand(params)
        const intent = paymentIntents.get(id)
        if (!intent) throw missing('payment_intent', id, 'intent')
        return { status: 200, body: renderPaymentIntent(intent, expandOf(params)) }
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)$/,
      handle: ([id = ''], params) => {
        onlyExpand(params)
        const charge = charges.get(id)
        if (!charge) throw missing('charge', id)
        return { status: 200, body: renderCharge(charge, expandOf(params)) }
      },
    },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handle: (_m, params, context) => createRefund(params, context) },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle: ([id = ''], params) => {
        onlyExpand(params)
        const refund = refunds.get(id)
        if (!refund) throw missing('refund', id)
        return { status: 200, body: renderRefund(refund, expandOf(params)) }
      },
    },
    { method: 'GET', pattern: /^\/v1\/events$/, handle: (_m, params) => listEvents(params) },
    {
      method: 'GET',
      pattern: /^\/v1\/events\/([^/]+)$/,
      handle: ([id = '']) => {
        const event = events.find((candidate) => candidate.id === id)
        if (!event) throw missing('event', id)
        return { status: 200, body: structuredClone(event) as unknown as Json }
      },
    },
  ]

  /** Stripe's own check, masked the way Stripe masks a key in its answer. */
  function authenticate(header: string | undefined): void {
    const key = header?.match(/^Bearer (.+)$/)?.[1]
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    }
    if (key !== FAKE_STRIPE_SECRET_KEY) {
      const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key
      throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` })
    }
  }

  function answerApi(method: string, path: string, params: qs.ParsedQs, req: http.IncomingMessage, context: RequestContext): Answer & { replayed?: boolean } {
    try {
      authenticate(req.headers.authorization)
      const route = routes.map((candidate) => ({ candidate, match: candidate.method === method ? path.match(candidate.pattern) : null })).find(({ match }) => match)
      if (!route?.match) {
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        })
      }
      const key = method === 'POST' ? context.idempotencyKey : null
      const endpoint = `${method} ${path}`
      const saved = key ? idempotent.get(key) : undefined
      if (key && saved) {
        if (saved.endpoint !== endpoint) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
          })
        }
        if (saved.params !== canonical(params)) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          })
        }
        return { ...saved.answer, replayed: true }
      }
      const answer = route.candidate.handle(route.match.slice(1).map(decodeURIComponent), params, context)
      // As on Stripe, only a request that ran is saved: a refused one may be retried with the same key.
      if (key) idempotent.set(key, { endpoint, params: canonical(params), answer })
      return answer
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.error } }
      throw error
    }
  }

  // ---- the hosted page stand-in

  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)

  function page(session: FakeSession, alert?: string): string {
    const rows = session.line_items
      .map((item) => `<tr><td>${escapeHtml(item.name)}</td><td>${item.quantity}</td><td>${money(item.unit_amount * item.quantity, item.currency)}</td></tr>`)
      .join('')
    const action = (name: string) => `/pay/${encodeURIComponent(session.id)}/${name}`
    const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''
    const state = {
      open: `<form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>
<form method="post" action="${action('decline')}"><button type="submit">Decline</button></form>
<form method="post" action="${action('bank')}"><button type="submit">Bank debit</button></form>${back}`,
      complete: `<p>${session.payment_status === 'paid' ? 'This payment is complete.' : 'This payment is being processed by the bank.'}</p>`,
      expired: `<p>This checkout session has expired.</p>${back}`,
    }[session.status]
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.25rem 0}form{display:inline-block;margin:1rem 1rem 0 0}button{font:inherit;padding:.5rem 1.5rem}[role=alert]{color:#a00;font-weight:600}</style>
</head><body><main>
<h1>Test payment</h1>
${alert ? `<p role="alert">${escapeHtml(alert)}</p>` : ''}
<table><caption>Your order</caption><thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td>${money(session.amount_total, session.currency)}</td></tr></tfoot></table>
${state}
</main></body></html>`
  }

  async function answerPage(method: string, path: string, res: http.ServerResponse): Promise<void> {
    const match = path.match(/^\/pay\/([^/]+)(?:\/(pay|decline|bank))?$/)
    const session = match ? sessions.get(decodeURIComponent(match[1]!)) : undefined
    const html = (status: number, body: string): void => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(body)
    }
    if (!match || !session) return html(404, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test payment</title></head><body><main><h1>Test payment</h1><p>No such checkout session.</p></main></body></html>')
    const action = match[2]
    if (!action && method === 'GET') return html(200, page(session))
    if (!action || method !== 'POST') return html(405, page(session))
    if (session.status !== 'open') return html(409, page(session))
    if (action === 'decline') return html(200, page(session, 'Your card was declined.'))
    const completed = complete(session, { async: action === 'bank' })
    // Without a delay the site knows of the payment before the customer lands back on it;
    // with one it must show the payment as being confirmed.
    if (webhookDelayMs > 0) void dispatch(completed, webhookDelayMs)
    else await dispatch(completed)
    res.writeHead(303, { Location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) }).end()
  }

  // ---- the server

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    if (url.pathname.startsWith('/pay/')) return answerPage(method, url.pathname, res)

    const parse = (text: string) => qs.parse(text, { arrayLimit: 100, depth: 10, parameterLimit: 2000 })
    const params = method === 'POST' ? parse(body) : parse(url.search.slice(1))
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
    const context: RequestContext = { requestId: newId('req'), idempotencyKey, events: [] }
    const version = typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : Stripe.API_VERSION
    const answer = /^\d{4}-\d{2}-\d{2}(\.\w+)?$/.test(version)
      ? answerApi(method, url.pathname, params, req, context)
      : { status: 400, body: { error: { type: 'invalid_request_error', message: `Invalid Stripe API version: ${version}` } } }
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Request-Id': context.requestId,
      'Stripe-Version': version,
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      ...('replayed' in answer && answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    })
    res.end(JSON.stringify(answer.body, null, 2))
    // Stripe answers first and delivers afterwards: a site that waits on its own webhook inside
    // the API call would deadlock on Stripe too.
    if (context.events.length > 0) void dispatch(context.events)
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: `fake stripe: ${String(error)}` } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as net.AddressInfo
  baseUrl = `http://127.0.0.1:${port}`

  const copy = <T>(value: T): T => structuredClone(value)

  return {
    url: baseUrl,
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    setWebhookUrl(url) {
      webhookUrl = url
    },
    sessions: () => [...sessions.values()].map(copy),
    session: (id) => {
      const session = sessions.get(id)
      return session && copy(session)
    },
    refunds: () => [...refunds.values()].map(copy),
    // The fake renders the fields the site reads, not every field of Stripe's types.
    events: () => events.map((event) => copy(event) as unknown as Stripe.Event),
    deliveries: () => deliveries.map(copy),
    pay: (sessionId, payOpts = {}) => dispatch(complete(openSession(sessionId), payOpts)),
    settleAsync: (sessionId, outcome) => dispatch([settle(sessionId, outcome)]),
    expire: (sessionId) => dispatch([expireSession(openSession(sessionId), null)]),
    settleRefund: (refundId, outcome) => dispatch(settleRefundNow(refundId, outcome)),
    answerRefunds(status) {
      refundAnswer = status
    },
    holdDeliveries(hold) {
      held = hold
    },
    deliverHeld({ shuffle = false, times = 1, seed = 1, eventIds } = {}) {
      const chosen = eventIds ? eventIds.map((id) => events.find((event) => event.id === id)).filter((event) => event !== undefined) : [...heldEvents]
      const chosenIds = new Set(chosen.map((event) => event.id))
      heldEvents.splice(0, heldEvents.length, ...heldEvents.filter((event) => !chosenIds.has(event.id)))
      const rounds = Array.from({ length: times }, () => chosen).flat()
      const order = shuffle ? shuffled(rounds, seed) : rounds
      return enqueue(async () => {
        const statuses: number[] = []
        for (const event of order) statuses.push(await deliver(event))
        return statuses
      })
    },
    redeliver(eventId) {
      const event = events.find((candidate) => candidate.id === eventId)
      if (!event) return Promise.reject(new Error(`fake stripe: no event ${eventId}`))
      return enqueue(() => deliver(event))
    },
    async settled() {
      let last: Promise<unknown> | undefined
      while (last !== queue) {
        last = queue
        await last
      }
    },
    async close() {
      closed = true
      await queue
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
