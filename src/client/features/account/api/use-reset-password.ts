import { useMutation } from '@tanstack/react-query'
import type { resetPassword } from '../../../../shared/contracts/account.ts'
import { call, type Request } from '../../../lib/endpoint.ts'
import { useSession } from '../../../lib/session.tsx'

/**
 * A new password from a one-time link; every signed-in session ends. A first password may sign
 * the person in: then the session is read again, and `signedIn` says whether it took.
 */
export function useResetPassword() {
  const { refresh } = useSession()
  return useMutation({
    mutationFn: async (body: NonNullable<Request<typeof resetPassword>['body']>) => {
      const { user } = await call<typeof resetPassword>('POST', '/api/auth/reset-password', { body })
      return { signedIn: user !== null && (await refresh()) !== null }
    },
  })
}
