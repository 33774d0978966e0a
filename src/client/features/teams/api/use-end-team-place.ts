import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { cancelRegistration } from '../../../../shared/contracts/registrations.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'

/**
 * Ends one of the viewer's places on a team (leaving it, or withdrawing the team): teams and their
 * own registrations change. `onEnded` runs once both are read afresh, even if the screen that asked
 * is gone by then (a withdrawn team's page no longer offers to withdraw it).
 */
export function useEndTeamPlace(registrationId: string, { onEnded }: { onEnded: () => void }) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => call<typeof cancelRegistration>('POST', '/api/registrations/:registrationId/cancel', { params: { registrationId } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: TEAMS }), client.invalidateQueries({ queryKey: ['mine'] })])
      onEnded()
    },
  })
}
