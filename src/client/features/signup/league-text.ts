import { formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import type { OpenLeague } from '../../../shared/contracts/leagues.ts'

/** The words of the sign-up pages, kept apart from the components so they can be unit-tested. */

/** Null when the league takes everyone: there is nothing to say about places. */
export function placesText({ placesLeft, waitlistSize }: Pick<OpenLeague, 'placesLeft' | 'waitlistSize'>): string | null {
  if (placesLeft === null) return null
  if (placesLeft === 0) return `Full — join the waitlist (${waitlistSize} waiting)`
  return `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`
}

function amountText(r: RegistrationView, paysOnline: boolean): string {
  if (r.priceCents === 0) return "It's free — nothing to pay."
  if (r.balanceCents <= 0) return 'Paid in full.'
  return `Amount due: ${formatMoney(r.balanceCents)} — pay ${paysOnline ? 'online or ' : ''}at the front desk.`
}

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })

/** " by Dec 1, 2026 at 3:00 PM": when an offered or held place lapses. */
function deadlineText(r: { offerExpiresAt: string | null }): string {
  const until = r.offerExpiresAt ? new Date(r.offerExpiresAt) : null
  return until ? ` by ${formatDate(until)} at ${time.format(until)}` : ''
}

/** What a registration answer means for the person, said plainly (the place is confirmed, or not). */
export function outcomeText({ registration: r, created }: RegisterResult, paysOnline = false): string {
  const who = r.child ? { is: `${r.child.name} is`, their: `${r.child.name}'s` } : { is: "You're", their: 'Your' }
  switch (r.status) {
    case 'confirmed':
      return `${who.is} ${created ? 'registered!' : 'already registered.'} ${who.their} place in ${r.offering.name} is confirmed. ${amountText(r, paysOnline)}`
    case 'waitlisted': {
      const number = `number ${r.waitlistPosition ?? '?'}`
      const of = `(of ${r.waitlistSize})`
      return created
        ? `${r.offering.name} is full. ${who.is} ${number} on the waitlist ${of}. We'll email you if a place opens up.`
        : `${who.is} already on the waitlist for ${r.offering.name}: ${number} ${of}. We'll email you if a place opens up.`
    }
    case 'offered': {
      return `A place in ${r.offering.name} has opened up${r.child ? ` for ${r.child.name}` : ' for you'}. Claim it on your account page${deadlineText(r)}.`
    }
    case 'held':
      return `${who.their} place in ${r.offering.name} is held for payment. Pay ${formatMoney(r.balanceCents)}${deadlineText(r)} to confirm it.`
    default:
      return `${who.their} registration for ${r.offering.name} is ${STATUS_LABELS[r.status].toLowerCase()}.`
  }
}
