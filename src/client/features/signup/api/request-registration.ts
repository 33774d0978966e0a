import type { register, RegisterResult } from '../../../../shared/contracts/registrations.ts'
import { call } from '../../../lib/endpoint.ts'

/** POST /api/leagues/:id/registrations with the choice's Idempotency-Key. */
export function requestRegistration(leagueId: string, childId: string | null, idempotencyKey: string): Promise<RegisterResult> {
  return call<typeof register>('POST', '/api/leagues/:leagueId/registrations', {
    params: { leagueId },
    body: childId ? { childId } : {},
    headers: { 'idempotency-key': idempotencyKey },
  })
}
