import { formatTime } from '../../../shared/academy-schedule.ts'
import type { AdminDropIn, DropIn, DropInReceipt } from '../../../shared/contracts/drop-ins.ts'
import { formatDate, priceFactText } from '../../../shared/format.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import type { RegistrationWindow } from '../../../shared/registration-window.ts'
import type { DropInFormValues } from '../../../shared/schemas/drop-in.ts'
import type { SignUpPricing } from '../../../shared/sign-up-total.ts'
import type { ProgramForSignUp } from '../offerings/program.ts'
import type { ReceiptProgram } from '../offerings/program-receipt.ts'
import { programFormValues } from '../offerings/program-form-values.ts'
import { agesText } from '../offerings/program-text.ts'

/** The words of the drop-in pages, apart from their components so they can be unit-tested. */

/** A drop-in as the program sign-up reads it: its one day is its first, and a child's age counts on it. */
export const dropInProgram = (dropIn: Pick<DropIn, 'name' | 'date' | 'forChildren' | 'minAge' | 'maxAge' | 'waiverRequired' | 'placesLeft'>): ProgramForSignUp => ({
  name: dropIn.name,
  startDate: dropIn.date,
  forChildren: dropIn.forChildren,
  minAge: dropIn.minAge,
  maxAge: dropIn.maxAge,
  waiverRequired: dropIn.waiverRequired,
  placesLeft: dropIn.placesLeft,
})

/** A drop-in's price rules as shared/sign-up-total.ts reads them: one price for its one session. */
export const dropInPricing = (dropIn: Pick<DropIn, 'pricing'>): SignUpPricing => ({ ...dropIn.pricing, sessions: null })

/** "Ages 6–10" or "Adults". */
export const dropInAgesText = (dropIn: Pick<DropIn, 'forChildren' | 'minAge' | 'maxAge'>): string => agesText(dropIn) ?? 'Children of any age'

/** "6:00 PM – 7:30 PM". */
export const dropInHoursText = (dropIn: Pick<DropIn, 'startTime' | 'endTime'>): string => `${formatTime(dropIn.startTime)} – ${formatTime(dropIn.endTime)}`

/** "Today, 6:00 PM – 7:30 PM" or "3/6/2027, 6:00 PM – 7:30 PM". */
export function dropInWhenText(dropIn: Pick<DropIn, 'date' | 'startTime' | 'endTime'>, today: string): string {
  return `${dropIn.date === today ? 'Today' : formatDate(dropIn.date)}, ${dropInHoursText(dropIn)}`
}

/** On sale from its registration date through the day itself: a place may be bought at the door. */
export function dropInWindow(dropIn: Pick<DropIn, 'registrationDate' | 'date'>, today: string): RegistrationWindow {
  if (dropIn.registrationDate > today) return 'upcoming'
  return dropIn.date < today ? 'closed' : 'open'
}

/** The door's headcount: "12 of 20 checked in". */
export const headcountText = ({ checkedIn, capacity }: { checkedIn: number; capacity: number }): string => `${checkedIn} of ${capacity} checked in`

/** What a card and the sign-up page say of a drop-in on `today`, term by term. */
export function dropInFacts(dropIn: DropIn, today: string): ([string, string] | null)[] {
  return [
    ['When', dropInWhenText(dropIn, today)],
    ['Who', dropInAgesText(dropIn)],
    ['Price', priceFactText(dropIn.pricing, today)],
    dropIn.academyName ? ['Session of', dropIn.academyName] : null,
    dropIn.location ? ['Where', dropIn.location] : null,
  ]
}

/** Before sign-up: who cancels a place when (the person before the session's day, the desk on it), and who gives money back (decision 0016). */
export function dropInCancellationText(dropIn: Pick<DropIn, 'date'>, today: string): string {
  const who =
    today >= dropIn.date
      ? 'The session is today: to cancel a place, ask at the front desk.'
      : `You can cancel a place from your account page until the day before the session; on ${formatDate(dropIn.date)}, ask at the front desk.`
  return `${who} Money paid is given back by the facility’s staff: a refund is not automatic.`
}

/** What a drop-in's receipt says of it: its day, hours and where. */
export function dropInReceiptProgram(dropIn: DropInReceipt['dropIn']): ReceiptProgram {
  return {
    label: OFFERING_KIND_WORDS['drop-in-place'].label,
    name: dropIn.academyName && dropIn.academyName !== dropIn.name ? `${dropIn.name} (${dropIn.academyName})` : dropIn.name,
    startDate: dropIn.date,
    endDate: dropIn.date,
    when: dropInHoursText(dropIn),
    location: dropIn.location,
    coach: null,
    dates: [dropIn.date],
    dateNoun: 'session',
  }
}

/** A saved drop-in as the form shows it: what the edit form starts from. */
export function dropInFormValues(dropIn: AdminDropIn): DropInFormValues {
  return {
    ...programFormValues(dropIn),
    academy: dropIn.academyId ?? '',
    forChildren: String(dropIn.forChildren),
    minAge: dropIn.minAge === null ? '' : String(dropIn.minAge),
    maxAge: dropIn.maxAge === null ? '' : String(dropIn.maxAge),
    date: dropIn.date,
    capacity: String(dropIn.capacity),
  }
}
