import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { AcademySignUp, signUpForAcademy } from '../../../../shared/contracts/academies.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesQuery } from '../../../queries/academies.ts'
import { myRegistrationsQuery } from '../../../queries/my-registrations.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'

/**
 * Signs the chosen people up for an academy. The same choice sent again (a retry after a
 * timeout, a double press) carries the same Idempotency-Key, so it settles to the places the
 * server already made; another choice gets a new key.
 */
export function useAcademySignUp(academyId: string, userId: string) {
  const client = useQueryClient()
  const keys = useRef(new Map<string, string>())
  const keyOf = (participants: AcademySignUp['participants']) => {
    const choice = JSON.stringify(participants)
    const key = keys.current.get(choice) ?? newIdempotencyKey()
    keys.current.set(choice, key)
    return key
  }
  return useMutation({
    mutationFn: (participants: AcademySignUp['participants']) =>
      call<typeof signUpForAcademy>('POST', '/api/academies/:academyId/registrations', {
        params: { academyId },
        body: { participants },
        headers: { 'idempotency-key': keyOf(participants) },
      }),
    // The places left changed, and the person's registrations.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: academiesQuery().queryKey }),
        client.invalidateQueries({ queryKey: myRegistrationsQuery(userId).queryKey }),
      ]),
  })
}
