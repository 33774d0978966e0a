/**
 * The staff actions the audit history records (issue 32, docs/decisions/0027), with the words the
 * dashboard's Recent activity shows for each. Server and browser read the same list: the server
 * records only these, and the filter offers exactly these.
 */
export const AUDIT_ACTIONS = [
  'role-changed',
  'league-created',
  'league-changed',
  'academy-created',
  'academy-changed',
  'session-cancelled',
  'camp-created',
  'camp-changed',
  'drop-in-created',
  'drop-in-changed',
  'product-created',
  'product-changed',
  'discount-code-created',
  'discount-code-changed',
  'desk-payment',
  'refund',
  'adjustment',
  'moved',
  'team-held',
  'walk-in-created',
  'child-added',
  'child-changed',
  'signed-up-at-desk',
  'waiver-signed-at-desk',
  'discount-applied',
  'extra-added',
  'password-link',
  'checked-in',
  'attendance-marked',
  'receipt-emailed',
  'job-retried',
  'cancelled',
  'declined',
  'teams-imported',
  'waiver-published',
  'message-sent',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'role-changed': 'Role changed',
  'league-created': 'League created',
  'league-changed': 'League changed',
  'academy-created': 'Academy created',
  'academy-changed': 'Academy changed',
  'session-cancelled': 'Academy session cancelled',
  'camp-created': 'Camp created',
  'camp-changed': 'Camp changed',
  'drop-in-created': 'Drop-in created',
  'drop-in-changed': 'Drop-in changed',
  'product-created': 'Price list: product added',
  'product-changed': 'Price list: product changed',
  'discount-code-created': 'Discount code created',
  'discount-code-changed': 'Discount code changed',
  'desk-payment': 'Payment at the desk',
  refund: 'Refund',
  adjustment: 'Price adjusted',
  moved: 'Moved',
  'team-held': 'Team place held for a captain',
  'walk-in-created': 'Customer account created at the desk',
  'child-added': 'Child added at the desk',
  'child-changed': 'Child changed at the desk',
  'signed-up-at-desk': 'Signed up at the desk',
  'waiver-signed-at-desk': 'Waiver signed at the desk',
  'discount-applied': 'Discount code applied at the desk',
  'extra-added': 'Extra sold at the desk',
  'password-link': 'Password link made',
  'checked-in': 'Check-in at the door',
  'attendance-marked': 'Attendance marked',
  'receipt-emailed': 'Receipt emailed again',
  'job-retried': 'Background job sent round again',
  cancelled: 'Registration cancelled',
  declined: 'Registration declined',
  'teams-imported': 'Team imported from CSV',
  'waiver-published': 'Waiver version published',
  'message-sent': 'Message sent',
}

/** What an entry is about: the record the action changed. */
export const AUDIT_ENTITIES = ['user', 'league', 'team', 'academy', 'camp', 'drop-in', 'product', 'discount-code', 'registration', 'payment', 'waiver', 'message', 'job'] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

/** Entries a page of Recent activity shows. */
export const AUDIT_PAGE_SIZE = 25
