/**
 * What a place costs on a day, worked out by the same functions in the engine (the line it
 * writes) and in the browser (the price a family reads before pressing Sign Up), so what is shown
 * is what is charged (issue 30, decision 0021). Plain arithmetic on cents and facility days.
 */

/** A lower price for those who register by `until`, a facility day. */
export interface EarlyBird {
  priceCents: number
  until: string
}

/** What a late sign-up to an academy under way pays: the full price, or the part for the sessions left (decision 0021). */
export const LATE_SIGN_UP_PRICES = ['full', 'sessions-left'] as const
export type LateSignUpPrice = (typeof LATE_SIGN_UP_PRICES)[number]

/** An academy's sessions, for a price by the sessions left; null for a league. */
export interface PricedSessions {
  /** Every session date, in order (academy-schedule.ts `sessionDates`). */
  dates: readonly string[]
  lateSignUpPrice: LateSignUpPrice
}

/** A place's price rules as its product states them on a day. */
export interface PriceRules {
  listPriceCents: number
  earlyBird: EarlyBird | null
  /** Taken off the second and further children of one account. */
  familyDiscountPercent: number | null
  sessions: PricedSessions | null
}

/** The early-bird price while it runs (through its last day), else the list price. */
export function priceOn(rules: Pick<PriceRules, 'listPriceCents' | 'earlyBird'>, today: string): number {
  return rules.earlyBird && today <= rules.earlyBird.until ? rules.earlyBird.priceCents : rules.listPriceCents
}

/** What the family discount takes off `priceCents` for a child with `siblings` brothers and sisters holding a place here. */
export function familyDiscountOn(rules: Pick<PriceRules, 'familyDiscountPercent'>, priceCents: number, siblings: number): number {
  if (siblings === 0 || rules.familyDiscountPercent === null) return 0
  return Math.round((priceCents * rules.familyDiscountPercent) / 100)
}

/** The sessions on or after `today`: one later today still counts as left. */
export function sessionsLeft(dates: readonly string[], today: string): string[] {
  return dates.filter((date) => date >= today)
}

/** Sessions charged of all, for a sign-up once the first session has passed and the product charges the sessions left; null otherwise. */
export function lateSessionsOn(rules: Pick<PriceRules, 'sessions'>, today: string): { charged: number; inAll: number } | null {
  const sessions = rules.sessions
  if (!sessions || sessions.lateSignUpPrice !== 'sessions-left' || sessions.dates.length === 0) return null
  const charged = sessionsLeft(sessions.dates, today).length
  return charged < sessions.dates.length ? { charged, inAll: sessions.dates.length } : null
}

/** `priceCents` for `charged` of `inAll` sessions, rounded to the cent. */
export const proratedCents = (priceCents: number, { charged, inAll }: { charged: number; inAll: number }): number => Math.round((priceCents * charged) / inAll)

/** What one place asks, as its order line keeps it. */
export interface PlacePrice {
  /** The list price, for the sessions charged when it is prorated. */
  listPriceCents: number
  /** The price of the day: early-bird or list, for the sessions charged. */
  priceOfDayCents: number
  familyDiscountCents: number
  /** What the line asks: the price of the day less the family discount. */
  amountDueCents: number
  /** A late sign-up charged for the sessions left; null: the whole price. */
  sessions: { charged: number; inAll: number } | null
}

/** What a place taken on `today` by a child with `siblings` holding places here asks. */
export function placePriceOn(rules: PriceRules, today: string, siblings: number): PlacePrice {
  const sessions = lateSessionsOn(rules, today)
  const scaled = (cents: number) => (sessions ? proratedCents(cents, sessions) : cents)
  const priceOfDayCents = scaled(priceOn(rules, today))
  const familyDiscountCents = familyDiscountOn(rules, priceOfDayCents, siblings)
  return { listPriceCents: scaled(rules.listPriceCents), priceOfDayCents, familyDiscountCents, amountDueCents: priceOfDayCents - familyDiscountCents, sessions }
}
