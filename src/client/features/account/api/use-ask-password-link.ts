import { useMutation } from '@tanstack/react-query'
import type { requestPasswordReset } from '../../../../shared/contracts/account.ts'
import { call } from '../../../lib/endpoint.ts'

/** Forgot Password: a link to choose a new password, emailed; the answer is the same for every address. */
export function useAskPasswordLink() {
  return useMutation({
    mutationFn: (email: string) => call<typeof requestPasswordReset>('POST', '/api/auth/request-password-reset', { body: { email } }),
  })
}
