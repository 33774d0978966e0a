import { formatDateTime } from '../../../../shared/format.ts'
import { formatMoney } from '../../../../shared/money.ts'
import type { RegistrationStatus } from '../../../../shared/schemas/registration.ts'
import type { HistoryEntry } from '../../../../shared/contracts/registrations.ts'

const ACTIONS: Record<string, string> = {
  confirmed: 'Registered, place confirmed',
  waitlisted: 'Registered, put on the waitlist',
  offered: 'Offered a place from the waitlist',
  claimed: 'Claimed the offered place',
  'offer-expired': 'Offer expired unclaimed',
  payment: 'Payment recorded',
  refunded: 'Refund given',
  'refund-failed': 'Refund failed at the card company',
  adjusted: 'Price adjusted by staff',
  'family-discount-ended': 'Family discount ended',
  cancelled: 'Registration cancelled',
  declined: 'Registration declined',
  moved: 'Moved by staff',
  placed: 'Placed on the team by staff',
  'first-session-reminder': 'Reminded of the first session by email',
}

const cents = (value: unknown) => (typeof value === 'number' ? value : 0)

/** One line of the history log: what happened, with the amounts and dates it carried. */
export function describeEntry(entry: HistoryEntry): string {
  const what = ACTIONS[entry.action] ?? entry.action
  const d = entry.details ?? {}
  if (entry.action === 'payment') {
    const reference = typeof d.reference === 'string' && d.reference !== '' ? ` (${d.reference})` : ''
    return `${what}: ${formatMoney(cents(d.amountCents))} ${String(d.method ?? '')}${reference}`
  }
  if (entry.action === 'refunded') return `${what}: ${formatMoney(cents(d.amountCents))} (${String(d.reason ?? '')})${d.priceLowered === true ? ', price lowered by as much' : ''}`
  if (entry.action === 'refund-failed') return `${what}: ${formatMoney(cents(d.amountCents))} not given back (${String(d.reason ?? '')})${d.priceRestored === true ? ', price raised back by as much' : ''}`
  if (entry.action === 'adjusted') return `${what}: ${formatMoney(cents(d.amountCents))} off (${String(d.reason ?? '')})`
  if (entry.action === 'family-discount-ended') return `${String(d.reason ?? what)}: ${formatMoney(cents(d.amountCents))} asked again`
  if ((entry.action === 'cancelled' || entry.action === 'declined') && cents(d.refundedCents) > 0) {
    return `${what}, refund of ${formatMoney(cents(d.refundedCents))} recorded`
  }
  if (entry.action === 'moved' && typeof d.toTeam === 'string') return `${what} to ${d.toTeam}`
  if (entry.action === 'offered' && typeof d.offerExpiresAt === 'string') {
    return `${what}, to claim by ${formatDateTime(d.offerExpiresAt)}`
  }
  return what
}

const BADGES: Partial<Record<RegistrationStatus, string>> = {
  confirmed: 'staff-badge-ok',
  offered: 'staff-badge-offered',
  waitlisted: 'staff-badge-waitlisted',
}

export function badgeClass(status: RegistrationStatus): string {
  const tone = BADGES[status]
  return tone ? `staff-badge ${tone}` : 'staff-badge'
}
