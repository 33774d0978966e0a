import { useMutation } from '@tanstack/react-query'
import type { changePassword } from '../../../../shared/contracts/account.ts'
import { call } from '../../../lib/endpoint.ts'

/** A new password for the signed-in person, given their current one; nothing shown reads it. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => call<typeof changePassword>('POST', '/api/account/password', { body }),
  })
}
