import { queryOptions } from '@tanstack/react-query'
import type { readRegistrationSection } from '../../../../shared/contracts/dashboard-sections.ts'
import { readOf } from '../../../queries/read-of.ts'

/** The Dashboard's Registration section: a request of its own, so it never waits for another section. */
export const registrationSectionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-section', 'registration'],
    ...readOf<typeof readRegistrationSection>('/api/dashboard/registration'),
  })
