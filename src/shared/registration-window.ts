/**
 * When a league takes registrations, in the facility's calendar days (`YYYY-MM-DD`): from its
 * registration date through the day before it starts, or through a later (or earlier) deadline
 * staff set. The server decides with these functions and the sign-up pages show the same, so
 * a page never offers a button the server would refuse.
 */

export interface RegistrationDates {
  registrationDate: string
  startDate: string
  /** The last day to register, when staff set one; otherwise the day before the start. */
  registrationDeadline: string | null
}

export type RegistrationWindow = 'upcoming' | 'open' | 'closed'

/** The calendar day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

export function lastRegistrationDay(league: Pick<RegistrationDates, 'startDate' | 'registrationDeadline'>): string {
  return league.registrationDeadline ?? addDays(league.startDate, -1)
}

/** `today` is the facility's calendar day (`facilityToday`). */
export function registrationWindow(league: RegistrationDates, today: string): RegistrationWindow {
  if (league.registrationDate > today) return 'upcoming'
  if (lastRegistrationDay(league) < today) return 'closed'
  return 'open'
}
