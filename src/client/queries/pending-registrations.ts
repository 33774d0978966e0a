import { queryOptions } from '@tanstack/react-query'
import type { listPendingRegistrations } from '../../shared/contracts/registrations.ts'
import { call } from '../lib/endpoint.ts'

/** Registrations awaiting payment or a decision, of one league ('' for all). */
export const pendingRegistrationsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['admin', 'registrations', 'pending', leagueId],
    queryFn: () => call<typeof listPendingRegistrations>('GET', '/api/admin/registrations', { query: leagueId ? { leagueId } : {} }),
  })
