import { useMutation } from '@tanstack/react-query'
import type { sendPasswordReset } from '../../../../shared/contracts/desk.ts'
import { call } from '../../../lib/endpoint.ts'

/** A one-time link for the customer to choose a password: emailed, or answered for staff to hand over. */
export function useSendPasswordLink(userId: string) {
  return useMutation({
    mutationFn: () => call<typeof sendPasswordReset>('POST', '/api/desk/customers/:userId/password-reset', { params: { userId } }),
  })
}
