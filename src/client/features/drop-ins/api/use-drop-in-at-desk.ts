import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { DropInSignUp, signUpForDropInAtDesk } from '../../../../shared/contracts/drop-ins.ts'
import { call } from '../../../lib/endpoint.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { dropInsQuery } from '../../../queries/drop-ins.ts'

/** Sells a customer (or their children) a place at a drop-in at the desk or the door; every staff read (the customer's record, the headcount) follows. */
export function useDropInAtDesk(userId: string, dropInId: string) {
  const client = useQueryClient()
  // One key per sale asked for: a retry of the same press is answered with its first result.
  const [key, setKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: (participants: DropInSignUp['participants']) =>
      call<typeof signUpForDropInAtDesk>('POST', '/api/desk/customers/:userId/drop-ins/:dropInId/registrations', {
        params: { userId, dropInId },
        body: { participants },
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: async () => {
      setKey(newIdempotencyKey())
      await Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: dropInsQuery().queryKey })])
    },
  })
}
