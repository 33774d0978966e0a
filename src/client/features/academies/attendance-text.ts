import { WEEKDAY_NAMES, weekdayOf } from '../../../shared/academy-schedule.ts'
import type { AttendanceMark } from '../../../shared/contracts/attendance.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'

/** The words and sums of the attendance sheet, apart from its components so they can be unit-tested. */

/** A staff academies page (`/academyRegistrations`, or the desk's) with an academy's attendance panel open. */
export function attendanceHref(academyId: string, page: string = href('academyRegistrations')): string {
  return `${page}?${new URLSearchParams({ academy: academyId, view: 'attendance' }).toString()}`
}

/** The session the door view opens at: today's, else the next one, else the last one held. */
export function defaultSession(sessions: readonly string[], today: string): string | undefined {
  return sessions.find((date) => date >= today) ?? sessions.at(-1)
}

/** "Tuesday 1/12/2027", with "(today)" on today's. */
export function sessionLabel(date: string, today: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${formatDate(date)}${date === today ? ' (today)' : ''}`
}

/** "1/12": a column of the printed sheet. */
export function shortDate(date: string): string {
  return formatDate(date).replace(/\/\d{4}$/, '')
}

/** The cell's key, for looking marks up. */
export const cellKey = (registrationId: string, sessionDate: string) => `${registrationId} ${sessionDate}`

/** Every mark by its cell: true present, false absent; a cell not in it is not marked. */
export function marksByCell(marks: readonly AttendanceMark[]): Map<string, boolean> {
  return new Map(marks.map((m) => [cellKey(m.registrationId, m.sessionDate), m.present]))
}

/** The sessions a participant came to. */
export function sessionsAttended(cells: ReadonlyMap<string, boolean>, registrationId: string, sessions: readonly string[]): number {
  return sessions.filter((date) => cells.get(cellKey(registrationId, date)) === true).length
}

/** "8 present, 1 absent, 3 not marked" for one session. */
export function sessionSummary(cells: ReadonlyMap<string, boolean>, registrationIds: readonly string[], date: string): string {
  const marks = registrationIds.map((id) => cells.get(cellKey(id, date)))
  const present = marks.filter((m) => m === true).length
  const absent = marks.filter((m) => m === false).length
  return `${present} present, ${absent} absent, ${marks.length - present - absent} not marked`
}

/** Replaces one cell's mark in a sheet's marks (or adds it): what the door view shows before the server answers. */
export function withMark<M extends AttendanceMark>(marks: readonly M[], mark: M): M[] {
  const others = marks.filter((m) => m.registrationId !== mark.registrationId || m.sessionDate !== mark.sessionDate)
  return [...others, mark]
}

/** Takes one cell's mark out again (a mark that failed to save, on a cell that had none). */
export function withoutMark<M extends AttendanceMark>(marks: readonly M[], cell: Pick<AttendanceMark, 'registrationId' | 'sessionDate'>): M[] {
  return marks.filter((m) => m.registrationId !== cell.registrationId || m.sessionDate !== cell.sessionDate)
}
