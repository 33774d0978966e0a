import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { FORM_MESSAGES } from '../../shared/validation/rules.ts'
import { conflict, invalid, notFound, Refusal, tooMany, type RefusalReason } from '../core/refusals.ts'

/**
 * Errors a person can act on: the refusals of domain code (core/refusals.ts), each answered with
 * its status, and the few only HTTP has (the server too busy). Anything else is logged and
 * answered with a plain 500 that reveals nothing about the server.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

const STATUS_OF: Record<RefusalReason, number> = {
  invalid: 400,
  'not-signed-in': 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
}

/** The status, message and fields a person's error is answered with; undefined for anything else. */
export function answerOf(error: unknown): { statusCode: number; message: string; fields?: Record<string, string> } | undefined {
  if (error instanceof Refusal) return { statusCode: STATUS_OF[error.reason], message: error.message, fields: error.fields }
  if (error instanceof HttpError) return error
  return undefined
}

/** The refusals, by the names routes answer with. */
export const badRequest = invalid
export const unauthorized = (message = 'Please sign in to continue.') => new Refusal('not-signed-in', message)
export const forbidden = (message = 'You do not have access to this.') => new Refusal('forbidden', message)
export { conflict, notFound }
export const tooManyRequests = tooMany

export interface ErrorBody {
  error: { message: string; fields?: Record<string, string> }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const answer = answerOf(error)
    if (answer) return reply.code(answer.statusCode).send({ error: { message: answer.message, fields: answer.fields } } satisfies ErrorBody)
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A contract's own words (src/shared/contracts): one problem is the message itself.
      const problems = error.validation.map((v) => [v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body', v.message ?? 'is not valid'] as const)
      const message = problems.length === 1 ? problems[0]![1] : FORM_MESSAGES.invalid
      return reply.code(400).send({ error: { message, fields: Object.fromEntries(problems) } } satisfies ErrorBody)
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const kb = Math.floor(req.routeOptions.bodyLimit / 1024)
      return reply.code(413).send({ error: { message: `The request is too large: send at most ${kb} KB.` } } satisfies ErrorBody)
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: { message: clientErrorMessage(error) } } satisfies ErrorBody)
    }
    req.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: { message: 'Something went wrong on our side. Please try again.' } } satisfies ErrorBody)
  })
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: { message: `There is nothing at ${req.method} ${req.url.split('?')[0]}.` } } satisfies ErrorBody)
  })
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).'
    default:
      return 'The request could not be understood.'
  }
}
