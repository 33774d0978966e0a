import { facilityToday, formatDate } from '../../../shared/format.ts'
import { invalid } from '../refusals.ts'

/**
 * A league, academy or camp is created to take registrations: one whose last day has already
 * passed would open to nobody (and take the home page's card from one that does), so creating it
 * is refused; one already made is edited as it is.
 */
export function refuseEnded(endDate: string, what: { label: string; noun: string }, now: Date, timeZone: string): void {
  if (endDate >= facilityToday(now, timeZone)) return
  const message = `${what.label} (${formatDate(endDate)}) has already passed: a new ${what.noun} must end today or later.`
  throw invalid(message, { endDate: message })
}
