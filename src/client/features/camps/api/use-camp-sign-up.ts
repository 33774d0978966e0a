import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { CampSignUp, signUpForCamp } from '../../../../shared/contracts/camps.ts'
import { call } from '../../../lib/endpoint.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { campsQuery } from '../../../queries/camps.ts'
import { myRegistrationsQuery } from '../../../queries/my-registrations.ts'

/**
 * Signs the chosen children up for a camp. The same choice sent again (a retry after a timeout, a
 * double press) carries the same Idempotency-Key, so it settles to the places the server already
 * made; another choice gets a new key.
 */
export function useCampSignUp(campId: string, userId: string) {
  const client = useQueryClient()
  const keys = useRef(new Map<string, string>())
  const keyOf = (participants: CampSignUp['participants']) => {
    const choice = JSON.stringify(participants)
    const key = keys.current.get(choice) ?? newIdempotencyKey()
    keys.current.set(choice, key)
    return key
  }
  return useMutation({
    mutationFn: (participants: CampSignUp['participants']) =>
      call<typeof signUpForCamp>('POST', '/api/camps/:campId/registrations', {
        params: { campId },
        body: { participants },
        headers: { 'idempotency-key': keyOf(participants) },
      }),
    // The places left changed, and the family's registrations.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: campsQuery().queryKey }),
        client.invalidateQueries({ queryKey: myRegistrationsQuery(userId).queryKey }),
      ]),
  })
}
