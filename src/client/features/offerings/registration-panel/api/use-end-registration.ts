import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { cancelRegistrationByStaff, declineRegistration } from '../../../../../shared/contracts/registrations.ts'
import { call } from '../../../../lib/endpoint.ts'
import { registrationChanged } from './registration-changed.ts'

export type Ending = 'decline' | 'cancel'

/** A registration declined or cancelled by staff, with what it paid recorded as refunded or not. */
export function useEndRegistration(registrationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ ending, refund }: { ending: Ending; refund: boolean }) => {
      const request = { params: { registrationId }, body: { refund } }
      return ending === 'decline'
        ? call<typeof declineRegistration>('POST', '/api/admin/registrations/:registrationId/decline', request)
        : call<typeof cancelRegistrationByStaff>('POST', '/api/admin/registrations/:registrationId/cancel', request)
    },
    onSuccess: () => registrationChanged(client),
  })
}
