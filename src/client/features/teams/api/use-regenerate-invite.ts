import { useMutation } from '@tanstack/react-query'
import type { regenerateInvite } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { paramsOf, useKeepTeam, type TeamRef } from './team-cache.ts'

/** A new invite link; the old one stops working. */
export function useRegenerateInvite(team: TeamRef) {
  const keep = useKeepTeam(team)
  return useMutation({
    mutationFn: () => call<typeof regenerateInvite>('POST', '/api/leagues/:leagueId/teams/:teamId/invite', { params: paramsOf(team) }),
    onSuccess: keep,
  })
}
