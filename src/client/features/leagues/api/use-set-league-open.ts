import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { updateLeague } from '../../../../shared/contracts/leagues.ts'
import { call } from '../../../lib/endpoint.ts'
import { leaguesChanged } from '../../../queries/admin-leagues.ts'

/** Opens or closes the league for registration: every list of leagues reads it again. */
export function useSetLeagueOpen(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (open: boolean) => call<typeof updateLeague>('POST', '/api/admin/leagues/:leagueId', { params: { leagueId }, body: { isActive: String(open) } }),
    onSuccess: () => leaguesChanged(client),
  })
}
