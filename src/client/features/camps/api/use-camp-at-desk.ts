import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { CampSignUp, signUpForCampAtDesk } from '../../../../shared/contracts/camps.ts'
import { call } from '../../../lib/endpoint.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'

/** Signs some of a customer's children up for a camp at the desk; every staff read (the customer's record, the camps) follows. */
export function useCampAtDesk(userId: string, campId: string) {
  const client = useQueryClient()
  // One key per sign-up asked for: a retry of the same press is answered with its first result.
  const [key, setKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: (participants: CampSignUp['participants']) =>
      call<typeof signUpForCampAtDesk>('POST', '/api/desk/customers/:userId/camps/:campId/registrations', {
        params: { userId, campId },
        body: { participants },
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: async () => {
      setKey(newIdempotencyKey())
      await client.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}
