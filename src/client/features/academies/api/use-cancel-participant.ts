import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { cancelRegistrationByStaff } from '../../../../shared/contracts/registrations.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesChanged } from '../../../queries/admin-academies.ts'

/** Staff cancel a participant's place — an admin with what was paid recorded as refunded (decision 0016) — the place goes to the waitlist, and the lists read afresh. */
export function useCancelParticipant() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ registrationId, refund }: { registrationId: string; refund: boolean }) =>
      call<typeof cancelRegistrationByStaff>('POST', '/api/admin/registrations/:registrationId/cancel', { params: { registrationId }, body: { refund } }),
    onSettled: () => academiesChanged(client),
  })
}
