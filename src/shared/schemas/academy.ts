import { WEEKDAYS } from '../academy-schedule.ts'
import { centsFromDollars } from '../money.ts'
import type { FormSpec } from '../validation/rules.ts'
import { ISO_DATE, minimumAboveCapacity, PROGRAM_FIELDS, PROGRAM_MINIMUM, PROGRAM_NAMING, PROGRAM_PARTICIPANTS, PROGRAM_SALE } from './program.ts'

/**
 * The academy form of /leagues' Academies section (issue 23), checked in the browser and again by
 * the server (decision 0004), with the league form's conventions: strings as forms send them,
 * empty optional numbers meaning "not set". Weekdays are ISO numbers joined by commas (`2,4`),
 * skipped dates calendar dates joined by commas.
 */
export const AcademyForm = {
  ...PROGRAM_NAMING,
  ...PROGRAM_FIELDS,
  ...PROGRAM_PARTICIPANTS,
  // Checked by academyFormProblems, which says what to do: choose them.
  weekdays: { label: 'Weekdays', rules: 'max:20' },
  startTime: { label: 'Start time', rules: 'required|time' },
  endTime: { label: 'End time', rules: 'required|time' },
  registrationDate: { label: 'Registration date', rules: 'required|date' },
  startDate: { label: 'First session', rules: 'required|date|date_after:registrationDate' },
  endDate: { label: 'Last session', rules: 'required|date|date_after:startDate' },
  registrationDeadline: { label: 'Registration deadline', rules: 'date|date_after:registrationDate|date_before:endDate' },
  skippedDates: { label: 'Dates skipped', rules: 'max:2000' },
  ...PROGRAM_SALE,
  ...PROGRAM_MINIMUM,
} as const satisfies FormSpec

export type AcademyField = keyof typeof AcademyForm
export type AcademyFormValues = Record<AcademyField, string>

export const ACADEMY_MESSAGES = {
  priceCents: 'Price must be in dollars and cents, such as 180 or 179.50.',
  weekdays: 'Choose the weekdays it meets on.',
  endTime: 'End time must be after the start time.',
  ageRange: 'Maximum age must be at least the minimum age.',
  skippedDates: 'Each date skipped must be a date between the first and the last session, such as 2027-01-14.',
} as const

const isWeekdayText = (text: string) => (WEEKDAYS as readonly number[]).includes(Number(text)) && /^\d$/.test(text)

/** The listed values of a comma-joined field, blanks dropped. */
export const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')

/** What the field rules cannot say: weekdays, times in order, ages in order, dates within the program, a minimum within the capacity. */
export function academyFormProblems(values: AcademyFormValues): Partial<Record<AcademyField, string>> {
  const problems: Partial<Record<AcademyField, string>> = {}
  if (values.price !== '' && centsFromDollars(values.price) === null) problems.price = ACADEMY_MESSAGES.priceCents
  const weekdays = listOf(values.weekdays)
  if (weekdays.length === 0 || !weekdays.every(isWeekdayText)) problems.weekdays = ACADEMY_MESSAGES.weekdays
  if (values.startTime !== '' && values.endTime !== '' && values.endTime <= values.startTime) problems.endTime = ACADEMY_MESSAGES.endTime
  if (values.forChildren === 'true' && values.minAge !== '' && values.maxAge !== '' && Number(values.maxAge) < Number(values.minAge)) {
    problems.maxAge = ACADEMY_MESSAGES.ageRange
  }
  const outside = (date: string) => !ISO_DATE.test(date) || date < values.startDate || date > values.endDate
  if (listOf(values.skippedDates).some(outside)) problems.skippedDates = ACADEMY_MESSAGES.skippedDates
  const minimum = minimumAboveCapacity(values.minimum, values.capacity)
  if (minimum) problems.minimum = minimum
  return problems
}

