import { queryOptions } from '@tanstack/react-query'
import type { readMoneySection } from '../../../../shared/contracts/dashboard-sections.ts'
import { readOf } from '../../../queries/read-of.ts'

/** The Dashboard's Money section: a request of its own, so it never waits for another section. */
export const moneySectionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-section', 'money'],
    ...readOf<typeof readMoneySection>('/api/dashboard/money'),
  })
