import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SetUserRoleInput } from '../../../../shared/schemas/users.ts'
import { httpsCallable } from '../../../lib/callable.ts'
import { USERS } from '../../../queries/users.ts'

const setUserRole = httpsCallable<SetUserRoleInput, SetUserRoleInput>('setUserRole')

/** A new role for a user, through the callable function; the lists of users read it afresh. */
export function useSetUserRole() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: SetUserRoleInput) => setUserRole(change),
    // Not awaited: the change is told at once, and the list follows when it arrives.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: USERS })
    },
  })
}
