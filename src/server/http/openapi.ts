import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { apiReference, describeApi } from '../../shared/contracts/api.ts'
import { FORM_REQUIRED } from '../../shared/contracts/contract.ts'
import { isStaff, type Role } from '../../shared/roles.ts'
import type { Guards } from '../auth/guards.ts'
import type { DeclaredRoute } from './access.ts'
import type { CallableFunction } from './callable.ts'
import { serve } from './contract.ts'

/** Who reads the document: it lists only what they may call (staff operations for staff). */
export type Reader = Role | null

/** Whether an operation of this access is shown to `reader`: admin and staff ones only to those who may call them. */
export function shownTo(access: string, reader: Reader): boolean {
  if (access === 'admin') return reader === 'admin'
  if (access === 'staff') return reader !== null && isStaff(reader)
  return true
}

type Functions = Record<string, Pick<CallableFunction<z.ZodType, unknown>, 'access' | 'input' | 'summary'>>

/**
 * The API described as OpenAPI 3.1, from the routes as the server declared them: every /api
 * route with its access (`x-access`), and for a route served from its contract
 * (src/shared/contracts) its parameters, body and answer as JSON Schema (zod's own conversion);
 * each callable function as an operation of its own. Only what `reader` may call is listed.
 */
export function openApiDocument(routes: readonly DeclaredRoute[], functions: Functions, title: string, reader: Reader): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes.filter((r) => r.url.startsWith('/api/') && shownTo(r.access, reader))) {
    const path = route.url.replace(/:(\w+)/g, '{$1}')
    const schema = (route.schema ?? {}) as { summary?: string; params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown>; produces?: string[] }
    const operation: Record<string, unknown> = {
      summary: schema.summary ?? `${route.method} ${route.url}`,
      'x-access': route.access,
      parameters: [...parameters(schema.params, 'path', route.url), ...parameters(schema.querystring, 'query', route.url)],
      responses: responses(schema.response, schema.produces?.[0] ?? 'application/json'),
    }
    if (schema.body instanceof z.ZodType) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(schema.body, 'input') } } }
    }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation }
  }
  // The callable functions answer at /api/functions/<name> (product §7): each is listed with its own access and input.
  for (const [name, fn] of Object.entries(functions).filter(([, f]) => shownTo(f.access, reader))) {
    paths[`/api/functions/${name}`] = {
      post: {
        summary: fn.summary,
        'x-access': fn.access,
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { data: jsonSchema(fn.input, 'input') }, required: ['data'] } } } },
        responses: responses({ 200: z.object({ data: z.unknown() }) }, 'application/json'),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${title} API`,
      version: '1',
      description:
        'Every answer is JSON. Errors answer {"error": {"message", "fields"?}}. `x-access` says who may call: open, login (any signed-in user), admin, staff (admins and employees), or owner (the owner of the object, sometimes staff; anyone else gets 404). Staff operations are listed only to staff who are signed in. Sign in with the session cookie; callable functions take a bearer token from GET /api/session/token.',
    },
    paths,
  }
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return withFormRequired(rest)
}

/** A form's fields marked by `formBody` as required are listed in their object's `required`. */
function withFormRequired(node: Record<string, unknown>): Record<string, unknown> {
  const properties = node.properties as Record<string, Record<string, unknown>> | undefined
  if (!properties) return node
  const required = new Set((node.required as string[] | undefined) ?? [])
  const shown = Object.fromEntries(
    Object.entries(properties).map(([name, { [FORM_REQUIRED]: marked, ...property }]) => {
      if (marked === true) required.add(name)
      return [name, withFormRequired(property)]
    }),
  )
  return { ...node, properties: shown, ...(required.size > 0 ? { required: [...required] } : {}) }
}

function parameters(schema: unknown, where: 'path' | 'query', url: string): Record<string, unknown>[] {
  if (schema instanceof z.ZodObject) {
    const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] }
    return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (shape.required ?? []).includes(name),
      schema: property,
    }))
  }
  // A route not served from a contract still names its path parameters.
  if (where !== 'path') return []
  return [...url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }))
}

function responses(declared: Record<string, unknown> | undefined, contentType: string): Record<string, unknown> {
  const answers: Record<string, unknown> = {}
  for (const [status, schema] of Object.entries(declared ?? {})) {
    if (!(schema instanceof z.ZodType)) continue
    answers[status] = status.startsWith('3')
      ? { description: schema.description ?? 'A redirect' }
      : { description: 'Success', content: { [contentType]: { schema: jsonSchema(schema, 'output') } } }
  }
  if (Object.keys(answers).length === 0) answers.default = { description: 'JSON, as the route answers it' }
  answers['4XX'] = { description: 'A mistake the caller can act on: {"error": {"message", "fields"?}}' }
  return answers
}

/**
 * GET /api/openapi.json, the document, and GET /api/reference, the same as a page staff read when
 * they connect another tool (an accounting export, a kiosk): plain HTML without script or inline
 * style, so the site's Content-Security-Policy holds. Each is made once per kind of reader
 * (visitor, customer, employee, admin) once the server knows every route.
 */
export function registerOpenApiRoutes(app: FastifyInstance, guards: Guards, document: (reader: Reader) => Record<string, unknown>): void {
  const made = new Map<string, string>()
  const once = (key: string, make: () => string) => {
    let text = made.get(key)
    if (text === undefined) made.set(key, (text = make()))
    return text
  }
  const readerOf = async (req: Parameters<Guards['currentUser']>[0]): Promise<Reader> => (await guards.currentUser(req))?.role ?? null
  serve(app, describeApi, async (req, reply) => {
    const reader = await readerOf(req)
    const json = once(`json ${reader}`, () => JSON.stringify(document(reader)))
    return reply.type('application/json; charset=utf-8').send(json)
  })
  serve(app, apiReference, async (req, reply) => {
    const reader = await readerOf(req)
    const page = once(`page ${reader}`, () => referencePage(document(reader)))
    return reply.type('text/html; charset=utf-8').send(page)
  })
}

type Described = { summary: string; 'x-access': string; parameters: { name: string; in: string; required: boolean; schema: unknown }[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }> }

function referencePage(doc: Record<string, unknown>): string {
  const info = doc.info as { title: string; description: string }
  const paths = doc.paths as Record<string, Record<string, Described>>
  const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const json = (value: unknown) => `<pre>${esc(JSON.stringify(value, null, 2))}</pre>`
  const sections = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters.length
        ? `<h4>Parameters</h4><ul>${op.parameters.map((p) => `<li><code>${esc(p.name)}</code> (${p.in}${p.required ? ', required' : ''}): <code>${esc(JSON.stringify(p.schema))}</code></li>`).join('')}</ul>`
        : ''
      const body = op.requestBody ? `<h4>Body</h4>${json(op.requestBody.content['application/json']?.schema)}` : ''
      const answers = Object.entries(op.responses)
        .filter(([status]) => /^[23]/.test(status))
        .map(([status, r]) => {
          const [type, content] = Object.entries(r.content ?? {})[0] ?? []
          const shown = type === 'application/json' ? json(content?.schema) : `<p>${esc(type ?? r.description ?? '')}</p>`
          return `<h4>Answer ${esc(status)}</h4>${shown}`
        })
        .join('')
      return `<section><h3><code>${method.toUpperCase()} ${esc(path)}</code></h3><p>${esc(op.summary)}. Access: <strong>${esc(op['x-access'])}</strong>.</p>${params}${body}${answers}</section>`
    }),
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(info.title)}</title></head><body><main><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${sections.join('')}</main></body></html>`
}
