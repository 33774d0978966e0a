import { queryOptions } from '@tanstack/react-query'
import type { customerRecord, findCustomers, leagueRegistrants } from '../../shared/contracts/desk.ts'
import type { readDeskDrawer } from '../../shared/contracts/drawer.ts'
import { call } from '../lib/endpoint.ts'
import { readOf } from './read-of.ts'

/** The front desk's reads (docs/decisions/0016); under 'admin' so every staff change refreshes them. */
export const DESK = ['admin', 'desk'] as const

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...DESK, 'search', q],
    queryFn: () => call<typeof findCustomers>('GET', '/api/desk/customers', { query: { q } }),
    enabled: q.trim().length >= 2,
    staleTime: 5_000,
  })

export const customerRecordQuery = (userId: string) =>
  queryOptions({
    queryKey: [...DESK, 'customer', userId],
    ...readOf<typeof customerRecord>('/api/desk/customers/:userId', { params: { userId } }),
  })

export const registrantsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: [...DESK, 'registrants', leagueId],
    ...readOf<typeof leagueRegistrants>('/api/desk/leagues/:leagueId/registrants', { params: { leagueId } }),
  })

/** The drawer of a facility day (the facility's today when `day` is left out). */
export const drawerQuery = (day?: string) =>
  queryOptions({
    queryKey: [...DESK, 'drawer', day ?? 'today'],
    ...readOf<typeof readDeskDrawer>('/api/desk/drawer', { query: day ? { day } : {} }),
  })
