import type { Product } from '../contracts/products.ts'
import { centsFromDollars, dollarsText } from '../money.ts'
import type { FormSpec } from '../validation/rules.ts'

/** What a product on the price list is for (issue 24). */
export const PRODUCT_PURPOSES = ['player-fee', 'team-fee', 'team-deposit', 'academy-fee', 'extra'] as const
export type ProductPurpose = (typeof PRODUCT_PURPOSES)[number]

export const PURPOSE_LABELS: Record<ProductPurpose, string> = {
  'player-fee': 'League player fee',
  'team-fee': 'Team fee',
  'team-deposit': 'Team deposit',
  'academy-fee': 'Academy fee',
  extra: 'Extra (a jersey, a ball)',
}

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
  isActive: { label: 'On the price list', rules: 'in:true,false' },
} as const satisfies FormSpec

export type ProductField = keyof typeof ProductForm
export type ProductFormValues = Record<ProductField, string>

export const PRODUCT_MESSAGES = {
  cents: 'Prices are in dollars and cents, such as 45 or 45.50.',
  earlyBirdUntil: 'Give the last day of the early-bird price.',
  earlyBirdPrice: 'Give the early-bird price, or clear its last day.',
  earlyBirdBelow: 'The early-bird price must be below the price.',
} as const

/** What the field rules cannot say: cents, and an early-bird price with its day, below the price. */
export function productFormProblems(values: ProductFormValues): Partial<Record<ProductField, string>> {
  const problems: Partial<Record<ProductField, string>> = {}
  const list = values.listPrice === '' ? null : centsFromDollars(values.listPrice)
  const early = values.earlyBirdPrice === '' ? null : centsFromDollars(values.earlyBirdPrice)
  if (values.listPrice !== '' && list === null) problems.listPrice = PRODUCT_MESSAGES.cents
  if (values.earlyBirdPrice !== '' && early === null) problems.earlyBirdPrice = PRODUCT_MESSAGES.cents
  else if (values.earlyBirdPrice === '' && values.earlyBirdUntil !== '') problems.earlyBirdPrice = PRODUCT_MESSAGES.earlyBirdPrice
  else if (early !== null && list !== null && early >= list) problems.earlyBirdPrice = PRODUCT_MESSAGES.earlyBirdBelow
  if (values.earlyBirdPrice !== '' && values.earlyBirdUntil === '') problems.earlyBirdUntil = PRODUCT_MESSAGES.earlyBirdUntil
  return problems
}

/** A saved product as the form shows it: what the edit form starts from, and what an update leaves alone. */
export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    purpose: product.purpose,
    listPrice: dollarsText(product.listPriceCents),
    earlyBirdPrice: product.earlyBird ? dollarsText(product.earlyBird.priceCents) : '',
    earlyBirdUntil: product.earlyBird?.until ?? '',
    isActive: String(product.isActive),
  }
}
