import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Access } from '../../shared/routes.ts'
import type { CurrentUser, Guards } from '../auth/guards.ts'
import { answerOf } from './errors.ts'
import { callFunction } from '../../shared/contracts/api.ts'
import { serve } from './contract.ts'

/**
 * The callable-function protocol of product §7/§8: `POST /api/functions/<name>` with
 * `{ "data": ... }`, answered `{ "data": ... }` or `{ "error": { "status", "message" } }`
 * with the HTTP status the client maps back to a code.
 */
export interface CallableFunction<Schema extends z.ZodType, Result> {
  access: Access
  /** What it does, for the API's description. */
  summary: string
  input: Schema
  /** `req`: the request, for what a handler records of it (the address of a staff action: http/actor.ts). */
  handler(data: z.infer<Schema>, user: CurrentUser, req: FastifyRequest): Promise<Result>
}

export function defineFunction<Schema extends z.ZodType, Result>(fn: CallableFunction<Schema, Result>) {
  return fn
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'RESOURCE_EXHAUSTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
}

const Envelope = z.object({ data: z.unknown() }).strict()

export function registerFunctions(
  app: FastifyInstance,
  guards: Guards,
  functions: Record<string, CallableFunction<z.ZodType, unknown>>,
): void {
  app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => {
      const answer = answerOf(error)
      if (answer) return sendError(reply, answer.statusCode, answer.message, answer.fields)
      const status = (error as { statusCode?: number }).statusCode
      if (status === 413) return sendError(reply, 413, 'The request body is too large.')
      if (status && status >= 400 && status < 500) return sendError(reply, 400, 'The request body must be JSON: {"data": ...}.')
      req.log.error({ err: error }, 'callable function failed')
      return sendError(reply, 500, 'Something went wrong on our side. Please try again.')
    })

    serve(scope, callFunction, async (req, reply) => {
      // Signed-out callers learn nothing, not even which function names exist.
      await guards.requireUser(req)
      const fn = Object.hasOwn(functions, req.params.name) ? functions[req.params.name] : undefined
      if (!fn) return sendError(reply, 404, `There is no function named ${req.params.name}.`)
      const envelope = Envelope.safeParse(req.body)
      if (!envelope.success) return sendError(reply, 400, 'The request body must be a JSON object with a data field.')
      const user = await guards.requireAccess(req, fn.access)
      const input = fn.input.safeParse(envelope.data.data ?? {})
      if (!input.success) {
        const fields = Object.fromEntries(input.error.issues.map((i) => [i.path.join('.') || 'data', i.message]))
        return sendError(reply, 400, 'Sorry, not all fields are filled out correctly.', fields)
      }
      return { data: await fn.handler(input.data, user, req) }
    })
  })
}

function sendError(reply: FastifyReply, httpStatus: number, message: string, details?: Record<string, string>) {
  return reply.code(httpStatus).send({
    error: { status: STATUS_NAMES[httpStatus] ?? 'UNKNOWN', message, ...(details ? { details } : {}) },
  })
}
