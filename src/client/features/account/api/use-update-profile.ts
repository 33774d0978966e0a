import { useMutation } from '@tanstack/react-query'
import type { updateProfile } from '../../../../shared/contracts/session.ts'
import { call } from '../../../lib/endpoint.ts'
import { useSession } from '../../../lib/session.tsx'

/** A new display name and phone: the top bar and the stored session user read the session, so it is read again. */
export function useUpdateProfile() {
  const { refresh } = useSession()
  return useMutation({
    mutationFn: (body: { displayName: string; phone: string }) => call<typeof updateProfile>('POST', '/api/account/profile', { body }),
    onSuccess: () => refresh(),
  })
}
