import { useMutation } from '@tanstack/react-query'
import type { createWalkIn } from '../../../../shared/contracts/desk.ts'
import type { WalkInForm } from '../../../../shared/schemas/desk.ts'
import { call } from '../../../lib/endpoint.ts'

/** An account made at the desk for a customer with no password: they claim it later from a link. */
export function useCreateWalkIn() {
  return useMutation({
    mutationFn: (customer: Record<keyof typeof WalkInForm, string>) => call<typeof createWalkIn>('POST', '/api/desk/customers', { body: customer }),
  })
}
