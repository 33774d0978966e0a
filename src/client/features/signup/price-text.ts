import { formatDate } from '../../../shared/format.ts'
import { moneyText, runningEarlyBird, type EarlyBird } from '../../../shared/prices.ts'

/**
 * A price as the cards and sign-up pages state it on `today` (issue 30): the early-bird price with
 * its last day while it runs, then the list price. The home page's cards use it, so it formats
 * money from its digits.
 */
export function priceFactText(rules: { listPriceCents: number; earlyBird: EarlyBird | null }, today: string): string {
  const early = runningEarlyBird(rules, today)
  if (early) return `${moneyText(early.priceCents)} through ${formatDate(early.until)} (early bird), then ${moneyText(rules.listPriceCents)}`
  return rules.listPriceCents === 0 ? 'Free' : moneyText(rules.listPriceCents)
}

/** The early-bird columns of a home card's league, as price rules. */
export const earlyBirdOfColumns = (league: { earlyBirdPriceCents: number | null; earlyBirdUntil: string | null }): EarlyBird | null =>
  league.earlyBirdPriceCents !== null && league.earlyBirdUntil !== null ? { priceCents: league.earlyBirdPriceCents, until: league.earlyBirdUntil } : null
