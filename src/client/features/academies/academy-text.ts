import { academySessionRange, describeSchedule } from '../../../shared/academy-schedule.ts'
import type { Academy, AcademyReceipt } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate, formatDateRange, priceFactText } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { lateSessionsOn, placePriceOn, priceOn, sessionsLeft } from '../../../shared/prices.ts'
import type { SignUpPricing } from '../../../shared/sign-up-total.ts'
import type { ReceiptProgram } from '../offerings/program-receipt.ts'
import { agesText, priceText } from '../offerings/program-text.ts'

/** The words of the Academies page, apart from its components so they can be unit-tested. */

/** "Tuesdays and Thursdays, 6:00 PM – 7:00 PM", or null until its days and times are set. */
export function academyScheduleText(academy: Pick<Academy, 'weekdays' | 'startTime' | 'endTime'>): string | null {
  const { startTime, endTime, weekdays } = academy
  return startTime && endTime && weekdays.length > 0 ? describeSchedule({ weekdays, startTime, endTime }) : null
}

/** An academy's price rules with its sessions, as shared/sign-up-total.ts reads them. */
export const academyPricing = (academy: Pick<Academy, 'pricing' | 'sessionDates'>): SignUpPricing => ({
  ...academy.pricing,
  sessions: { dates: academy.sessionDates, lateSignUpPrice: academy.pricing.lateSignUpPrice },
})

/** Whether the academy's first session is past on `today`: a sign-up now is a late one. */
export const hasBegun = (academy: Pick<Academy, 'sessionDates' | 'startDate'>, today: string): boolean => (academy.sessionDates[0] ?? academy.startDate) < today

/** "6 of 10 sessions left", once the academy has begun; "10 sessions" before. */
export function sessionsText(academy: Pick<Academy, 'sessionDates' | 'startDate'>, today: string): string {
  const all = academy.sessionDates.length
  return hasBegun(academy, today) ? `${sessionsLeft(academy.sessionDates, today).length} of ${all} sessions left` : countOf(all, 'session')
}

/** The price on `today`: an early-bird price with its last day, and once the academy has begun, what a late sign-up pays. */
export function academyPriceFact(academy: Pick<Academy, 'pricing' | 'sessionDates' | 'startDate'>, today: string): string {
  const late = lateSessionsOn(academyPricing(academy), today)
  if (late) return `${formatMoney(placePriceOn(academyPricing(academy), today, 0).priceOfDayCents)} for the ${late.charged} sessions left (${priceText(priceOn(academy.pricing, today))} for all ${late.inAll})`
  return priceFactText(academy.pricing, today)
}

/** An academy under way: how many sessions a sign-up today still takes part in, and what its product charges for them. */
export function lateText(academy: Pick<Academy, 'pricing' | 'sessionDates' | 'startDate'>, today: string): string {
  const left = sessionsLeft(academy.sessionDates, today).length
  const pays = lateSessionsOn(academyPricing(academy), today) ? 'a sign-up now pays for the sessions left' : 'a sign-up now pays the full price'
  return `This academy has begun: ${countOf(left, 'session')} left of ${academy.sessionDates.length}, and ${pays}.`
}

/** Before sign-up (decision 0020): who cancels a place when, and who gives money back (decision 0016). */
export function cancellationText(academy: Pick<Academy, 'sessionDates' | 'startDate'>, today: string): string {
  const first = academy.sessionDates[0] ?? academy.startDate
  const who = hasBegun(academy, today) || first === today
    ? 'The sessions have begun: to cancel a place, ask at the front desk.'
    : `You can cancel a place from your account page until the first session on ${formatDate(first)}; after that, ask at the front desk.`
  return `${who} Money paid is given back by the facility’s staff: a refund is not automatic.`
}

/** "11/10/2026 – 1/21/2027": its first session to its last. */
export function academyDatesText(academy: Pick<Academy, 'sessionDates' | 'startDate' | 'endDate'>): string {
  const { first, last } = academySessionRange(academy)
  return formatDateRange(first, last)
}

/** What a card and the sign-up page say of an academy on `today`, term by term. */
export function academyFacts(academy: Academy, today: string): ([string, string] | null)[] {
  return [
    ['Ages', agesText(academy) ?? 'All ages'],
    ['When', academyScheduleText(academy) ?? 'To be announced'],
    ['Dates', academyDatesText(academy)],
    ['Sessions', sessionsText(academy, today)],
    ['Price', academyPriceFact(academy, today)],
    academy.coach ? ['Coach', academy.coach] : null,
    academy.location ? ['Where', academy.location] : null,
  ]
}

/** What an academy's receipt says of it: its schedule, where, the coach, and its sessions. */
export function academyReceiptProgram(academy: AcademyReceipt['academy']): ReceiptProgram {
  return {
    label: OFFERING_KIND_WORDS['academy-place'].label,
    name: academy.name,
    startDate: academySessionRange(academy).first,
    endDate: academySessionRange(academy).last,
    when: academyScheduleText(academy),
    location: academy.location,
    coach: academy.coach,
    dates: academy.sessionDates,
    dateNoun: 'session',
  }
}
