/** Whole years between an ISO date of birth and an ISO date (the league's start date). */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number]
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

export function ageRangeText(minAge: number | null, maxAge: number | null): string | null {
  if (minAge !== null && maxAge !== null) return `ages ${minAge}–${maxAge}`
  if (minAge !== null) return `ages ${minAge} and up`
  if (maxAge !== null) return `ages ${maxAge} and under`
  return null
}
