/**
 * Stripe's card brands (`visa`, `amex`, `mastercard` …) as a card holder reads them: the checkout
 * pages and every list of payments (receipts, staff) say them alike. Not imported by the home
 * page's bundle (scripts/check-bundle.mjs).
 */
const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
}

export function cardBrandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()]
  if (known) return known
  const words = brand.replace(/[_-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Card'
}

/** A card as a receipt names it: `Visa ending 4242`. */
export function cardText(card: { brand: string; last4: string }): string {
  return `${cardBrandName(card.brand)} ending ${card.last4}`
}
