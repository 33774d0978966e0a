import { queryOptions } from '@tanstack/react-query'
import type { readOutbox } from '../../shared/contracts/mail.ts'
import { call } from '../lib/endpoint.ts'

/** One page of the email outbox, newest first. */
export const outboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'outbox', page],
    queryFn: () => call<typeof readOutbox>('GET', '/api/admin/outbox', { query: { page: String(page) } }),
  })
