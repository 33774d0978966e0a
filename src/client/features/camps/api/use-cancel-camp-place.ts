import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { cancelRegistrationByStaff } from '../../../../shared/contracts/registrations.ts'
import { call } from '../../../lib/endpoint.ts'
import { campsChanged } from '../../../queries/admin-camps.ts'

/** Staff cancel a child's place at a camp — an admin with what was paid recorded as refunded (decision 0016) — the place goes to the waitlist, and the lists read afresh. */
export function useCancelCampPlace() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ registrationId, refund }: { registrationId: string; refund: boolean }) =>
      call<typeof cancelRegistrationByStaff>('POST', '/api/admin/registrations/:registrationId/cancel', { params: { registrationId }, body: { refund } }),
    onSettled: () => campsChanged(client),
  })
}
