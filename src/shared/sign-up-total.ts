import { dueNowCents, planParts, type PaymentPlan, type PlanPart } from './payment-plan.ts'
import { placePriceOn, type PlacePrice, type PriceRules } from './prices.ts'

/** A place's price rules with its payment plan: what a sign-up page reads of an offering's product. */
export interface SignUpPricing extends PriceRules {
  plan: PaymentPlan | null
}

/** One participant of a sign-up as the page shows it before the button is pressed. */
export interface ShownPlace extends PlacePrice {
  /** Past the places left: on the waitlist, asked nothing until a place is theirs. */
  waitlisted: boolean
  /** What the place asks at sign-up: everything, or under a plan its deposit (and any part already due). */
  dueNowCents: number
  /** The plan's parts from the day of sign-up; null without a plan. */
  parts: PlanPart[] | null
}

export interface SignUpTotal {
  places: ShownPlace[]
  /** What the places (not the waitlist) ask in all. */
  totalCents: number
  /** What they ask at sign-up. */
  dueNowCents: number
}

export interface SignUpParty {
  /** How many take part, in the order they are sent. */
  count: number
  /** Children (the family discount counts brothers and sisters), or the account holder. */
  children: boolean
  /** The account's other children holding a place here already (confirmed, held or offered). */
  holding: number
  /** Places left in the offering; null: no limit. */
  placesLeft: number | null
}

/**
 * What a sign-up will ask, participant by participant, as the engine will write it: each takes a
 * place while places last (the rest join the waitlist), and a child pays the family discount's
 * price when a brother or sister holds a place already or took one before them in this sign-up
 * (engine.ts `withSiblings`). The page shows this total; the order's lines hold the same cents.
 */
export function signUpTotal(pricing: SignUpPricing, today: string, party: SignUpParty): SignUpTotal {
  let placed = 0
  const places = Array.from({ length: party.count }, (): ShownPlace => {
    const waitlisted = party.placesLeft !== null && placed >= party.placesLeft
    const price = placePriceOn(pricing, today, party.children ? party.holding + placed : 0)
    if (!waitlisted) placed += 1
    const parts = pricing.plan && !waitlisted ? planParts(pricing.plan, price.amountDueCents, 0, today) : null
    return { ...price, waitlisted, parts, dueNowCents: waitlisted ? 0 : parts ? dueNowCents(parts) : price.amountDueCents }
  })
  const charged = places.filter((p) => !p.waitlisted)
  return { places, totalCents: charged.reduce((sum, p) => sum + p.amountDueCents, 0), dueNowCents: charged.reduce((sum, p) => sum + p.dueNowCents, 0) }
}
