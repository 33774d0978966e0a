import { Readable } from 'node:stream'
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Answer, Contract } from '../../shared/contracts/contract.ts'
import type { CurrentUser } from '../auth/guards.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/connect.ts'

/** What a feature's routes are built from (app.ts). */
export interface RouteDeps {
  db: Db
  config: Config
  now: () => Date
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/**
 * What a handler is given beside the request: the user its route's access let through (none on
 * open routes), and the body's bytes as sent where the contract asks for them.
 */
export type Served<C extends Contract> = (C['access'] extends 'open' ? Record<never, never> : { user: CurrentUser }) &
  (C['rawBody'] extends true ? { rawBody: Buffer } : Record<never, never>)

/** A request whose params, query and body have passed the contract's checks. */
export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: Parsed<C['params']>
  Querystring: Parsed<C['query']>
  Body: Parsed<C['body']>
}>

/**
 * Serves a route as its contract declares it (src/shared/contracts): its access for the guards'
 * matrix, its params, query and body checked before the handler runs (a 400 with the field's
 * message otherwise), and the handler's answer serialized through the declared response, so a
 * field the contract does not name is dropped. A contract answering 201 alone answers 201.
 *
 * A handler returns its answer, or the reply it sent itself: a redirect, or bytes kept ready
 * (the home page's leagues, the API description), which are the declared answer already. Unless
 * the route is open it gets the signed-in user the declared access let through (http/access.ts):
 * the access is written once, on the contract, and no handler calls a guard itself.
 */
export function serve<C extends Contract>(
  app: FastifyInstance,
  declared: C,
  handler: (req: ContractRequest<C>, reply: FastifyReply, served: Served<C>) => Promise<Answer<C> | FastifyReply>,
): void {
  const created = 201 in declared.responses && !(200 in declared.responses)
  app.route({
    method: declared.method,
    url: declared.url,
    config: { access: declared.access },
    ...(declared.bodyLimit ? { bodyLimit: declared.bodyLimit } : {}),
    ...(declared.rawBody ? { preParsing: keepRawBody } : {}),
    schema: {
      summary: declared.summary,
      ...(declared.contentType ? { produces: [declared.contentType] } : {}),
      ...(declared.params ? { params: declared.params } : {}),
      ...(declared.query ? { querystring: declared.query } : {}),
      ...(declared.body ? { body: declared.body } : {}),
      response: declared.responses,
    },
    handler: async (req, reply) => {
      if (created) reply.code(201)
      return handler(req as ContractRequest<C>, reply, servedTo(req, declared))
    },
  })
}

/**
 * The answer of a request that may repeat an earlier one (a double submit, a retry with its
 * Idempotency-Key): 201 with what it made, 200 with what the first one made.
 */
export function madeOrRepeated<T extends { created: boolean }>(reply: FastifyReply, result: T): T {
  reply.code(result.created ? 201 : 200)
  return result
}

function servedTo<C extends Contract>(req: FastifyRequest, declared: C): Served<C> {
  const raw = declared.rawBody ? { rawBody: rawBodies.get(req) ?? Buffer.alloc(0) } : {}
  if (declared.access === 'open') return raw as Served<C>
  // installAccessGuards ran first and refused anyone the access does not let through.
  if (!req.signedIn) throw new Error(`${declared.method} ${declared.url} is ${declared.access}, but no access guard ran: installAccessGuards(app, guards) first`)
  return { ...raw, user: req.signedIn } as Served<C>
}

/** The bodies of the routes that asked for them, as their bytes arrived. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>()

/**
 * Keeps a body's bytes before Fastify parses it, then hands the parser the same bytes, so the
 * contract still checks the body. Read within the route's body limit, as the parser would.
 */
async function keepRawBody(req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    size += bytes.length
    if (size > req.routeOptions.bodyLimit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
    chunks.push(bytes)
  }
  const body = Buffer.concat(chunks)
  rawBodies.set(req, body)
  return Readable.from([body])
}
