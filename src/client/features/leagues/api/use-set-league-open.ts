import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { updateLeague } from '../../../../shared/contracts/leagues.ts'
import { call } from '../../../lib/endpoint.ts'
import { leaguesChanged } from '../../../queries/admin-leagues.ts'

/** Opens or closes a league for registration; every list of leagues reads it again either way. */
export function useSetLeagueOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ leagueId, isActive }: { leagueId: string; isActive: boolean }) =>
      call<typeof updateLeague>('POST', '/api/admin/leagues/:leagueId', { params: { leagueId }, body: { isActive: String(isActive) } }),
    onSettled: () => leaguesChanged(client),
  })
}
