import { queryOptions } from '@tanstack/react-query'
import type { listPendingRegistrations } from '../../shared/contracts/registrations.ts'
import { readOf } from './read-of.ts'

/** Registrations awaiting payment or a decision, of one league ('' for all), whose names contain `search`. */
export const pendingRegistrationsQuery = (leagueId: string, search = '') =>
  queryOptions({
    queryKey: ['admin', 'registrations', 'pending', leagueId, search],
    ...readOf<typeof listPendingRegistrations>('/api/admin/registrations', {
      query: { ...(leagueId ? { leagueId } : {}), ...(search ? { q: search } : {}) },
    }),
  })
