import type { ListUsersInput, ListUsersResult, SetUserRoleInput } from '../../../shared/schemas/users.ts'
import { httpsCallable } from '../../lib/callable.ts'

export const listUsers = httpsCallable<Partial<ListUsersInput>, ListUsersResult>('listUsers')
export const setUserRole = httpsCallable<SetUserRoleInput, SetUserRoleInput>('setUserRole')
