import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { weekdayOf } from '../../shared/academy-schedule.ts'
import type { facilityCalendar, listPlayingAreas } from '../../shared/contracts/schedule.ts'
import { addDays } from '../../shared/registration-window.ts'
import { facilityDayNow } from '../lib/facility-day.ts'
import { readOf } from './read-of.ts'

/** The facility's playing areas, for admins: the courts and fields games are scheduled on. */
export const playingAreasQuery = () =>
  queryOptions({
    queryKey: ['admin', 'playing-areas'],
    ...readOf<typeof listPlayingAreas>('/api/admin/playing-areas'),
  })

/** A playing area was added, changed or deleted: the list reads it again. */
export function playingAreasChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: playingAreasQuery().queryKey })
}

/** The Monday of the facility's week today: the week /admin/playingAreas opens on. */
export function thisWeeksMonday(): string {
  const today = facilityDayNow()
  return addDays(today, 1 - weekdayOf(today))
}

/** What is on the facility's playing areas the seven days from `monday`, for staff (under the areas' key: a change to an area reads it again). */
export const facilityWeekQuery = (monday: string) => {
  const query = { from: monday, to: addDays(monday, 6) }
  return queryOptions({
    queryKey: ['admin', 'playing-areas', 'calendar', query],
    ...readOf<typeof facilityCalendar>('/api/admin/playing-areas/calendar', { query }),
  })
}
