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
  'cancelled',
  'declined',
  'teams-imported',
  'waiver-published',
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
  cancelled: 'Registration cancelled',
  declined: 'Registration declined',
  'teams-imported': 'Team imported from CSV',
  'waiver-published': 'Waiver version published',
}

/** What an entry is about: the record the action changed. */
export const AUDIT_ENTITIES = ['user', 'league', 'team', 'academy', 'camp', 'drop-in', 'product', 'discount-code', 'registration', 'payment', 'waiver'] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

/** Entries a page of Recent activity shows. */
export const AUDIT_PAGE_SIZE = 25
