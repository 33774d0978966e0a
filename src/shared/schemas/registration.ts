/**
 * What a place is a place in (decision 0012): a player in an individual league (or a free agent
 * of a team league), a team in a team league, a player on one team's roster, a child in an academy,
 * a child at a camp, a person (or a child) at one drop-in session.
 */
export const OFFERING_KINDS = ['league-place', 'team-place', 'roster-place', 'academy-place', 'camp-place', 'drop-in-place'] as const
export type OfferingKind = (typeof OFFERING_KINDS)[number]

export const REGISTRATION_STATUSES = ['confirmed', 'held', 'offered', 'waitlisted', 'cancelled', 'declined', 'expired', 'moved'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/**
 * Who takes a place or signs the waiver: the account holder, keyed by this constant, or one of
 * their children, keyed by the child's id (registrations.participantKey, waiverSignatures.subjectKey).
 */
export const ACCOUNT_HOLDER = 'self'

export function participantKeyOf(childId: string | null): string {
  return childId ?? ACCOUNT_HOLDER
}

/** Statuses that hold one of the offering's places: confirmed, held awaiting payment, offered from the waitlist. */
export const HOLDS_PLACE: readonly RegistrationStatus[] = ['confirmed', 'held', 'offered']
/** Statuses of a registration that is still going. */
export const ACTIVE_STATUSES: readonly RegistrationStatus[] = ['confirmed', 'held', 'offered', 'waitlisted']
/** Statuses of a place its person is charged for: theirs, or held while they pay. A waitlist position or an unclaimed offer is charged nothing. */
export const CHARGED_STATUSES: readonly RegistrationStatus[] = ['confirmed', 'held']
/** Statuses whose place lapses at `offerExpiresAt` unless taken up: held until paid, offered until claimed. */
export const LAPSING_STATUSES = ['held', 'offered'] as const

/**
 * Why nothing is due on a registration whatever its balance, or null when its balance is owed: an
 * ended registration owes nothing, and a waitlist position owes nothing until a place is claimed.
 */
export function nothingDue(r: { status: RegistrationStatus; balanceCents: number }): string | null {
  if (!ACTIVE_STATUSES.includes(r.status)) return 'Nothing due'
  if (r.status === 'waitlisted' && r.balanceCents > 0) return 'Nothing due while on the waitlist'
  return null
}

/** How long a promoted person has to claim the place, unless configured (WAITLIST_CLAIM_HOURS). */
export const DEFAULT_CLAIM_WINDOW_HOURS = 48

export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  held: 'Held for payment',
  offered: 'Place offered',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Offer expired',
  moved: 'Moved',
}
