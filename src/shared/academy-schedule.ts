/**
 * An academy meets on a weekly pattern: some weekdays, from a start to an end time, between its
 * first and last date, minus the dates skipped (holidays). Dates are the facility's calendar
 * dates (YYYY-MM-DD, docs/decisions/0003) and times its wall-clock times (HH:MM): a session at
 * 18:00 is at 18:00 on both sides of a daylight-saving change.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
}

export interface WeeklySchedule {
  weekdays: readonly Weekday[]
  /** HH:MM, the facility's time. */
  startTime: string
  endTime: string
  firstDate: string
  lastDate: string
  skippedDates: readonly string[]
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

export function weekdayOf(date: string): Weekday {
  return (((new Date(dayNumber(date) * DAY_MS).getUTCDay() + 6) % 7) + 1) as Weekday
}

/** Every date the academy meets on, in order. */
export function sessionDates(schedule: WeeklySchedule): string[] {
  const days = new Set(schedule.weekdays)
  const skipped = new Set(schedule.skippedDates)
  const dates: string[] = []
  for (let day = dayNumber(schedule.firstDate); day <= dayNumber(schedule.lastDate); day++) {
    const date = dateOf(day)
    if (days.has(weekdayOf(date)) && !skipped.has(date)) dates.push(date)
  }
  return dates
}

const isWeekday = (n: number): n is Weekday => (WEEKDAYS as readonly number[]).includes(n)

/** An academy's row as stored: weekdays as `2,4`, skipped dates as `2026-11-26,2026-12-24`. */
export interface StoredSchedule {
  weekdays: string
  startTime: string | null
  endTime: string | null
  skippedDates: string
  startDate: string
  endDate: string
}

/** A stored schedule read back, with the session dates that follow from it. */
export function readSchedule(row: StoredSchedule): { weekdays: Weekday[]; skippedDates: string[]; sessionDates: string[] } {
  const weekdays = row.weekdays.split(',').map(Number).filter(isWeekday)
  const skippedDates = row.skippedDates.split(',').filter((date) => date !== '')
  const schedule = { weekdays, startTime: row.startTime ?? '', endTime: row.endTime ?? '', firstDate: row.startDate, lastDate: row.endDate, skippedDates }
  return { weekdays, skippedDates, sessionDates: sessionDates(schedule) }
}

/**
 * The first and last sessions a family attends, which need not be the days its range was set
 * from: what every page shows as an academy's dates (its cards, receipts, reports). The range's
 * own days when it has no session.
 */
export function academySessionRange(academy: { sessionDates: readonly string[]; startDate: string; endDate: string }): { first: string; last: string } {
  return { first: academy.sessionDates[0] ?? academy.startDate, last: academy.sessionDates.at(-1) ?? academy.endDate }
}

/** "6:00 PM" from "18:00". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}

/** "Tuesdays and Thursdays, 6:00 PM – 7:15 PM". */
export function describeSchedule(schedule: Pick<WeeklySchedule, 'weekdays' | 'startTime' | 'endTime'>): string {
  const names = [...schedule.weekdays].sort((a, b) => a - b).map((day) => `${WEEKDAY_NAMES[day]}s`)
  const days = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `${days}, ${formatTime(schedule.startTime)} – ${formatTime(schedule.endTime)}`
}

/** The instant a session starts: its date and wall-clock time in `timeZone`, whatever the offset that day. */
export function sessionStartsAt(date: string, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const wall = dayNumber(date) * DAY_MS + (hours * 60 + minutes) * 60_000
  // The offset at the guess, then at the answer: they differ only within a change of offset.
  let instant = wall - offsetMs(new Date(wall), timeZone)
  instant = wall - offsetMs(new Date(instant), timeZone)
  return new Date(instant)
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  )
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wall - Math.floor(at.getTime() / 1000) * 1000
}
