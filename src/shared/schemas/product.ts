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

/** What a family discount may be set on: the fees of places children take. */
export const FAMILY_PURPOSES: readonly ProductPurpose[] = ['player-fee', 'academy-fee']

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
  isActive: { label: 'On the price list', rules: 'in:true,false' },
} as const satisfies FormSpec

export type ProductField = keyof typeof ProductForm
export type ProductFormValues = Record<ProductField, string>

export const PRODUCT_MESSAGES = {
  cents: 'Prices are in dollars and cents, such as 45 or 45.50.',
  earlyBirdUntil: 'Give the last day of the early-bird price.',
  earlyBirdPrice: 'Give the early-bird price, or clear its last day.',
  earlyBirdBelow: 'The early-bird price must be below the price.',
  familyDiscount: 'A family discount is for places children take: a league player fee or an academy fee.',
} as const

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
    familyDiscount: product.familyDiscountPercent === null ? '' : String(product.familyDiscountPercent),
    isActive: String(product.isActive),
  }
}
