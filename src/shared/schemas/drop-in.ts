import { centsFromDollars } from '../money.ts'
import type { FormSpec } from '../validation/rules.ts'
import { ISO_DATE, PROGRAM_FIELDS, PROGRAM_NAMING, PROGRAM_PARTICIPANTS, PROGRAM_SALE } from './program.ts'

/**
 * The drop-in form (issue 31 §2): one session bought on its own, either an open-play slot or one
 * session of an academy (then its date must be one of the academy's session dates, a check the
 * server makes against the academy). Checked in the browser and again by the server (decision
 * 0004), with the academy form's conventions: strings as forms send them, empty optional numbers
 * meaning "not set". Its capacity is the door's headcount, so it is required.
 */
export const DropInForm = {
  ...PROGRAM_NAMING,
  location: PROGRAM_FIELDS.location,
  /** The academy this is one session of; empty: an open-play slot. */
  academy: { label: 'Session of the academy', rules: 'max:64' },
  isActive: PROGRAM_FIELDS.isActive,
  ...PROGRAM_PARTICIPANTS,
  date: { label: 'Date', rules: 'required|date' },
  startTime: { label: 'Start time', rules: 'required|time' },
  endTime: { label: 'End time', rules: 'required|time' },
  registrationDate: { label: 'On sale from', rules: 'required|date' },
  ...PROGRAM_SALE,
  // The capacity is the door's headcount: a session always has one.
  capacity: { label: 'Capacity', rules: 'required|integer|between:1,100000' },
} as const satisfies FormSpec

export type DropInField = keyof typeof DropInForm
export type DropInFormValues = Record<DropInField, string>

export const DROP_IN_MESSAGES = {
  priceCents: 'Price must be in dollars and cents, such as 10 or 9.50.',
  endTime: 'End time must be after the start time.',
  ageRange: 'Maximum age must be at least the minimum age.',
  onSaleAfter: 'On sale from must be on or before the date of the session.',
  noAcademy: 'There is no such academy: choose one of the list, or none for an open-play session.',
  notAcademySession: 'The date must be one of the academy’s sessions.',
  childrenOnly: 'This session is for children: choose a child to sign up.',
  adultsOnly: 'This session is for adults: sign yourself up, not a child.',
  notConfirmed: 'Only a confirmed place can be checked in: this one is not confirmed.',
} as const

/** What the field rules cannot say: cents, times in order, ages in order, on sale by the session's day. */
export function dropInFormProblems(values: DropInFormValues): Partial<Record<DropInField, string>> {
  const problems: Partial<Record<DropInField, string>> = {}
  if (values.price !== '' && centsFromDollars(values.price) === null) problems.price = DROP_IN_MESSAGES.priceCents
  if (values.startTime !== '' && values.endTime !== '' && values.endTime <= values.startTime) problems.endTime = DROP_IN_MESSAGES.endTime
  if (values.forChildren === 'true' && values.minAge !== '' && values.maxAge !== '' && Number(values.maxAge) < Number(values.minAge)) {
    problems.maxAge = DROP_IN_MESSAGES.ageRange
  }
  if (ISO_DATE.test(values.date) && ISO_DATE.test(values.registrationDate) && values.registrationDate > values.date) problems.registrationDate = DROP_IN_MESSAGES.onSaleAfter
  return problems
}
