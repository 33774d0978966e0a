import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { DropInSignUp, signUpForDropIn } from '../../../../shared/contracts/drop-ins.ts'
import { call } from '../../../lib/endpoint.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { dropInsQuery } from '../../../queries/drop-ins.ts'
import { myRegistrationsQuery } from '../../../queries/my-registrations.ts'

/**
 * Signs the person (an adults' session) or their chosen children up for a drop-in. The same choice
 * sent again (a retry after a timeout, a double press) carries the same Idempotency-Key, so it
 * settles to the places the server already made; another choice gets a new key.
 */
export function useDropInSignUp(dropInId: string, userId: string) {
  const client = useQueryClient()
  const keys = useRef(new Map<string, string>())
  const keyOf = (participants: DropInSignUp['participants']) => {
    const choice = JSON.stringify(participants)
    const key = keys.current.get(choice) ?? newIdempotencyKey()
    keys.current.set(choice, key)
    return key
  }
  return useMutation({
    mutationFn: (participants: DropInSignUp['participants']) =>
      call<typeof signUpForDropIn>('POST', '/api/drop-ins/:dropInId/registrations', {
        params: { dropInId },
        body: { participants },
        headers: { 'idempotency-key': keyOf(participants) },
      }),
    // The spots left changed, and the person's registrations.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: dropInsQuery().queryKey }),
        client.invalidateQueries({ queryKey: myRegistrationsQuery(userId).queryKey }),
      ]),
  })
}
