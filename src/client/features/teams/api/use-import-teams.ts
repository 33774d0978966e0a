import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { importTeams } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'

/** Checks a list of teams for a league or, with `commit`, imports it; only an import changes the teams. */
export function useImportTeams() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (list: { leagueId: string; text: string; commit: boolean }) => call<typeof importTeams>('POST', '/api/admin/teams/import', { body: list }),
    onSuccess: async (answer) => {
      if (answer.committed) await client.invalidateQueries({ queryKey: TEAMS })
    },
  })
}
