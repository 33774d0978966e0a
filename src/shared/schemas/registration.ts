import type { FormSpec } from '../validation/rules.ts'

export const REGISTRATION_STATUSES = ['confirmed', 'offered', 'waitlisted', 'cancelled', 'declined', 'expired'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/** Statuses that hold one of the league's places. */
export const HOLDS_PLACE: readonly RegistrationStatus[] = ['confirmed', 'offered']
/** Statuses of a registration that is still going. */
export const ACTIVE_STATUSES: readonly RegistrationStatus[] = ['confirmed', 'offered', 'waitlisted']

export const PAYMENT_METHODS = ['cash', 'card', 'check', 'online', 'refund'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  check: 'Check',
  online: 'Online',
  refund: 'Refund',
}

/** What the front desk can record. */
export const DESK_METHODS = ['cash', 'card', 'check'] as const

/** How long a promoted person has to claim the place, unless configured (WAITLIST_CLAIM_HOURS). */
export const DEFAULT_CLAIM_WINDOW_HOURS = 48

export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  offered: 'Place offered',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Offer expired',
}

export const ChildForm = {
  firstName: { label: 'First name', rules: 'required|max:60' },
  lastName: { label: 'Last name', rules: 'required|max:60' },
  dateOfBirth: { label: 'Date of birth', rules: 'required|date|date_before:today' },
  emergencyContactName: { label: 'Emergency contact name', rules: 'required|max:120' },
  emergencyContactPhone: { label: 'Emergency contact phone', rules: 'required|phone' },
  notes: { label: 'Notes (allergies, medical)', rules: 'max:1000' },
} as const satisfies FormSpec
export type ChildFields = keyof typeof ChildForm

export const WaiverSignForm = {
  signedName: { label: 'Full name', rules: 'required|max:120' },
  agree: { label: 'Agreement', rules: 'required|in:yes', messages: { required: 'Please tick the box to agree to the waiver.', in: 'Please tick the box to agree to the waiver.' } },
} as const satisfies FormSpec

export const DeskPaymentForm = {
  amount: { label: 'Amount', rules: 'required|numeric|between:0.01,100000' },
  method: { label: 'Method', rules: 'required|in:cash,card,check' },
  reference: { label: 'Reference', rules: 'max:120' },
} as const satisfies FormSpec

export const WaiverPublishForm = {
  body: { label: 'Waiver text', rules: 'required|min:20|max:20000' },
} as const satisfies FormSpec

export interface Child {
  id: string
  firstName: string
  lastName: string
  dateOfBirth: string
  emergencyContactName: string
  emergencyContactPhone: string
  notes: string | null
}

export interface Payment {
  id: string
  amountCents: number
  method: PaymentMethod
  reference: string | null
  recordedAt: string
}

/** A registration as its owner (and staff) see it. */
export interface RegistrationView {
  id: string
  leagueId: string
  leagueName: string
  sport: string
  userId: string
  registrantName: string
  registrantEmail: string
  child: { id: string; name: string } | null
  status: RegistrationStatus
  /** 1-based place in the waitlist, while waitlisted. */
  waitlistPosition: number | null
  waitlistSize: number
  offerExpiresAt: string | null
  receiptNumber: string
  priceCents: number
  paidCents: number
  balanceCents: number
  createdAt: string
}

export interface Receipt extends RegistrationView {
  payments: Payment[]
  leagueStartDate: string
  leagueEndDate: string
}

export interface RegisterResult {
  registration: RegistrationView
  /** False when this answer repeats an earlier registration (double submit, retry). */
  created: boolean
}

/** A league on a sign-up page. */
export interface OpenLeague {
  id: string
  name: string
  sport: string
  description: string | null
  registrationDate: string
  startDate: string
  endDate: string
  priceCents: number
  /** Null when the league has no limit. */
  placesLeft: number | null
  waitlistSize: number
  minAge: number | null
  maxAge: number | null
}
