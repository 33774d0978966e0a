import { queryOptions } from '@tanstack/react-query'
import type { readRegistration } from '../../shared/contracts/registrations.ts'
import { call } from '../lib/endpoint.ts'

/** One registration with its payments and history, for staff. */
export const registrationDetailQuery = (registrationId: string) =>
  queryOptions({
    queryKey: ['admin', 'registrations', 'detail', registrationId],
    queryFn: () => call<typeof readRegistration>('GET', '/api/admin/registrations/:registrationId', { params: { registrationId } }),
  })
