import type { RouteId } from './routes.ts'
import type { ProductPurpose } from './schemas/product.ts'
import type { OfferingKind } from './schemas/registration.ts'

/** The pages a receipt is read at: each takes its own parameters (receipt-path.ts). */
export type ReceiptPage = Extract<RouteId, 'receipt' | 'teamRegistrationReceipt' | 'academyReceipt' | 'campReceipt' | 'dropInReceipt'>

/** The words for a kind of offering, wherever a page, an email or a refusal names it. */
export interface OfferingKindWords {
  /** What a receipt or a staff record labels the offering with: "League", "Academy". */
  label: string
  /** What a sentence calls it: "this league", "this academy's age range". */
  noun: string
  /** The price list's purpose of a product that prices a place of this kind. */
  purpose: ProductPurpose
  /** The page a place's receipt is read at. */
  receiptPage: ReceiptPage
  /** What a place of this kind is, where its offering's name does not say: a team's entry, a player on a team. */
  place: string | null
  /**
   * What the price list says a product prices, before the offering's name ("Team fee of Adult
   * Basketball"); null: places of this kind are priced by another kind's product and listed there
   * (a place on a roster, by its league's player fee).
   */
  priceListUse: string | null
  /** Where a child turned away from a place of this kind for adults may go instead ("a Kids Sports league"); null: nowhere to point at. */
  childrenElsewhere: string | null
}

/**
 * One table of the words for each kind of offering (issue 31): a kind added to OFFERING_KINDS and
 * left out here fails the typecheck, so no page calls a new kind by an old one's name.
 */
export const OFFERING_KIND_WORDS = {
  'league-place': { label: 'League', noun: 'league', purpose: 'player-fee', receiptPage: 'receipt', place: null, priceListUse: 'League', childrenElsewhere: 'a Kids Sports league' },
  'team-place': { label: 'League', noun: 'league', purpose: 'team-fee', receiptPage: 'teamRegistrationReceipt', place: 'Team registration', priceListUse: 'Team fee of', childrenElsewhere: 'a Kids Sports league' },
  'roster-place': { label: 'League', noun: 'league', purpose: 'player-fee', receiptPage: 'receipt', place: 'Player on the roster', priceListUse: null, childrenElsewhere: 'a Kids Sports league' },
  'academy-place': { label: 'Academy', noun: 'academy', purpose: 'academy-fee', receiptPage: 'academyReceipt', place: null, priceListUse: 'Academy', childrenElsewhere: null },
  'camp-place': { label: 'Camp', noun: 'camp', purpose: 'camp-fee', receiptPage: 'campReceipt', place: null, priceListUse: 'Camp', childrenElsewhere: null },
  'drop-in-place': { label: 'Drop-in', noun: 'session', purpose: 'drop-in-fee', receiptPage: 'dropInReceipt', place: null, priceListUse: 'Drop-in', childrenElsewhere: null },
} as const satisfies Record<OfferingKind, OfferingKindWords>
