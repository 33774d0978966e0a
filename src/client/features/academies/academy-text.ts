import { describeSchedule } from '../../../shared/academy-schedule.ts'
import { ageRangeText } from '../../../shared/age.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate, formatDateRange, priceFactText } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { lateSessionsOn, placePriceOn, priceOn, sessionsLeft } from '../../../shared/prices.ts'
import type { SignUpPricing } from '../../../shared/sign-up-total.ts'

/** The words of the Academies page, apart from its components so they can be unit-tested. */

export function academyPriceText(cents: number): string {
  return cents === 0 ? 'Free' : formatMoney(cents)
}

/** Null when the academy takes everyone: there is nothing to say about places. */
export function academyPlacesText({ placesLeft }: Pick<Academy, 'placesLeft'>): string | null {
  if (placesLeft === null) return null
  if (placesLeft === 0) return 'Full — join the waitlist'
  return `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`
}

/** "Ages 8–10", "Adults", or null for children of any age. */
export function academyAgesText({ forChildren, minAge, maxAge }: Pick<Academy, 'forChildren' | 'minAge' | 'maxAge'>): string | null {
  if (!forChildren) return 'Adults'
  const range = ageRangeText(minAge, maxAge)
  return range && `${range[0]!.toUpperCase()}${range.slice(1)}`
}

/** Whether a child of `age` may take part: an academy for children whose ages include it. */
export function takesAge({ forChildren, minAge, maxAge }: Pick<Academy, 'forChildren' | 'minAge' | 'maxAge'>, age: number): boolean {
  return forChildren && (minAge === null || age >= minAge) && (maxAge === null || age <= maxAge)
}

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
  if (late) return `${formatMoney(placePriceOn(academyPricing(academy), today, 0).priceOfDayCents)} for the ${late.charged} sessions left (${academyPriceText(priceOn(academy.pricing, today))} for all ${late.inAll})`
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

/** What a card and the sign-up page say of an academy on `today`, term by term. */
export function academyFacts(academy: Academy, today: string): ([string, string] | null)[] {
  return [
    ['Ages', academyAgesText(academy) ?? 'All ages'],
    ['When', academyScheduleText(academy) ?? 'To be announced'],
    ['Dates', formatDateRange(academy.startDate, academy.endDate)],
    ['Sessions', sessionsText(academy, today)],
    ['Price', academyPriceFact(academy, today)],
    academy.coach ? ['Coach', academy.coach] : null,
    academy.location ? ['Where', academy.location] : null,
  ]
}
