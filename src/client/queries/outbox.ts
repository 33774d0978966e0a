import { queryOptions } from '@tanstack/react-query'
import type { readOutbox } from '../../shared/contracts/mail.ts'
import { call } from '../lib/endpoint.ts'

/** One page of the email outbox, newest first: every email, or those whose address or subject contains `search`. */
export const outboxQuery = (page: number, search = '') =>
  queryOptions({
    queryKey: ['admin', 'outbox', page, search],
    queryFn: () => call<typeof readOutbox>('GET', '/api/admin/outbox', { query: { page: String(page), ...(search ? { q: search } : {}) } }),
  })
