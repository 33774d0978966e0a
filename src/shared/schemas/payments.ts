import { cardText } from '../card-brands.ts'
import type { FormSpec } from '../validation/rules.ts'

/** Payments and refunds of a registration: the methods and the desk's form (a payment as shown: src/shared/contracts/registrations.ts). */

/** How money was paid (and, for a refund, how it went back). */
export const PAYMENT_METHODS = ['cash', 'card', 'check', 'online'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  check: 'Check',
  online: 'Online',
}

/** What happened: money paid, or given back from a payment. */
export const MONEY_MOVES = ['payment', 'refund'] as const
export type MoneyMove = (typeof MONEY_MOVES)[number]

/** Who processed a payment: staff at the desk, or Stripe online (decision 0012). */
export const PAYMENT_PROVIDERS = ['desk', 'stripe'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/** A refund through Stripe is pending until Stripe confirms it; one at the desk succeeds when recorded. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/**
 * A checkout opened on Stripe: `open` while its payer may pay, `processing` while a bank debit
 * clears, then `paid`, `expired` (not paid in time) or `failed` (the debit bounced).
 */
export const CHECKOUT_STATUSES = ['open', 'processing', 'paid', 'expired', 'failed'] as const
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number]

/**
 * The Payment field of the league and academy forms (issue 24): when a place is paid. Values are
 * the strings the forms send for `payAtSignUp`.
 */
export const PAY_AT_SIGN_UP_CHOICES = [
  { value: 'false', label: 'Pay later (the place is confirmed; pay online from the account page or at the desk)' },
  { value: 'true', label: 'Pay at sign-up (the place is held for 30 minutes while the customer pays online)' },
] as const

/** What the front desk can record. */
export const DESK_METHODS = ['cash', 'card', 'check'] as const

export const DeskPaymentForm = {
  amount: { label: 'Amount', rules: 'required|numeric|between:0.01,100000' },
  method: { label: 'Method', rules: 'required|in:cash,card,check' },
  reference: { label: 'Reference', rules: 'line|max:120' },
} as const satisfies FormSpec

/** Staff take a credit or a scholarship off what a place asks, saying why. */
export const AdjustmentForm = {
  amount: { label: 'Amount', rules: 'required|numeric|between:0.01,100000' },
  reason: { label: 'Reason', rules: 'required|line|max:200' },
} as const satisfies FormSpec

/** Staff give back all or part of one payment, saying why. */
export const RefundForm = {
  amount: { label: 'Amount', rules: 'required|numeric|between:0.01,100000' },
  reason: { label: 'Reason', rules: 'required|line|max:200' },
} as const satisfies FormSpec

/**
 * How a payment or refund reads in a list: "Cash"; "Online — Visa ending 4242" for a card paid
 * online; "Refund of cash" for money given back from a cash payment, with "(pending)" while
 * Stripe has not confirmed it and "— failed" when it gave nothing back (balances leave it out).
 */
export function moneyMoveLabel({
  move,
  method,
  card = null,
  status = 'succeeded',
}: {
  move: MoneyMove
  method: PaymentMethod
  card?: { brand: string; last4: string } | null
  status?: RefundStatus
}): string {
  const how = PAYMENT_METHOD_LABELS[method]
  if (move === 'payment') return card ? `${how} — ${cardText(card)}` : how
  const refund = `Refund of ${how.toLowerCase()}`
  return status === 'pending' ? `${refund} (pending)` : status === 'failed' ? `${refund} — failed` : refund
}

/** The most of one extra added at once (a jersey × 3): its line asks for all of them. */
export const MOST_OF_AN_EXTRA = 10
export const EXTRA_QUANTITY_MESSAGE = `Choose how many, from 1 to ${MOST_OF_AN_EXTRA}.`
/** The most lines one order takes: Stripe Checkout takes at most 100 items (issue 30: 200 jersey lines made an order it could not take). */
export const MOST_ORDER_LINES = 50
