import type { FormSpec } from '../validation/rules.ts'

/** Payments and refunds of a registration: the methods and the desk's form (a payment as shown: src/shared/contracts/registrations.ts). */

export const PAYMENT_METHODS = ['cash', 'card', 'check', 'online', 'refund'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  check: 'Check',
  online: 'Online',
  refund: 'Refund',
}

/** Who processed a payment: staff at the desk, or Stripe online (decision 0012). */
export const PAYMENT_PROVIDERS = ['desk', 'stripe'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/** What the front desk can record. */
export const DESK_METHODS = ['cash', 'card', 'check'] as const

export const DeskPaymentForm = {
  amount: { label: 'Amount', rules: 'required|numeric|between:0.01,100000' },
  method: { label: 'Method', rules: 'required|in:cash,card,check' },
  reference: { label: 'Reference', rules: 'line|max:120' },
} as const satisfies FormSpec
