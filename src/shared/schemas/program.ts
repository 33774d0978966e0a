import { SPORTS } from '../sports.ts'
import type { FormSpec } from '../validation/rules.ts'

/**
 * What the forms of the programs the place sells share — an academy's, a camp's, a drop-in
 * session's (academy.ts, camp.ts, drop-in.ts) — each kind putting its own fields between them:
 * strings as forms send them, empty optional numbers meaning "not set", checked in the browser and
 * again by the server (decision 0004).
 */

/** What the program is: first on every program's form. */
export const PROGRAM_NAMING = {
  name: { label: 'Name', rules: 'required|line|max:120' },
  sport: { label: 'Sport', rules: `required|in:${SPORTS.filter((s) => s !== 'kids').join(',')}` },
  description: { label: 'Description', rules: 'max:2000' },
} as const satisfies FormSpec

/** The fields a program's form has or leaves out: who coaches, where it meets, and whether it is open for registration. */
export const PROGRAM_FIELDS = {
  coach: { label: 'Coach', rules: 'line|max:120' },
  location: { label: 'Where', rules: 'line|max:120' },
  isActive: { label: 'Open for registration', rules: 'in:true,false' },
} as const satisfies FormSpec

/** Who takes part in a program open to adults or to children by their age (an academy, a drop-in session). */
export const PROGRAM_PARTICIPANTS = {
  forChildren: { label: 'Who takes part', rules: 'required|in:true,false' },
  minAge: { label: 'Minimum age', rules: 'integer|between:1,99' },
  maxAge: { label: 'Maximum age', rules: 'integer|between:1,99' },
} as const satisfies FormSpec

/** How its places are sold: last on every program's form. */
export const PROGRAM_SALE = {
  price: { label: 'Price', rules: 'required|numeric|between:0,10000' },
  /** A product of the price list (issue 24) the price comes from; empty: the price typed. */
  priceProduct: { label: 'Price from the price list', rules: 'max:64' },
  capacity: { label: 'Capacity', rules: 'integer|between:1,100000' },
  /** When a place is paid (PAY_AT_SIGN_UP_CHOICES); empty: pay later. */
  payAtSignUp: { label: 'Payment', rules: 'in:true,false' },
  waiverRequired: { label: 'Waiver required', rules: 'in:true,false' },
} as const satisfies FormSpec

/**
 * The fewest confirmed places a program needs to run (a league's, an academy's, a camp's): empty
 * for none. Needs attention names one starting within a week with fewer (docs/decisions/0030).
 */
export const PROGRAM_MINIMUM = {
  minimum: { label: 'Minimum to run', rules: 'integer|between:1,100000' },
} as const satisfies FormSpec

/** What the forms say the minimum is for. */
export const MINIMUM_HINT = 'Fewest confirmed for it to run: the Dashboard names it in the week before its start while fewer are. Empty for none.'

/**
 * A minimum above the capacity could never be reached: what to tell staff, naming both numbers
 * and what the capacity counts ("places", "teams"); undefined when either is empty or it fits.
 */
export function minimumAboveCapacity(minimum: string, capacity: string, places = 'places'): string | undefined {
  if (minimum === '' || capacity === '' || Number(minimum) <= Number(capacity)) return undefined
  return `The minimum to run (${minimum}) is more than the capacity (${capacity} ${places}), so it could never be reached. Lower the minimum or raise the capacity.`
}

/** A calendar date as forms send it, checked before dates are compared. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
