import Fastify, { type FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { Child } from '../../shared/contracts/children.ts'
import { contract, pathId } from '../../shared/contracts/contract.ts'
import { serve } from './contract.ts'
import { installErrorHandler } from './errors.ts'

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
  access: 'login',
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
