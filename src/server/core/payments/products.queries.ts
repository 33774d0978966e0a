import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import type { Write } from '../../db/transaction.ts'
import { PURPOSE_LABELS, type ProductPurpose } from '../../../shared/schemas/product.ts'
import { planEndingBy, type PaymentPlan } from '../../../shared/payment-plan.ts'
import type { LateSignUpPrice } from '../../../shared/prices.ts'
import { invalid } from '../refusals.ts'

/**
 * Who owns a price (issue 22): products are the price list's. A league or an academy points at
 * one; saving it never rewrites a product, which other offerings, orders and the price list may
 * share. A price typed on a league's form that its product does not carry points the league at
 * a new product of that price, for what the league uses it for; the same price keeps the product
 * it has.
 */
export async function productPriced(tx: Db, want: { name: string; purpose: ProductPurpose; priceCents: number; current: string | null; now: Date }): Promise<string> {
  if (want.current) {
    const current = await tx.kysely.selectFrom('products').select('listPriceCents').where('id', '=', want.current).executeTakeFirst()
    if (current?.listPriceCents === want.priceCents) return want.current
  }
  const id = randomUUID()
  const at = timestampParam(tx.dialect, want.now)
  const product = { id, name: want.name, purpose: want.purpose, listPriceCents: want.priceCents, earlyBirdPriceCents: null, earlyBirdUntil: null, familyDiscountPercent: null, planDepositCents: null, planDueDates: null, sizes: null, lateSignUpPrice: 'full' as const, isActive: true }
  await tx.kysely.insertInto('products').values({ ...product, isActive: boolParam(tx.dialect, true), createdAt: at, updatedAt: at }).execute()
  await productChanged(tx, product, { by: null, now: want.now }).execute()
  return id
}

/** A product as it is after a change, as the price list keeps it. */
export interface ProductState {
  id: string
  name: string
  purpose: ProductPurpose
  listPriceCents: number
  earlyBirdPriceCents: number | null
  earlyBirdUntil: string | null
  familyDiscountPercent: number | null
  /** A payment plan, as stored: the deposit and the parts' days, comma-separated (planOf reads them). */
  planDepositCents: number | null
  planDueDates: string | null
  /** An extra's sizes, comma-separated; null: one size. */
  sizes: string | null
  /** What a late sign-up to an academy under way pays (shared/prices.ts). */
  lateSignUpPrice: LateSignUpPrice
  isActive: boolean
}

/** The payment plan of a product's or a line's columns: null without one. */
export function planOf(row: { planDepositCents: number | null; planDueDates: string | null }): PaymentPlan | null {
  return row.planDepositCents !== null && row.planDueDates ? { depositCents: row.planDepositCents, dueDates: row.planDueDates.split(',') } : null
}

/** The payment plan a program's places take from its product's columns: no part due after the program's `lastDay` (shared/payment-plan.ts `planEndingBy`). */
export function programPlanOf(row: { planDepositCents: number | null; planDueDates: string | null }, lastDay: string): PaymentPlan | null {
  return planEndingBy(planOf(row), lastDay)
}

/** The early-bird price of a product's columns: null without one. */
export function earlyBirdOf(row: { earlyBirdPriceCents: number | null; earlyBirdUntil: string | null }): { priceCents: number; until: string } | null {
  return row.earlyBirdPriceCents !== null && row.earlyBirdUntil !== null ? { priceCents: row.earlyBirdPriceCents, until: row.earlyBirdUntil } : null
}

/** An extra's sizes as stored, comma-separated. */
export const sizesOf = (stored: string | null): string[] => (stored ? stored.split(',') : [])

/** A payment plan as its columns store it. */
export function planColumns(plan: PaymentPlan | null): { planDepositCents: number | null; planDueDates: string | null } {
  return plan ? { planDepositCents: plan.depositCents, planDueDates: plan.dueDates.join(',') } : { planDepositCents: null, planDueDates: null }
}

/** The history row of a product as a change left it: who (null: the site) and when. */
export function productChanged(tx: Db, { id, isActive, ...product }: ProductState, change: { by: string | null; now: Date }): Write {
  return tx.kysely.insertInto('productChanges').values({
    id: randomUUID(),
    productId: id,
    ...product,
    isActive: boolParam(tx.dialect, isActive),
    changedBy: change.by,
    changedAt: timestampParam(tx.dialect, change.now),
  })
}

/**
 * The product of the price list a league's or an academy's form chose for its price: offered, and
 * for what it will price. Refused in words naming the form's field (`priceProduct`) otherwise.
 */
export async function chosenProduct(db: Db, productId: string, purpose: ProductPurpose, field = 'priceProduct'): Promise<string> {
  const product = await db.kysely.selectFrom('products').select(['id', 'purpose', 'isActive']).where('id', '=', productId).executeTakeFirst()
  const refuse = (message: string) => invalid(message, { [field]: message })
  if (!product || !product.isActive) throw refuse('Choose a product that is on the price list.')
  if (product.purpose !== purpose) throw refuse(`Choose a product for a ${PURPOSE_LABELS[purpose].toLowerCase()}.`)
  return product.id
}
