import { centsFromDollars } from '../money.ts'
import { addDays } from '../registration-window.ts'
import type { FormSpec } from '../validation/rules.ts'
import { ISO_DATE, minimumAboveCapacity, PROGRAM_FIELDS, PROGRAM_MINIMUM, PROGRAM_NAMING, PROGRAM_SALE } from './program.ts'

/** The most days a camp runs after its first: a camp is a day or a school break, not a season (issue 31). */
export const CAMP_MAX_EXTRA_DAYS = 14

/**
 * The camp form (issue 31 §2), checked in the browser and again by the server (decision 0004), with
 * the academy form's conventions: strings as forms send them, empty optional numbers meaning "not
 * set". A camp is for children, so its ages are required; it meets every day from its first to its
 * last, at the same hours.
 */
export const CampForm = {
  ...PROGRAM_NAMING,
  ...PROGRAM_FIELDS,
  minAge: { label: 'Minimum age', rules: 'required|integer|between:1,17' },
  maxAge: { label: 'Maximum age', rules: 'required|integer|between:1,17' },
  startTime: { label: 'Start time', rules: 'required|time' },
  endTime: { label: 'End time', rules: 'required|time' },
  registrationDate: { label: 'Registration date', rules: 'required|date' },
  startDate: { label: 'First day', rules: 'required|date|date_after:registrationDate' },
  // Checked by campFormProblems: the last day may be the first, and at most two weeks after it.
  endDate: { label: 'Last day', rules: 'required|date' },
  registrationDeadline: { label: 'Registration deadline', rules: 'date|date_after:registrationDate' },
  ...PROGRAM_SALE,
  ...PROGRAM_MINIMUM,
} as const satisfies FormSpec

export type CampField = keyof typeof CampForm
export type CampFormValues = Record<CampField, string>

export const CAMP_MESSAGES = {
  priceCents: 'Price must be in dollars and cents, such as 120 or 119.50.',
  endTime: 'End time must be after the start time.',
  ageRange: 'Maximum age must be at least the minimum age.',
  endBefore: 'Last day must be the first day or after it.',
  endTooLate: `A camp runs at most ${CAMP_MAX_EXTRA_DAYS + 1} days: the last day must be within ${CAMP_MAX_EXTRA_DAYS} days of the first.`,
  deadline: 'Registration deadline must be on or before the last day.',
  adultsOnly: 'Camps are for children: choose a child to sign up.',
} as const

/** What the field rules cannot say: cents, times and ages in order, the last day within two weeks of the first, a minimum within the capacity. */
export function campFormProblems(values: CampFormValues): Partial<Record<CampField, string>> {
  const problems: Partial<Record<CampField, string>> = {}
  if (values.price !== '' && centsFromDollars(values.price) === null) problems.price = CAMP_MESSAGES.priceCents
  if (values.startTime !== '' && values.endTime !== '' && values.endTime <= values.startTime) problems.endTime = CAMP_MESSAGES.endTime
  if (values.minAge !== '' && values.maxAge !== '' && Number(values.maxAge) < Number(values.minAge)) problems.maxAge = CAMP_MESSAGES.ageRange
  if (ISO_DATE.test(values.startDate) && ISO_DATE.test(values.endDate)) {
    if (values.endDate < values.startDate) problems.endDate = CAMP_MESSAGES.endBefore
    else if (values.endDate > addDays(values.startDate, CAMP_MAX_EXTRA_DAYS)) problems.endDate = CAMP_MESSAGES.endTooLate
    if (ISO_DATE.test(values.registrationDeadline) && values.registrationDeadline > values.endDate) problems.registrationDeadline = CAMP_MESSAGES.deadline
  }
  const minimum = minimumAboveCapacity(values.minimum, values.capacity)
  if (minimum) problems.minimum = minimum
  return problems
}

/** Every day a camp meets: each calendar day from its first to its last, both included. */
export function campDays({ startDate, endDate }: { startDate: string; endDate: string }): string[] {
  const days: string[] = []
  for (let day = startDate; day <= endDate && days.length <= CAMP_MAX_EXTRA_DAYS; day = addDays(day, 1)) days.push(day)
  return days
}
