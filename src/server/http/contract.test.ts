import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { Child } from '../../shared/contracts/children.ts'
import { contract, pathId } from '../../shared/contracts/contract.ts'
import { decideAccess } from '../../shared/routes.ts'
import type { CurrentUser } from '../auth/guards.ts'
import { installAccessGuards } from './access.ts'
import { serve } from './contract.ts'
import { badRequest, forbidden, installErrorHandler, unauthorized } from './errors.ts'

/** What a database row might carry beyond what the contract answers. */
const row = {
  id: 'child-1',
  firstName: 'Sam',
  lastName: 'Rivera',
  dateOfBirth: '2018-05-20',
  emergencyContactName: 'Alex Rivera',
  emergencyContactPhone: '555-010-9999',
  notes: null,
  removable: true,
  guardianId: 'user-7',
  medicalRecordNumber: 'MRN-0042',
}

const readChild = contract({
  method: 'GET',
  url: '/test/children/:childId',
  access: 'open',
  summary: 'A child',
  params: z.object({ childId: pathId }),
  query: z.object({ view: z.enum(['short', 'full'], { error: 'Choose the short or full view.' }).optional() }),
  responses: { 200: z.object({ child: Child }) },
})

/** A provider's webhook, signed the way Stripe signs one: `t=<time>,v1=<HMAC-SHA256 of "<time>.<body bytes>">`. */
const receiveEvent = contract({
  method: 'POST',
  url: '/test/webhook',
  access: 'open',
  summary: 'A signed event',
  body: z.object({ type: z.string({ error: 'An event names its type.' }) }),
  rawBody: true,
  bodyLimit: 1024,
  responses: { 200: z.object({ received: z.string() }) },
})
const SIGNING_SECRET = 'whsec_test_secret'
const sign = (bytes: string, time = '1764000000') => `t=${time},v1=${createHmac('sha256', SIGNING_SECRET).update(`${time}.${bytes}`).digest('hex')}`

let app: FastifyInstance
let base: string
beforeAll(async () => {
  app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  serve(app, readChild, async (req) => ({ child: { ...row, id: req.params.childId } }))
  serve(app, receiveEvent, async (req, _reply, { rawBody }) => {
    const [time, signature] = String(req.headers['stripe-signature']).split(',').map((part) => part.slice(part.indexOf('=') + 1))
    const expected = createHmac('sha256', SIGNING_SECRET).update(`${time}.`).update(rawBody).digest()
    const given = Buffer.from(signature ?? '', 'hex')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest('The signature does not match the body.')
    return { received: req.body.type }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})
afterAll(() => app.close())

describe('a route served from its contract', () => {
  test('answers only the fields its contract declares: a column added to a query never leaks', async () => {
    const res = await fetch(`${base}/test/children/child-9`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { child: Record<string, unknown> }
    expect(body.child).toEqual({ ...row, id: 'child-9', guardianId: undefined, medicalRecordNumber: undefined })
    expect(Object.keys(body.child)).not.toContain('medicalRecordNumber')
    expect(Object.keys(body.child)).not.toContain('guardianId')
  })

  test('refuses a bad query with the readable message of its contract', async () => {
    const res = await fetch(`${base}/test/children/child-9?view=everything`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { message: 'Choose the short or full view.', fields: { view: 'Choose the short or full view.' } } })
  })
})

describe('a route that needs the body as sent (issue 22)', () => {
  const post = (bytes: string, signature: string) =>
    fetch(`${base}/test/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: bytes })

  test('checks a signature over the exact bytes, which parsing and writing back would change, and the body against its contract', async () => {
    const bytes = '{ "type":\t"checkout.session.completed" ,"amount": 1.50 }'
    const res = await post(bytes, sign(bytes))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: 'checkout.session.completed' })
    expect(sign(JSON.stringify(JSON.parse(bytes)))).not.toBe(sign(bytes))
  })

  test('refuses a body changed after signing, one its contract refuses, and one over its limit', async () => {
    const bytes = '{"type":"charge.refunded"}'
    const tampered = await post(bytes.replace('refunded', 'succeeded'), sign(bytes))
    expect(tampered.status).toBe(400)
    expect(await tampered.json()).toEqual({ error: { message: 'The signature does not match the body.' } })
    const untyped = await post('{"kind":1}', sign('{"kind":1}'))
    expect(untyped.status).toBe(400)
    expect(((await untyped.json()) as { error: { message: string } }).error.message).toBe('An event names its type.')
    const large = JSON.stringify({ type: 'x', padding: 'p'.repeat(2000) })
    const tooLarge = await post(large, sign(large))
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toEqual({ error: { message: 'The request is too large: send at most 1 KB.' } })
  })
})

describe('access declared on the contract, run before the handler (issue 22)', () => {
  const whoAmI = contract({
    method: 'POST',
    url: '/test/me',
    access: 'staff',
    summary: 'The signed-in staff member',
    body: z.object({ note: z.string({ error: 'Send a note.' }) }),
    responses: { 200: z.object({ id: z.string() }) },
  })
  const people: Record<string, CurrentUser> = {
    customer: { id: 'u-customer', email: 'c@example.com', displayName: 'C', phone: null, role: 'customer' },
    employee: { id: 'u-employee', email: 'e@example.com', displayName: 'E', phone: null, role: 'employee' },
  }
  let guarded: FastifyInstance
  let handled = 0
  beforeAll(async () => {
    guarded = Fastify()
    guarded.setValidatorCompiler(validatorCompiler)
    guarded.setSerializerCompiler(serializerCompiler)
    installErrorHandler(guarded)
    // The real guards' rules (auth/guards.ts), with the caller named by a header instead of a session.
    const requireUser = async (req: FastifyRequest) => {
      const user = people[String(req.headers['x-test-user'])]
      if (!user) throw unauthorized()
      return user
    }
    installAccessGuards(guarded, {
      requireUser,
      requireAccess: async (req, access) => {
        const user = await requireUser(req)
        if (!decideAccess(access, user.role).allowed) throw forbidden()
        return user
      },
    })
    serve(guarded, whoAmI, async (_req, _reply, { user }) => {
      handled++
      return { id: user.id }
    })
    await guarded.ready()
  })
  afterAll(() => guarded.close())

  const call = (who: string | undefined, body: unknown) =>
    guarded.inject({ method: 'POST', url: '/test/me', headers: who ? { 'x-test-user': who } : {}, payload: body as object })

  test('the handler gets the user the declared access let through, and never runs for anyone else, whatever they send', async () => {
    expect((await call('employee', { note: 'hi' })).json()).toEqual({ id: 'u-employee' })
    expect((await call(undefined, { note: 'hi' })).statusCode).toBe(401)
    expect((await call('customer', { note: 'hi' })).statusCode).toBe(403)
    // The guard runs before the body is checked: a stranger learns nothing of the route's input.
    expect((await call('customer', {})).statusCode).toBe(403)
    expect((await call('employee', {})).statusCode).toBe(400)
    expect(handled).toBe(1)
  })
})
