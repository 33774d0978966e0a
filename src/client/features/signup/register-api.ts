import type { register, RegisterResult } from '../../../shared/contracts/registrations.ts'
import { call } from '../../lib/endpoint.ts'

/**
 * A key per league and participant, reused for every retry of that choice, so a timed-out
 * request sent again settles to the one registration the server already made.
 */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a facility serving plain
  // http on a local network address still needs a random key.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** POST /api/leagues/:id/registrations with the choice's Idempotency-Key. */
export function requestRegistration(leagueId: string, childId: string | null, idempotencyKey: string): Promise<RegisterResult> {
  return call<typeof register>('POST', '/api/leagues/:leagueId/registrations', {
    params: { leagueId },
    body: childId ? { childId } : {},
    headers: { 'idempotency-key': idempotencyKey },
  })
}
