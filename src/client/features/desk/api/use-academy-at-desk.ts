import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AcademySignUp } from '../../../../shared/contracts/academies.ts'
import type { signUpForAcademyAtDesk } from '../../../../shared/contracts/desk-family.ts'
import { call } from '../../../lib/endpoint.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'

/** Signs a customer, or some of their children, up for an academy at the desk; every staff read follows. */
export function useAcademyAtDesk(userId: string, academyId: string) {
  const client = useQueryClient()
  // One key per sign-up asked for: a retry of the same press is answered with its first result.
  const [key, setKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: (participants: AcademySignUp['participants']) =>
      call<typeof signUpForAcademyAtDesk>('POST', '/api/desk/customers/:userId/academies/:academyId/registrations', {
        params: { userId, academyId },
        body: { participants },
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: async () => {
      setKey(newIdempotencyKey())
      await client.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}
