import { queryOptions, useQuery } from '@tanstack/react-query'
import type { facilityCalendar } from '../../../../shared/contracts/schedule.ts'
import { addDays } from '../../../../shared/registration-window.ts'
import { readOf } from '../../../queries/read-of.ts'

/** What is on the facility's playing areas the seven days from `monday`, for staff. */
export const facilityWeekQuery = (monday: string) => {
  const query = { from: monday, to: addDays(monday, 6) }
  return queryOptions({
    queryKey: ['admin', 'playing-areas', 'calendar', query],
    ...readOf<typeof facilityCalendar>('/api/admin/playing-areas/calendar', { query }),
  })
}

export function useFacilityWeek(monday: string) {
  return useQuery(facilityWeekQuery(monday))
}
