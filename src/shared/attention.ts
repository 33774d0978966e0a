/**
 * What the Needs attention section lists (docs/decisions/0029): each a cause the data shows, gone
 * by itself once the cause is (a payment recorded, a waiver signed, an offer claimed, a day passed,
 * enough places confirmed, a payment event delivered again).
 */
export const ATTENTION_KINDS = ['unpaid', 'plan-overdue', 'team-forming', 'offer-expiring', 'team-hold', 'waiver-missing', 'online-payment', 'failed-work', 'email-failed', 'backup', 'below-minimum', 'webhook-failed'] as const
export type AttentionKind = (typeof ATTENTION_KINDS)[number]
export const ATTENTION_KIND_LABELS: Record<AttentionKind, string> = {
  unpaid: 'Unpaid after the start',
  'plan-overdue': 'Payment-plan parts overdue',
  'team-forming': 'Teams forming near the roster deadline',
  'offer-expiring': 'Waitlist offers lapsing',
  'team-hold': 'Team places held for a captain',
  'waiver-missing': 'No current waiver',
  'online-payment': 'Online payments and refunds',
  'failed-work': 'Background work that failed',
  'email-failed': 'Emails not sent',
  backup: 'Backups',
  'below-minimum': 'Starting soon below the minimum',
  'webhook-failed': 'Payment events refused or failed',
}
