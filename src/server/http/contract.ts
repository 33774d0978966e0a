import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Answer, Contract } from '../../shared/contracts/contract.ts'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

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
 * (the home page's leagues, the API description), which are the declared answer already.
 */
export function serve<C extends Contract>(
  app: FastifyInstance,
  declared: C,
  handler: (req: ContractRequest<C>, reply: FastifyReply) => Promise<Answer<C> | FastifyReply>,
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
      return handler(req as ContractRequest<C>, reply)
    },
  })
}
