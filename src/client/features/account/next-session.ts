import { formatTime, sessionStartsAt } from '../../../shared/academy-schedule.ts'
import type { Schedule } from '../../../shared/contracts/registrations.ts'
import { formatDate } from '../../../shared/format.ts'

/**
 * The next session of a place in an academy, a camp or a drop-in that has not started at `now`
 * ("12/1/2026, 6:00 PM"); today's, once it has started and none is left after it ("Today, started
 * at 7:00 PM"); null when none is left.
 */
export function nextSessionText(schedule: Schedule, today: string, now: Date, timeZone: string): string | null {
  const { startTime } = schedule
  const upcoming = schedule.sessionDates.filter((date) => date >= today)
  const started = (date: string) => startTime !== null && date === today && sessionStartsAt(date, startTime, timeZone) <= now
  const next = upcoming.find((date) => !started(date))
  if (next) return `${formatDate(next)}${startTime ? `, ${formatTime(startTime)}` : ''}`
  return upcoming.length > 0 && startTime ? `Today, started at ${formatTime(startTime)}` : null
}
