import { centsFromDollars } from '../money.ts'
import type { FormSpec } from '../validation/rules.ts'

/**
 * The discount code form (/admin/products, issue 24), checked in the browser and again by the
 * server (decision 0004), strings as forms send them. A code takes a percentage or an amount off
 * (exactly one), between two facility days (both included), a number of times in all and per
 * person; which products it is for travels beside the form (`productIds`).
 */
export const DiscountCodeForm = {
  code: { label: 'Code', rules: 'required|between:3,32' },
  description: { label: 'Description', rules: 'line|max:200' },
  percentOff: { label: 'Percent off', rules: 'integer|between:1,100' },
  amountOff: { label: 'Amount off', rules: 'numeric|between:0,10000' },
  validFrom: { label: 'First day', rules: 'date' },
  validUntil: { label: 'Last day', rules: 'date' },
  maxUses: { label: 'Uses in all', rules: 'integer|between:1,1000000' },
  maxUsesPerPerson: { label: 'Uses per person', rules: 'integer|between:1,1000000' },
  isActive: { label: 'Can be used', rules: 'in:true,false' },
} as const satisfies FormSpec

export type DiscountCodeField = keyof typeof DiscountCodeForm
export type DiscountCodeFormValues = Record<DiscountCodeField, string>

/** Letters, digits, `-` and `_`: what a person can read out and type at checkout. */
const CODE_TEXT = /^[A-Za-z0-9_-]{3,32}$/

export const DISCOUNT_CODE_MESSAGES = {
  code: 'A code is 3 to 32 letters, digits, - or _, without spaces.',
  oneKind: 'Give a percent off or an amount off.',
  bothKinds: 'Give a percent off or an amount off, not both.',
  cents: 'Amounts are in dollars and cents, such as 5 or 5.50.',
  amountAboveZero: 'The amount off must be more than $0.00.',
  untilBeforeFrom: 'The last day can’t be before the first day.',
  products: 'Choose products from the price list.',
} as const

/** A code as it is stored and looked up: trimmed and upper-cased, so `spring10` finds SPRING10. */
export function normalCode(text: string): string {
  return text.trim().toUpperCase()
}

/** What the field rules cannot say: the code's letters, exactly one kind of discount, cents, the days in order. */
export function discountCodeFormProblems(values: DiscountCodeFormValues): Partial<Record<DiscountCodeField, string>> {
  const problems: Partial<Record<DiscountCodeField, string>> = {}
  if (values.code !== '' && !CODE_TEXT.test(values.code.trim())) problems.code = DISCOUNT_CODE_MESSAGES.code
  const percent = values.percentOff.trim()
  const amount = values.amountOff.trim()
  if (percent === '' && amount === '') problems.percentOff = DISCOUNT_CODE_MESSAGES.oneKind
  else if (percent !== '' && amount !== '') problems.amountOff = DISCOUNT_CODE_MESSAGES.bothKinds
  else if (amount !== '') {
    const cents = centsFromDollars(amount)
    if (cents === null) problems.amountOff = DISCOUNT_CODE_MESSAGES.cents
    else if (cents <= 0) problems.amountOff = DISCOUNT_CODE_MESSAGES.amountAboveZero
  }
  if (values.validFrom !== '' && values.validUntil !== '' && values.validUntil < values.validFrom) problems.validUntil = DISCOUNT_CODE_MESSAGES.untilBeforeFrom
  return problems
}

