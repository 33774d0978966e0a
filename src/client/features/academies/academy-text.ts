import { describeSchedule } from '../../../shared/academy-schedule.ts'
import { ageRangeText } from '../../../shared/age.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'
import { countOf, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'

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

/** What a card and the sign-up page say of an academy, term by term. */
export function academyFacts(academy: Academy): ([string, string] | null)[] {
  return [
    ['Ages', academyAgesText(academy) ?? 'All ages'],
    ['When', academyScheduleText(academy) ?? 'To be announced'],
    ['Dates', formatDateRange(academy.startDate, academy.endDate)],
    ['Sessions', countOf(academy.sessionDates.length, 'session')],
    ['Price', academyPriceText(academy.priceCents)],
    academy.coach ? ['Coach', academy.coach] : null,
    academy.location ? ['Where', academy.location] : null,
  ]
}
