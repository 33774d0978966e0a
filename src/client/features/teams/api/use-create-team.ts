import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { createTeam } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'

/** A new team in the league, with the person asking as its captain. */
export function useCreateTeam(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      call<typeof createTeam>('POST', '/api/leagues/:leagueId/teams', { params: { leagueId }, body: { name }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAMS }),
  })
}
