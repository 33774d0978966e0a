import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { registerAtDesk } from '../../../../shared/contracts/desk.ts'
import { call } from '../../../lib/endpoint.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { TEAMS } from '../../../queries/teams.ts'

/** Registers the customer, or one of their children, for a league, or puts the customer on a team; every staff read follows. */
export function useRegisterAtDesk(userId: string) {
  const client = useQueryClient()
  // One key per registration asked for: a retry of the same click is answered with its first result.
  const [key, setKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: (place: { leagueId: string; childId: string; teamId: string }) =>
      call<typeof registerAtDesk>('POST', '/api/desk/customers/:userId/registrations', { params: { userId }, body: place, headers: { 'Idempotency-Key': key } }),
    onSuccess: async () => {
      setKey(newIdempotencyKey())
      await Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: TEAMS })])
    },
  })
}
