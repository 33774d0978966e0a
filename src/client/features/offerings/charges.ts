import type { Charges } from '../../../shared/contracts/registrations.ts'
import { formatMoney } from '../../../shared/money.ts'

/**
 * How a place's price came to be, a line each, for the receipt: the list price and the early-bird
 * price when one applied, the family discount (and its end, when the sibling who earned it left), the discount code, and each staff adjustment with its reason. Nothing
 * when the price is simply the list price.
 */
export function chargeLines(charges: Charges | null): { label: string; amount: string }[] {
  if (!charges) return []
  const lines: { label: string; amount: string }[] = []
  const reduced = charges.priceOfDayCents < charges.listPriceCents
  const ended = charges.familyDiscountEnded
  const { sessions } = charges
  // A late sign-up's list price is for the sessions left: said on its own line, always.
  if (sessions) lines.push({ label: `List price for the ${sessions.charged} sessions left of ${sessions.inAll}`, amount: formatMoney(charges.listPriceCents) })
  else if (reduced || charges.familyDiscountCents > 0 || ended || charges.discount || charges.adjustments.length > 0) lines.push({ label: 'List price', amount: formatMoney(charges.listPriceCents) })
  if (reduced) lines.push({ label: 'Early-bird price', amount: formatMoney(charges.priceOfDayCents) })
  if (charges.familyDiscountCents > 0) lines.push({ label: 'Family discount', amount: `−${formatMoney(charges.familyDiscountCents)}` })
  // A discount taken off again: shown as given, then as asked again, so the sum still reads right.
  if (ended) lines.push({ label: 'Family discount', amount: `−${formatMoney(ended.amountCents)}` }, { label: ended.reason, amount: `+${formatMoney(ended.amountCents)}` })
  if (charges.discount) lines.push({ label: `Discount (${charges.discount.code})`, amount: `−${formatMoney(charges.discount.cents)}` })
  for (const adjustment of charges.adjustments) lines.push({ label: `Adjustment (${adjustment.reason})`, amount: `−${formatMoney(adjustment.amountCents)}` })
  return lines
}
