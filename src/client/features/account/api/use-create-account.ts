import { useMutation } from '@tanstack/react-query'
import type { signUp } from '../../../../shared/contracts/account.ts'
import { call, type Request } from '../../../lib/endpoint.ts'
import { useSession } from '../../../lib/session.tsx'

/**
 * A new account. Without confirmation by email the answer signs the person in, and the session
 * is read again; with it, the answer is only the words to show (docs/decisions/0008).
 */
export function useCreateAccount() {
  const { refresh } = useSession()
  return useMutation({
    mutationFn: (body: NonNullable<Request<typeof signUp>['body']>) => call<typeof signUp>('POST', '/api/auth/sign-up/email', { body }),
    onSuccess: async (answer) => {
      if (!('message' in answer)) await refresh()
    },
  })
}
