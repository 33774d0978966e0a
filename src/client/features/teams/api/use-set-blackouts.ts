import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { setBlackouts } from '../../../../shared/contracts/blackouts.ts'
import { call } from '../../../lib/endpoint.ts'
import { blackoutsQuery } from '../../../queries/teams.ts'

/** The team's blackout dates, all of them at once: the answer is the dates as they now are. */
export function useSetBlackouts(leagueId: string, teamId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (dates: string[]) => call<typeof setBlackouts>('POST', '/api/leagues/:leagueId/teams/:teamId/blackouts', { params: { leagueId, teamId }, body: { dates } }),
    onSuccess: (answer) => client.setQueryData(blackoutsQuery(leagueId, teamId).queryKey, answer),
  })
}
