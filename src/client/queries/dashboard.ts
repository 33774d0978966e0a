import { queryOptions } from '@tanstack/react-query'
import type { readDashboard } from '../../shared/contracts/dashboard.ts'
import { call } from '../lib/endpoint.ts'

/** The Dashboard's figures and the state of backups. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => call<typeof readDashboard>('GET', '/api/dashboard'),
  })
