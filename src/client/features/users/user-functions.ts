import type { SetUserRoleInput } from '../../../shared/schemas/users.ts'
import { httpsCallable } from '../../lib/callable.ts'

export const setUserRole = httpsCallable<SetUserRoleInput, SetUserRoleInput>('setUserRole')
