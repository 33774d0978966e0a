import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminLeague, createLeague, updateLeague } from '../../../../shared/contracts/leagues.ts'
import type { LeagueFormValues } from '../../../../shared/schemas/league.ts'
import { call } from '../../../lib/endpoint.ts'
import { leaguesChanged } from '../../../queries/admin-leagues.ts'

/** The league form sent: `league` changed, or a new league without one; every list of leagues reads it again. */
export function useSaveLeague(league: AdminLeague | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (values: LeagueFormValues) =>
      league
        ? call<typeof updateLeague>('POST', '/api/admin/leagues/:leagueId', { params: { leagueId: league.id }, body: values })
        : call<typeof createLeague>('POST', '/api/admin/leagues', { body: values }),
    onSuccess: () => leaguesChanged(client),
  })
}
