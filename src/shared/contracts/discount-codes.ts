import { z } from 'zod'
import { DiscountCodeForm } from '../schemas/discount-code.ts'
import { contract, formBody, pathId } from './contract.ts'

/** A discount code (issue 24): what it takes off, for which products, when, how often, and who made it. */
export const DiscountCode = z.object({
  id: z.string(),
  code: z.string().describe('upper-cased; found in any letter case at checkout'),
  description: z.string().nullable(),
  percentOff: z.number().int().nullable().describe('1–100; exactly one of percentOff and amountOffCents'),
  amountOffCents: z.number().int().nullable().describe('taken once per order, from the lines it is for'),
  validFrom: z.string().nullable().describe('YYYY-MM-DD, the first facility day it can be used'),
  validUntil: z.string().nullable().describe('YYYY-MM-DD, the last facility day it can be used'),
  maxUses: z.number().int().nullable().describe('uses in all; null: no limit'),
  maxUsesPerPerson: z.number().int().nullable(),
  uses: z.number().int().describe('orders it was used on so far'),
  usesLeft: z.number().int().nullable().describe('null: no limit'),
  isActive: z.boolean(),
  products: z.array(z.object({ id: z.string(), name: z.string() })).describe('the products it is for; empty: every product'),
  createdByName: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 time'),
  updatedAt: z.string().describe('ISO 8601 time'),
})
export type DiscountCode = z.infer<typeof DiscountCode>

/** The products a code is for, beside the form's fields: none, every product. */
const productIds = z.array(pathId, { error: 'Send the products as a list of ids.' }).max(500).describe('the products it is for; empty: every product')

export const listDiscountCodes = contract({
  method: 'GET',
  url: '/api/admin/discount-codes',
  access: 'admin',
  summary: 'Every discount code, with its products, its uses so far and left, and who made it',
  responses: { 200: z.object({ discountCodes: z.array(DiscountCode) }) },
})

export const createDiscountCode = contract({
  method: 'POST',
  url: '/api/admin/discount-codes',
  access: 'admin',
  summary: 'Add a discount code; a code that exists in any letter case is refused (409)',
  body: formBody(DiscountCodeForm).extend({ productIds: productIds.optional() }),
  responses: { 201: z.object({ discountCode: DiscountCode }) },
})

export const updateDiscountCode = contract({
  method: 'POST',
  url: '/api/admin/discount-codes/:discountCodeId',
  access: 'admin',
  summary: 'Change a discount code: the fields sent replace those saved; a used code keeps its text',
  params: z.object({ discountCodeId: pathId }),
  body: formBody(DiscountCodeForm, { partial: true }).extend({ productIds: productIds.optional() }),
  responses: { 200: z.object({ discountCode: DiscountCode }) },
})
