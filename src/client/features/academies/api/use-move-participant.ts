import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { moveAcademyParticipant } from '../../../../shared/contracts/academies.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesChanged } from '../../../queries/admin-academies.ts'

/** Staff move a participant to another academy; both academies' places, lists and waitlists read afresh either way. */
export function useMoveParticipant() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ registrationId, academyId }: { registrationId: string; academyId: string }) =>
      call<typeof moveAcademyParticipant>('POST', '/api/admin/academy-registrations/:registrationId/move', { params: { registrationId }, body: { academyId } }),
    onSettled: () => academiesChanged(client),
  })
}
