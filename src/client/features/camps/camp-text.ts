import { formatTime } from '../../../shared/academy-schedule.ts'
import type { AdminCamp, Camp, CampReceipt } from '../../../shared/contracts/camps.ts'
import { countOf, formatDate, formatDateRange, priceFactText } from '../../../shared/format.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import type { CampFormValues } from '../../../shared/schemas/camp.ts'
import type { SignUpPricing } from '../../../shared/sign-up-total.ts'
import type { ReceiptProgram } from '../offerings/program-receipt.ts'
import { programFormValues } from '../offerings/program-form-values.ts'
import { agesText } from '../offerings/program-text.ts'

/** The words of the camp pages, apart from their components so they can be unit-tested. */

/** A camp is for children: the program facts a sign-up and a card read. */
export const forChildren = <C extends Pick<Camp, 'minAge' | 'maxAge'>>(camp: C) => ({ ...camp, forChildren: true })

/** A camp's price rules as shared/sign-up-total.ts reads them: one price for all its days, whenever the sign-up. */
export const campPricing = (camp: Pick<Camp, 'pricing'>): SignUpPricing => ({ ...camp.pricing, sessions: null })

/** "Ages 6–10". */
export const campAgesText = (camp: Pick<Camp, 'minAge' | 'maxAge'>): string => agesText(forChildren(camp)) ?? 'All ages'

/** "3/6/2027, one day" for a one-day camp; "12/28/2026 – 1/1/2027, 5 days" for a school break. */
export function campDaysText(camp: Pick<Camp, 'startDate' | 'endDate' | 'days'>): string {
  if (camp.startDate === camp.endDate) return `${formatDate(camp.startDate)}, one day`
  return `${formatDateRange(camp.startDate, camp.endDate)}, ${countOf(camp.days.length, 'day')}`
}

/** "9:00 AM – 3:00 PM", each day of the camp. */
export function campHoursText(camp: Pick<Camp, 'startTime' | 'endTime' | 'days'>): string {
  const hours = `${formatTime(camp.startTime)} – ${formatTime(camp.endTime)}`
  return camp.days.length > 1 ? `${hours} each day` : hours
}

/** Before sign-up: who cancels a place when, and who gives money back (decision 0016). */
export function campCancellationText(camp: Pick<Camp, 'startDate'>, today: string): string {
  const who =
    today >= camp.startDate
      ? 'The camp has begun: to cancel a place, ask at the front desk.'
      : `You can cancel a place from your account page until the first day, ${formatDate(camp.startDate)}; after that, ask at the front desk.`
  return `${who} Money paid is given back by the facility’s staff: a refund is not automatic.`
}

/** What a card and the sign-up page say of a camp on `today`, term by term. */
export function campFacts(camp: Camp, today: string): ([string, string] | null)[] {
  return [
    ['Ages', campAgesText(camp)],
    ['Days', campDaysText(camp)],
    ['Hours', campHoursText(camp)],
    ['Price', priceFactText(camp.pricing, today)],
    camp.coach ? ['Coach', camp.coach] : null,
    camp.location ? ['Where', camp.location] : null,
  ]
}

/** What a camp's receipt says of it: its hours, where, the coach, and its days. */
export function campReceiptProgram(camp: CampReceipt['camp']): ReceiptProgram {
  return {
    label: OFFERING_KIND_WORDS['camp-place'].label,
    name: camp.name,
    startDate: camp.startDate,
    endDate: camp.endDate,
    when: campHoursText(camp),
    location: camp.location,
    coach: camp.coach,
    dates: camp.days,
    dateNoun: 'day',
  }
}

/** A saved camp as the form shows it: what the edit form starts from. */
export function campFormValues(camp: AdminCamp): CampFormValues {
  return {
    ...programFormValues(camp),
    coach: camp.coach ?? '',
    minAge: String(camp.minAge),
    maxAge: String(camp.maxAge),
    startDate: camp.startDate,
    endDate: camp.endDate,
    registrationDeadline: camp.registrationDeadline ?? '',
    capacity: camp.capacity === null ? '' : String(camp.capacity),
    minimum: camp.minimum === null ? '' : String(camp.minimum),
  }
}
