import { queryOptions } from '@tanstack/react-query'
import type { readUnsubscribe } from '../../shared/contracts/messages.ts'
import { readOf } from './read-of.ts'

/** The address an unsubscribe link was made for; reading it changes nothing. */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token],
    ...readOf<typeof readUnsubscribe>('/api/unsubscribe/:token', { params: { token } }),
  })
