import { useMutation } from '@tanstack/react-query'
import type { MakePasswordLinkInput, PasswordLinkMade } from '../../../../shared/schemas/users.ts'
import { httpsCallable } from '../../../lib/callable.ts'

const makePasswordLink = httpsCallable<MakePasswordLinkInput, PasswordLinkMade>('makePasswordLink')

/** An admin's one-time password link for any account: emailed, or answered for the admin to hand over. Nothing cached changes. */
export function useMakePasswordLink() {
  return useMutation({
    mutationFn: async (input: MakePasswordLinkInput) => (await makePasswordLink(input)).data,
  })
}
