import { centsFromDollars } from '../money.ts'
import type { FormSpec } from '../validation/rules.ts'
import { LATE_SIGN_UP_PRICES, type LateSignUpPrice } from '../prices.ts'

/** What a product on the price list is for (issue 24). */
export const PRODUCT_PURPOSES = ['player-fee', 'team-fee', 'team-deposit', 'academy-fee', 'camp-fee', 'drop-in-fee', 'extra'] as const
export type ProductPurpose = (typeof PRODUCT_PURPOSES)[number]

export const PURPOSE_LABELS: Record<ProductPurpose, string> = {
  'player-fee': 'League player fee',
  'team-fee': 'Team fee',
  'team-deposit': 'Team deposit',
  'academy-fee': 'Academy fee',
  'camp-fee': 'Camp fee',
  'drop-in-fee': 'Drop-in fee',
  extra: 'Extra (a jersey, a ball)',
}

/** What a family discount may be set on: the fees of places children take. */
export const FAMILY_PURPOSES: readonly ProductPurpose[] = ['player-fee', 'academy-fee', 'camp-fee']

/**
 * The price list's product form (/admin/products), checked in the browser and again by the server
 * (decision 0004), strings as forms send them. An early-bird price comes with its last day, a day
 * in the facility's time zone.
 */
export const ProductForm = {
  name: { label: 'Name', rules: 'required|line|max:120' },
  purpose: { label: 'For', rules: `required|in:${PRODUCT_PURPOSES.join(',')}` },
  listPrice: { label: 'Price', rules: 'required|numeric|between:0,10000' },
  earlyBirdPrice: { label: 'Early-bird price', rules: 'numeric|between:0,10000' },
  earlyBirdUntil: { label: 'Early-bird price until', rules: 'date' },
  familyDiscount: { label: 'Family discount (percent)', rules: 'integer|between:1,100' },
  planDeposit: { label: 'Deposit', rules: 'numeric|between:0,10000' },
  planDue1: { label: 'First part due', rules: 'date' },
  planDue2: { label: 'Second part due', rules: 'date' },
  planDue3: { label: 'Third part due', rules: 'date' },
  sizes: { label: 'Sizes', rules: 'line|max:200' },
  lateSignUps: { label: 'Signing up after the first session', rules: `in:${LATE_SIGN_UP_PRICES.join(',')}` },
  isActive: { label: 'On the price list', rules: 'in:true,false' },
} as const satisfies FormSpec

export type ProductField = keyof typeof ProductForm
export type ProductFormValues = Record<ProductField, string>

export const PRODUCT_MESSAGES = {
  cents: 'Prices are in dollars and cents, such as 45 or 45.50.',
  earlyBirdUntil: 'Give the last day of the early-bird price.',
  earlyBirdPrice: 'Give the early-bird price, or clear its last day.',
  earlyBirdBelow: 'The early-bird price must be below the price.',
  familyDiscount: 'A family discount is for places children take: a league player fee, an academy fee or a camp fee.',
  planDeposit: 'Give the deposit paid at sign-up, or clear the days of the parts.',
  planDepositBelow: 'The deposit must be below the price.',
  planDue1: 'Give the day the first part is due, or clear the deposit.',
  planDueOrder: 'Give the parts’ days in order, each after the one before.',
  planExtra: 'A payment plan is for fees, not extras.',
  sizes: 'Sizes are for extras, such as a jersey.',
  lateSignUps: 'A price for the sessions left is for an academy fee.',
  goesWith: 'Choose fees from the price list for the extra to go with.',
  earlyBirdPast: 'The last day of the early-bird price has already passed: give today or a later day.',
  planDuePast: 'This part’s day has already passed: give today or a later day.',
} as const

/** A new product's days must be still to come on `today` (a facility day): an early-bird price or a plan's part on a day gone by would apply to no one. */
export function pastDayProblems(values: ProductFormValues, today: string): Partial<Record<ProductField, string>> {
  const problems: Partial<Record<ProductField, string>> = {}
  const past = (day: string) => ISO_DAY.test(day) && day < today
  if (past(values.earlyBirdUntil)) problems.earlyBirdUntil = PRODUCT_MESSAGES.earlyBirdPast
  for (const field of PLAN_DAYS) if (past(values[field])) problems[field] = PRODUCT_MESSAGES.planDuePast
  return problems
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** What the field rules cannot say: cents, an early-bird price with its day, below the price, and a family discount only on a child's fee. */
export function productFormProblems(values: ProductFormValues): Partial<Record<ProductField, string>> {
  const problems: Partial<Record<ProductField, string>> = {}
  const list = values.listPrice === '' ? null : centsFromDollars(values.listPrice)
  const early = values.earlyBirdPrice === '' ? null : centsFromDollars(values.earlyBirdPrice)
  if (values.listPrice !== '' && list === null) problems.listPrice = PRODUCT_MESSAGES.cents
  if (values.earlyBirdPrice !== '' && early === null) problems.earlyBirdPrice = PRODUCT_MESSAGES.cents
  else if (values.earlyBirdPrice === '' && values.earlyBirdUntil !== '') problems.earlyBirdPrice = PRODUCT_MESSAGES.earlyBirdPrice
  else if (early !== null && list !== null && early >= list) problems.earlyBirdPrice = PRODUCT_MESSAGES.earlyBirdBelow
  if (values.earlyBirdPrice !== '' && values.earlyBirdUntil === '') problems.earlyBirdUntil = PRODUCT_MESSAGES.earlyBirdUntil
  if (values.familyDiscount !== '' && !FAMILY_PURPOSES.includes(values.purpose as ProductPurpose)) problems.familyDiscount = PRODUCT_MESSAGES.familyDiscount
  Object.assign(problems, planProblems(values, list))
  if (values.sizes.trim() !== '' && values.purpose !== 'extra') problems.sizes = PRODUCT_MESSAGES.sizes
  if (lateSignUpPriceOf(values) === 'sessions-left' && values.purpose !== 'academy-fee') problems.lateSignUps = PRODUCT_MESSAGES.lateSignUps
  return problems
}

/** The form's fields for the days of a payment plan's parts. */
export const PLAN_DAYS = ['planDue1', 'planDue2', 'planDue3'] as const

/** A payment plan: a deposit below the price and one to three days in order, on a fee; or none of it. */
function planProblems(values: ProductFormValues, list: number | null): Partial<Record<ProductField, string>> {
  const days = PLAN_DAYS.map((field) => values[field])
  if (values.planDeposit === '' && days.every((day) => day === '')) return {}
  if (values.purpose === 'extra') return { planDeposit: PRODUCT_MESSAGES.planExtra }
  const problems: Partial<Record<ProductField, string>> = {}
  const deposit = values.planDeposit === '' ? null : centsFromDollars(values.planDeposit)
  if (values.planDeposit === '') problems.planDeposit = PRODUCT_MESSAGES.planDeposit
  else if (deposit === null) problems.planDeposit = PRODUCT_MESSAGES.cents
  else if (list !== null && deposit >= list) problems.planDeposit = PRODUCT_MESSAGES.planDepositBelow
  if (days[0] === '') problems.planDue1 = PRODUCT_MESSAGES.planDue1
  PLAN_DAYS.forEach((field, i) => {
    if (i === 0 || days[i] === '' || problems[field]) return
    if (days[i - 1] === '' || days[i]! <= days[i - 1]!) problems[field] = PRODUCT_MESSAGES.planDueOrder
  })
  return problems
}

/** An extra's sizes as typed, `S, M, L`: each once, in the order given. */
export function sizesOfForm(values: Pick<ProductFormValues, 'sizes'>): string[] {
  return [...new Set(values.sizes.split(',').map((size) => size.trim()).filter((size) => size !== ''))]
}

/** The plan a valid form sets: null without a deposit. */
export function planOfForm(values: ProductFormValues): { depositCents: number; dueDates: string[] } | null {
  const deposit = values.planDeposit === '' ? null : centsFromDollars(values.planDeposit)
  if (deposit === null) return null
  return { depositCents: deposit, dueDates: PLAN_DAYS.map((field) => values[field]).filter((day) => day !== '') }
}

/** What a late sign-up pays as the form sets it: left empty, the full price. */
export const lateSignUpPriceOf = (values: Pick<ProductFormValues, 'lateSignUps'>): LateSignUpPrice => (values.lateSignUps === 'sessions-left' ? 'sessions-left' : 'full')

/** The form's words for each choice. */
export const LATE_SIGN_UP_LABELS: Record<LateSignUpPrice, string> = {
  full: 'Pays the full price',
  'sessions-left': 'Pays for the sessions left (the price × sessions left ÷ all sessions)',
}
