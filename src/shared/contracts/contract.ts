import { z } from 'zod'
import { isRequired, type FieldSpec, type FormSpec } from '../validation/rules.ts'

/**
 * An API route's declaration: where it is, who may call it, and the shape of what it takes and
 * answers, in zod. The server serves it (src/server/http/contract.ts): Fastify checks params,
 * query and body against it and serializes the answer through it, so a field not declared never
 * leaves the server. The browser imports contracts for their types only (`import type`), so
 * zod stays out of its bundles.
 */

/** Who may call: anyone, any signed-in user, staff (admins and employees), admins, or the owner of the object (src/server/http/access.ts). */
export type ApiAccess = 'open' | 'login' | 'staff' | 'admin' | 'owner'

export interface Contract {
  method: 'GET' | 'POST'
  url: string
  access: ApiAccess
  /** One line for the API reference. */
  summary: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /**
   * The answer, by its success status: 201 alone answers 201; with both, the handler says
   * which (a repeated request answers 200 with what the first one made). 302: a link followed
   * in the browser, answered with a redirect.
   */
  responses: { 200: z.ZodType } | { 201: z.ZodType } | { 200: z.ZodType; 201: z.ZodType } | { 302: z.ZodNull }
  /** What a 200 answer is when it is not JSON: `text/html` for a page. */
  contentType?: string
  /** The largest request body in bytes, where a route takes more than the site's 64 KB (a file). */
  bodyLimit?: number
  /**
   * The handler also gets the body's bytes exactly as sent, beside the body checked against
   * `body`: a provider's signed webhook is verified over them before anything in it is trusted.
   */
  rawBody?: true
}

/** Keeps a contract's literal types, so handlers and clients see its exact shapes. */
export function contract<const C extends Contract>(declared: C): C {
  return declared
}

/** What the route answers on success, as the handler returns it. */
export type Answer<C extends Contract> = C['responses'] extends { 200: infer S extends z.ZodType }
  ? z.input<S>
  : C['responses'] extends { 201: infer S extends z.ZodType }
    ? z.input<S>
    : null

/** An id in the path: any non-empty text; what it names is the handler's question. */
export const pathId = z.string().min(1, { error: 'The address is missing an id.' })

const formValue = z.union([z.string(), z.number(), z.boolean(), z.null()])

/**
 * Marks a form field the form spec requires, for the API reference (server/http/openapi.ts lists
 * it in its object's `required`). Absent, it is refused by the form rules with the form's own
 * words ("Form incomplete.", and the field's message), so the contract leaves that to them.
 */
export const FORM_REQUIRED = 'x-form-required'

/**
 * A form's body as declared for Fastify and the API reference: its fields, each text (numbers
 * and true/false are read as text), those the form spec requires marked required. The form rules
 * (src/shared/validation) check the values and give the messages, in the browser and on the
 * server alike; undeclared fields are dropped. `partial`: a change of some fields (those left
 * out keep their value), so none is required.
 */
export function formBody<K extends string>(spec: FormSpec<K>, { partial = false } = {}) {
  const field = (f: FieldSpec) => {
    const value = z.union(formValue.options, { error: `${f.label} must be text.` }).optional()
    return !partial && isRequired(f) ? value.meta({ description: f.label, [FORM_REQUIRED]: true }) : value.describe(f.label)
  }
  const shape = Object.fromEntries(Object.entries<FieldSpec>(spec).map(([name, f]) => [name, field(f)])) as Record<K, ReturnType<typeof field>>
  return z.object(shape, { error: 'Send the form as a JSON object.' })
}
