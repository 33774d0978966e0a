import { queryOptions } from '@tanstack/react-query'
import type { readReportsIndex, readSeasonSummary } from '../../shared/contracts/reports.ts'
import { readOf } from './read-of.ts'

/** What the Reports page offers: the season's first day, today and every program to report on. */
export const reportsIndexQuery = () =>
  queryOptions({
    queryKey: ['admin', 'reports'],
    ...readOf<typeof readReportsIndex>('/api/admin/reports'),
  })

/** A league's, academy's or camp's season on one page. */
export const seasonSummaryQuery = (ownerId: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'summary', ownerId],
    ...readOf<typeof readSeasonSummary>('/api/admin/reports/summary/:ownerId', { params: { ownerId } }),
  })
