import { z } from 'zod'
import { PRODUCT_PURPOSES, ProductForm } from '../schemas/product.ts'
import { LATE_SIGN_UP_PRICES } from '../prices.ts'
import { OFFERING_KINDS } from '../schemas/registration.ts'
import { contract, formBody, pathId } from './contract.ts'

const Plan = z
  .object({ depositCents: z.number().int(), dueDates: z.array(z.string()).describe('YYYY-MM-DD, the facility days the other parts are due: one to three') })
  .describe('a deposit at sign-up and the rest in parts on set days')

export const EarlyBird = z.object({ priceCents: z.number().int(), until: z.string().describe('YYYY-MM-DD, the last facility day of the early-bird price') })

/**
 * What a place asks, as its product says on the day a family reads it (issue 30): the sign-up pages
 * work the price of the day, the family discount, a late sign-up's sessions and the plan's parts
 * out of it with shared/sign-up-total.ts, the same arithmetic as the engine's.
 */
export const PriceRules = z
  .object({
    listPriceCents: z.number().int(),
    earlyBird: EarlyBird.nullable(),
    familyDiscountPercent: z.number().int().nullable().describe('taken off the second and further children one account registers here'),
    plan: Plan.nullable(),
    lateSignUpPrice: z.enum(LATE_SIGN_UP_PRICES).describe('an academy: what a sign-up after the first session pays, the full price or the part for the sessions left'),
  })
  .describe("the product's price rules, as the engine applies them")
export type PriceRules = z.infer<typeof PriceRules>

/** A product as one change left it (the first: as it was made). */
export const ProductChange = z.object({
  at: z.string().describe('ISO 8601 time'),
  byName: z.string().nullable().describe('who changed it; null: the site, or before the price list'),
  name: z.string(),
  listPriceCents: z.number().int(),
  earlyBird: EarlyBird.nullable(),
  familyDiscountPercent: z.number().int().nullable(),
  plan: Plan.nullable(),
  lateSignUpPrice: z.enum(LATE_SIGN_UP_PRICES),
  sizes: z.array(z.string()),
  isActive: z.boolean(),
})
export type ProductChange = z.infer<typeof ProductChange>

/** A product of the price list (issue 24), where it is used, and its changes, newest first. */
export const Product = z.object({
  id: z.string(),
  name: z.string(),
  purpose: z.enum(PRODUCT_PURPOSES),
  listPriceCents: z.number().int(),
  earlyBird: EarlyBird.nullable(),
  familyDiscountPercent: z.number().int().nullable().describe('taken off the second and further children one account registers in the same league or academy'),
  plan: Plan.nullable(),
  lateSignUpPrice: z.enum(LATE_SIGN_UP_PRICES).describe('an academy fee: what a sign-up after the first session pays, the full price or the part for the sessions left'),
  sizes: z.array(z.string()).describe("an extra's sizes, one chosen at checkout; empty: one size"),
  goesWith: z.array(z.object({ id: z.string(), name: z.string() })).describe('an extra: the fees it is offered beside at checkout'),
  isActive: z.boolean(),
  usedBy: z
    .array(z.object({ kind: z.enum(OFFERING_KINDS), id: z.string().describe("the offering's owner: the league, academy or camp"), name: z.string() }))
    .describe('what is priced with it: the places of a league, a team fee, an academy, a camp'),
  history: z.array(ProductChange),
})
export type Product = z.infer<typeof Product>

/** An extra's fees, beside the form's fields. */
const goesWith = z.array(pathId, { error: 'Send the fees as a list of ids.' }).max(500).describe('an extra: the fees it is offered beside')

export const listProducts = contract({
  method: 'GET',
  url: '/api/admin/products',
  access: 'admin',
  summary: 'The price list: every product, offered ones first, with where it is used and its changes',
  responses: { 200: z.object({ products: z.array(Product) }) },
})

export const createProduct = contract({
  method: 'POST',
  url: '/api/admin/products',
  access: 'admin',
  summary: 'Add a product to the price list',
  body: formBody(ProductForm).extend({ goesWith: goesWith.optional() }),
  responses: { 201: z.object({ product: Product }) },
})

export const updateProduct = contract({
  method: 'POST',
  url: '/api/admin/products/:productId',
  access: 'admin',
  summary: 'Change a product: the fields sent replace those saved; what people already owe never changes',
  params: z.object({ productId: pathId }),
  body: formBody(ProductForm, { partial: true }).extend({ goesWith: goesWith.optional() }),
  responses: { 200: z.object({ product: Product }) },
})
