import { formatDate } from '../../shared/format.ts'
import { formatMoney } from '../../shared/money.ts'
import type { ShownPlace, SignUpTotal } from '../../shared/sign-up-total.ts'

/**
 * The words of a sign-up's price before the button is pressed (issue 30), apart from the
 * component so they can be unit-tested: each participant's amount with the early-bird price, the
 * family discount or the sessions left that made it, a plan's parts, and what is due at sign-up.
 */

/** "Maya: $162.00 ($18.00 family discount off $180.00)", or why a participant pays nothing yet. */
export function placeText(place: ShownPlace, who: string): string {
  if (place.waitlisted) return `${who}: on the waitlist — nothing to pay unless a place opens up`
  if (place.amountDueCents === 0) return `${who}: free`
  const notes = [
    place.sessions && `for the ${place.sessions.charged} sessions left of ${place.sessions.inAll}`,
    place.familyDiscountCents > 0 && `${formatMoney(place.familyDiscountCents)} family discount off ${formatMoney(place.priceOfDayCents)}`,
  ].filter((note) => typeof note === 'string')
  return `${who}: ${formatMoney(place.amountDueCents)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`
}

/** "Payment plan: $50.00 at sign-up, then $65.00 on Feb 1, 2027 and $65.00 on Mar 1, 2027." */
export function planText(place: ShownPlace): string | null {
  if (!place.parts || place.waitlisted || place.amountDueCents === 0) return null
  const [deposit, ...rest] = place.parts
  const later = rest.filter((part) => part.amountCents > 0).map((part) => `${formatMoney(part.amountCents)} on ${formatDate(part.dueDate!)}`)
  const parts = later.length === 0 ? '' : `, then ${later.length === 1 ? later[0] : `${later.slice(0, -1).join(', ')} and ${later.at(-1)}`}`
  return `Payment plan: ${formatMoney(deposit!.amountCents)} at sign-up${parts}.`
}

/** "In all: $342.00, $100.00 of it due at sign-up, paid at the front desk." */
export function totalText(total: SignUpTotal, paysOnline: boolean): string {
  const where = `paid ${paysOnline ? 'online or ' : ''}at the front desk`
  if (total.places.every((p) => p.waitlisted)) return 'Nothing to pay now: you pay once a place is yours.'
  if (total.totalCents === 0) return 'Nothing to pay: it is free.'
  const dueNow = total.dueNowCents < total.totalCents ? `, ${formatMoney(total.dueNowCents)} of it due at sign-up` : ''
  return `In all: ${formatMoney(total.totalCents)}${dueNow}, ${where}.`
}
