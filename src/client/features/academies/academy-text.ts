import { ageRangeText } from '../../../shared/age.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'
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
