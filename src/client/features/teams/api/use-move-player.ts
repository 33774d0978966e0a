import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { movePlayer } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'

/** Staff place a free agent on a team, or move a player to another; every team list reads afresh either way. */
export function useMovePlayer() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ registrationId, teamId }: { registrationId: string; teamId: string }) =>
      call<typeof movePlayer>('POST', '/api/admin/players/:registrationId/move', { params: { registrationId }, body: { teamId } }),
    onSettled: () => client.invalidateQueries({ queryKey: TEAMS }),
  })
}
