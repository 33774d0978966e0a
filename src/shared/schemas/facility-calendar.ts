/**
 * The facility's one calendar (issue 33, docs/decisions/0034): what a booking of a playing area
 * that does not fit is told.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Tue 12 Jan" from "2027-01-12". */
export function shortDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`
}

export const FACILITY_MESSAGES = {
  areaTaken: (area: string, by: { date: string; startTime: string; endTime: string; label: string }) =>
    `${area} is taken on ${shortDay(by.date)} ${by.startTime}–${by.endTime} by ${by.label}: choose another time or playing area.`,
}
