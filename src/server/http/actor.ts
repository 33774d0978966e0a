import type { FastifyRequest } from 'fastify'
import type { CurrentUser } from '../auth/guards.ts'
import type { Actor } from '../core/audit.ts'

/** The staff member behind a request, as the audit history records them (core/audit.ts): the address is the client's, as TRUST_PROXY lets the server read it. */
export function actorOf(req: FastifyRequest, user: CurrentUser): Actor {
  return { id: user.id, name: user.displayName, address: req.ip }
}
