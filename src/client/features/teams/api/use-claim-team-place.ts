import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { claimOffer } from '../../../../shared/contracts/registrations.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'

/** The captain claims the team place offered from the waitlist. */
export function useClaimTeamPlace(registrationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => call<typeof claimOffer>('POST', '/api/registrations/:registrationId/claim', { params: { registrationId } }),
    onSettled: () => client.invalidateQueries({ queryKey: TEAMS }),
  })
}
