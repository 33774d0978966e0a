import type { Product } from '../contracts/products.ts'
import { dollarsText } from '../money.ts'
import type { ProductFormValues } from './product.ts'

/** A saved product as the form shows it: what the edit form starts from, and what an update leaves alone. */
export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    purpose: product.purpose,
    listPrice: dollarsText(product.listPriceCents),
    earlyBirdPrice: product.earlyBird ? dollarsText(product.earlyBird.priceCents) : '',
    earlyBirdUntil: product.earlyBird?.until ?? '',
    familyDiscount: product.familyDiscountPercent === null ? '' : String(product.familyDiscountPercent),
    planDeposit: product.plan ? dollarsText(product.plan.depositCents) : '',
    planDue1: product.plan?.dueDates[0] ?? '',
    planDue2: product.plan?.dueDates[1] ?? '',
    planDue3: product.plan?.dueDates[2] ?? '',
    sizes: product.sizes.join(', '),
    lateSignUps: product.lateSignUpPrice,
    isActive: String(product.isActive),
  }
}
