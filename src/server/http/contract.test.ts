import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { AddressInfo } from 'node:net'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { Child } from '../../shared/contracts/children.ts'
import { contract, pathId } from '../../shared/contracts/contract.ts'
import { decideAccess } from '../../shared/routes.ts'
import type { CurrentUser } from '../auth/guards.ts'
import { installAccessGuards } from './access.ts'
import { serve } from './contract.ts'
import { forbidden, installErrorHandler, unauthorized } from './errors.ts'

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

let app: FastifyInstance
let base: string
beforeAll(async () => {
  app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  serve(app, readChild, async (req) => ({ child: { ...row, id: req.params.childId } }))
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
