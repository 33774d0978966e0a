import { queryOptions } from '@tanstack/react-query'
import type { readOutbox } from '../../shared/contracts/mail.ts'
import { readOf } from './read-of.ts'

/** One page of the email outbox, newest first: every email, or those whose address or subject contains `search`. */
export const outboxQuery = (page: number, search = '') =>
  queryOptions({
    queryKey: ['admin', 'outbox', page, search],
    ...readOf<typeof readOutbox>('/api/admin/outbox', { query: { page: String(page), ...(search ? { q: search } : {}) } }),
  })
