import { ageRangeText } from '../../../shared/age.ts'
import { formatMoney } from '../../../shared/money.ts'

/** The words every program's card and staff list say alike (an academy, a camp), apart from their components so they can be unit-tested. */

export function priceText(cents: number): string {
  return cents === 0 ? 'Free' : formatMoney(cents)
}

/** Null when the program takes everyone: there is nothing to say about places. */
export function placesText({ placesLeft }: { placesLeft: number | null }): string | null {
  if (placesLeft === null) return null
  if (placesLeft === 0) return 'Full — join the waitlist'
  return `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`
}

/** "Ages 8–10", "Adults", or null for children of any age. */
export function agesText({ forChildren, minAge, maxAge }: { forChildren: boolean; minAge: number | null; maxAge: number | null }): string | null {
  if (!forChildren) return 'Adults'
  const range = ageRangeText(minAge, maxAge)
  return range && `${range[0]!.toUpperCase()}${range.slice(1)}`
}

/** Whether a child of `age` may take part: a program for children whose ages include it. */
export function takesAge({ forChildren, minAge, maxAge }: { forChildren: boolean; minAge: number | null; maxAge: number | null }, age: number): boolean {
  return forChildren && (minAge === null || age >= minAge) && (maxAge === null || age <= maxAge)
}
