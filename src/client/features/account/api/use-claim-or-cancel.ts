import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { cancelRegistration, claimOffer } from '../../../../shared/contracts/registrations.ts'
import { call } from '../../../lib/endpoint.ts'
import { myRegistrationsQuery } from '../../../queries/my-registrations.ts'
import { OPEN_LEAGUES } from '../../../queries/open-leagues.ts'

export type PlaceAction = 'claim' | 'cancel'

/**
 * A place offered from the waitlist claimed, or a registration cancelled, by its holder. The
 * lists read it again also after a refusal: an offer that expired meanwhile shows as expired. A
 * place claimed or given up changes the places left on the sign-up pages too.
 */
export function useClaimOrCancel(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ registrationId, action }: { registrationId: string; action: PlaceAction }) =>
      action === 'claim'
        ? call<typeof claimOffer>('POST', '/api/registrations/:registrationId/claim', { params: { registrationId } })
        : call<typeof cancelRegistration>('POST', '/api/registrations/:registrationId/cancel', { params: { registrationId } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: myRegistrationsQuery(userId).queryKey })
      void client.invalidateQueries({ queryKey: OPEN_LEAGUES })
    },
  })
}
