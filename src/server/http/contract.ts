import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Answer, Contract } from '../../shared/contracts/contract.ts'
import type { CurrentUser } from '../auth/guards.ts'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** What a handler is given beside the request: the user its route's access let through (none on open routes). */
export type Served<C extends Contract> = C['access'] extends 'open' ? Record<never, never> : { user: CurrentUser }

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

function servedTo<C extends Contract>(req: FastifyRequest, declared: C): Served<C> {
  if (declared.access === 'open') return {} as Served<C>
  // installAccessGuards ran first and refused anyone the access does not let through.
  if (!req.signedIn) throw new Error(`${declared.method} ${declared.url} is ${declared.access}, but no access guard ran: installAccessGuards(app, guards) first`)
  return { user: req.signedIn } as Served<C>
}
