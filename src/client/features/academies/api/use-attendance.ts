import { queryOptions, useQuery } from '@tanstack/react-query'
import type { getAttendance } from '../../../../shared/contracts/attendance.ts'
import { readOf } from '../../../queries/read-of.ts'

/** An academy's attendance sheet: sessions, confirmed participants, marks. */
export const attendanceQuery = (academyId: string) =>
  queryOptions({
    queryKey: ['admin', 'academies', academyId, 'attendance'],
    ...readOf<typeof getAttendance>('/api/admin/academies/:academyId/attendance', { params: { academyId } }),
  })

export function useAttendance(academyId: string) {
  return useQuery(attendanceQuery(academyId))
}
