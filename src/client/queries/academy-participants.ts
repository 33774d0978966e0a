import { queryOptions } from '@tanstack/react-query'
import type { listAcademyParticipants } from '../../shared/contracts/academies.ts'
import { adminAcademiesQuery } from './admin-academies.ts'
import { readOf } from './read-of.ts'

/** An academy's participants and waitlist, for staff; under the staff's academies, so a change to either reads both again. */
export const academyParticipantsQuery = (academyId: string) =>
  queryOptions({
    queryKey: [...adminAcademiesQuery().queryKey, academyId, 'participants'],
    ...readOf<typeof listAcademyParticipants>('/api/admin/academies/:academyId/participants', { params: { academyId } }),
  })
