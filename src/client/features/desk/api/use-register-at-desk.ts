import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { registerAtDesk } from '../../../../shared/contracts/desk.ts'
import { call } from '../../../lib/endpoint.ts'

/** Registers the customer, or one of their children, for a league; every staff read follows. */
export function useRegisterAtDesk(userId: string) {
  const client = useQueryClient()
  // One key per registration asked for: a retry of the same click is answered with its first result.
  const [key, setKey] = useState(() => crypto.randomUUID())
  return useMutation({
    mutationFn: (place: { leagueId: string; childId: string }) =>
      call<typeof registerAtDesk>('POST', '/api/desk/customers/:userId/registrations', { params: { userId }, body: place, headers: { 'Idempotency-Key': key } }),
    onSuccess: async () => {
      setKey(crypto.randomUUID())
      await client.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}
