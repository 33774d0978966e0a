import { queryOptions } from '@tanstack/react-query'
import type { myRegistrations } from '../../shared/contracts/registrations.ts'
import { readOf } from './read-of.ts'

/** The signed-in person's registrations and their children's, newest first. */
export const myRegistrationsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'registrations'],
    ...readOf<typeof myRegistrations>('/api/registrations/mine'),
  })
