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

/**
 * Why a child cannot play in a league for their age, or null when they fit: the same words on the
 * sign-up page (instead of a Register button) and in the server's refusal.
 */
export function outsideAgesText(
  child: { firstName: string; dateOfBirth: string },
  league: { name: string; startDate: string; minAge: number | null; maxAge: number | null },
  noun = 'league',
  /** The facility's day: once the program has started, its age is said as it was then. */
  today = '',
): string | null {
  const age = ageOn(child.dateOfBirth, league.startDate)
  const fits = (league.minAge === null || age >= league.minAge) && (league.maxAge === null || age <= league.maxAge)
  if (fits) return null
  const when = today >= league.startDate ? `was ${age} when ${league.name} started` : `will be ${age} when ${league.name} starts`
  return `${child.firstName} ${when}; this ${noun} is for ${ageRangeText(league.minAge, league.maxAge)}.`
}
