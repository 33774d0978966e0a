import { queryOptions } from '@tanstack/react-query'
import type { ListUsersInput, ListUsersResult } from '../../shared/schemas/users.ts'
import { httpsCallable } from '../lib/callable.ts'

const listUsers = httpsCallable<Partial<ListUsersInput>, ListUsersResult>('listUsers')

/** Every account with a query: what the Users page shows (the callable function listUsers, product §7). */
export const USERS = ['admin', 'users'] as const

/** One page of accounts, by search text and role. */
export const usersQuery = (input: Partial<ListUsersInput>) =>
  queryOptions({
    queryKey: [...USERS, input],
    queryFn: async () => (await listUsers(input)).data,
  })
