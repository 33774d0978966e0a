import { useQuery } from '@tanstack/react-query'
import { facilityWeekQuery } from '../../../queries/playing-areas.ts'

/** What is on the facility's playing areas the seven days from `monday`, for staff. */
export function useFacilityWeek(monday: string) {
  return useQuery(facilityWeekQuery(monday))
}
