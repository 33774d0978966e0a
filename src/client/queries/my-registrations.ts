import { queryOptions } from '@tanstack/react-query'
import type { myRegistrations } from '../../shared/contracts/registrations.ts'
import { call } from '../lib/endpoint.ts'

/** The signed-in person's registrations and their children's, newest first. */
export const myRegistrationsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'registrations'],
    queryFn: () => call<typeof myRegistrations>('GET', '/api/registrations/mine'),
  })
