import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { renameTeam } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'
import { paramsOf, useKeepTeam, type TeamRef } from './team-cache.ts'

/** A new name for the team: the team and every list naming it. */
export function useRenameTeam(team: TeamRef) {
  const client = useQueryClient()
  const keep = useKeepTeam(team)
  return useMutation({
    mutationFn: (name: string) => call<typeof renameTeam>('POST', '/api/leagues/:leagueId/teams/:teamId/name', { params: paramsOf(team), body: { name } }),
    onSuccess: (answer) => {
      keep(answer)
      void client.invalidateQueries({ queryKey: TEAMS })
    },
  })
}
