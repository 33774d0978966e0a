import { queryOptions } from '@tanstack/react-query'
import type { readDashboard } from '../../shared/contracts/dashboard.ts'
import { readOf } from './read-of.ts'

/** The Dashboard's figures and the state of backups. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    ...readOf<typeof readDashboard>('/api/dashboard'),
  })
