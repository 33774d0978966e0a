import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import { shownTo } from './openapi.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

type Operation = { 'x-access': string; summary: string; parameters: { name: string; in: string; schema: Record<string, unknown> }[]; responses: Record<string, { content?: unknown }> }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const res = await ctx.client().get<Document>('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    await expect(SwaggerParser.validate(structuredClone(res.body) as never)).resolves.toBeDefined()
  })

  test('lists every API route the server serves and every callable function, with its access rule, to an admin', async () => {
    const admin = await createUser(ctx, 'admin')
    const { body } = await admin.client.get<Document>('/api/openapi.json')
    const apiRoutes = ctx.routes.filter((r) => r.url.startsWith('/api/'))
    expect(apiRoutes.length).toBeGreaterThan(30)
    for (const route of apiRoutes) {
      const operation = body.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${route.url}`).toBeDefined()
      expect(operation!['x-access'], `${route.method} ${route.url}`).toBe(route.access)
    }
    for (const [name, access] of Object.entries(ctx.functions)) {
      expect(body.paths[`/api/functions/${name}`]?.post?.['x-access'], name).toBe(access)
    }
    expect(body.paths['/api/functions/listUsers']?.post?.summary).toMatch(/account/)
    const listed = Object.values(body.paths).reduce((n, methods) => n + Object.keys(methods).length, 0)
    expect(listed).toBe(apiRoutes.length + Object.keys(ctx.functions).length)
  })

  test('visitors and customers see the open and customer operations, not the staff ones', async () => {
    const customer = await createUser(ctx)
    for (const [reader, client] of [['visitor', ctx.client()], ['customer', customer.client]] as const) {
      const { body } = await client.get<Document>('/api/openapi.json')
      const accesses = Object.values(body.paths).flatMap((methods) => Object.values(methods).map((o) => o['x-access']))
      expect(accesses.filter((a) => a === 'admin' || a === 'staff'), reader).toEqual([])
      expect(body.paths['/api/functions/listUsers'], reader).toBeUndefined()
      const expected = ctx.routes.filter((r) => r.url.startsWith('/api/') && shownTo(r.access, null)).length
      expect(accesses.length, reader).toBe(expected)
      expect(accesses, reader).toEqual(expect.arrayContaining(['open', 'login', 'owner']))
    }
    const page = await ctx.client().get('/api/reference')
    expect(page.text).not.toContain('/api/admin/')
  })

  test('every API route is served from its contract: its answer is declared, not left to the handler', async () => {
    const { body } = await ctx.client().get<Document>('/api/openapi.json')
    const undeclared = Object.entries(body.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => 'default' in operation.responses)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(undeclared).toEqual([])
  })

  test("a route served from its contract carries its parameters and its answer's schema", async () => {
    const { body } = await ctx.client().get<Document>('/api/openapi.json')
    const open = body.paths['/api/leagues/open']!.get!
    expect(open.summary).toMatch(/open individual leagues/)
    expect(open.parameters).toContainEqual(expect.objectContaining({ name: 'sport', in: 'query', schema: expect.objectContaining({ enum: expect.arrayContaining(['soccer', 'kids']) }) }))
    expect(JSON.stringify(open.responses['200'])).toContain('placesLeft')
    const child = body.paths['/api/children/{childId}']!.post!
    expect(child.parameters).toContainEqual(expect.objectContaining({ name: 'childId', in: 'path' }))
    expect(child['x-access']).toBe('owner')
  })

  test('a form body lists the fields its form spec requires, and a change of some fields none', async () => {
    const admin = await createUser(ctx, 'admin')
    const { body } = await admin.client.get<Document>('/api/openapi.json')
    const bodyOf = (path: string) => (body.paths[path]!.post as unknown as { requestBody: { content: { 'application/json': { schema: { required?: string[]; properties: Record<string, unknown> } } } } }).requestBody.content['application/json'].schema
    const child = bodyOf('/api/children')
    expect(child.required?.sort()).toEqual(['dateOfBirth', 'emergencyContactName', 'emergencyContactPhone', 'firstName', 'lastName'])
    expect(Object.keys(child.properties)).toContain('notes')
    expect(JSON.stringify(child)).not.toContain('x-form-required')
    expect(bodyOf('/api/admin/leagues').required).toEqual(expect.arrayContaining(['name', 'sport', 'startDate']))
    expect(bodyOf('/api/admin/leagues/{leagueId}').required).toBeUndefined()
  })
})

describe('GET /api/reference', () => {
  test('a page staff can read: every route with its access, no script, under the site\'s security headers', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.get('/api/reference')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.text).not.toMatch(/<script|style=/)
    expect(res.text).toContain('<code>GET /api/leagues/open</code>')
    expect(res.text).toContain('<code>POST /api/children/{childId}</code>')
    expect(res.text.match(/<section>/g)).toHaveLength(ctx.routes.filter((r) => r.url.startsWith('/api/')).length + Object.keys(ctx.functions).length)
  })
})
