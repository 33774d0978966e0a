import { formatDateTime, formatMoney } from '../../../shared/format.ts'
import type { Payment, RegistrationStatus, RegistrationView } from '../../../shared/schemas/registration.ts'

// The answer of GET /api/admin/registrations/:id (server/features/registrations/
// registrations.admin.routes.ts), its history entry restated here because the client may not
// import from the server, not even types.
export interface HistoryEntry {
  action: string
  /** Null when the site itself acted (a waitlist offer, an expiry). */
  actorName: string | null
  details: Record<string, unknown> | null
  at: string
}

export interface RegistrationDetail {
  registration: RegistrationView
  payments: Payment[]
  history: HistoryEntry[]
}


const ACTIONS: Record<string, string> = {
  confirmed: 'Registered, place confirmed',
  waitlisted: 'Registered, put on the waitlist',
  offered: 'Offered a place from the waitlist',
  claimed: 'Claimed the offered place',
  'offer-expired': 'Offer expired unclaimed',
  payment: 'Payment recorded',
  cancelled: 'Registration cancelled',
  declined: 'Registration declined',
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
  if ((entry.action === 'cancelled' || entry.action === 'declined') && cents(d.refundedCents) > 0) {
    return `${what}, refund of ${formatMoney(cents(d.refundedCents))} recorded`
  }
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
