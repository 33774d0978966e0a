import type { DiscountCode } from '../contracts/discount-codes.ts'
import { dollarsText } from '../money.ts'
import type { DiscountCodeFormValues } from './discount-code.ts'

/** A saved code as the form shows it: what the edit form starts from, and what an update leaves alone. */
export function discountCodeFormValues(code: DiscountCode): DiscountCodeFormValues {
  return {
    code: code.code,
    description: code.description ?? '',
    percentOff: code.percentOff === null ? '' : String(code.percentOff),
    amountOff: code.amountOffCents === null ? '' : dollarsText(code.amountOffCents),
    validFrom: code.validFrom ?? '',
    validUntil: code.validUntil ?? '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerPerson: code.maxUsesPerPerson === null ? '' : String(code.maxUsesPerPerson),
    isActive: String(code.isActive),
  }
}
