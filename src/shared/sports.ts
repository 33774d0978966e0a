import { registrationWindow, type RegistrationWindow } from './registration-window.ts'

export const SPORTS = ['soccer', 'basketball', 'football', 'baseball', 'kids'] as const
export type Sport = (typeof SPORTS)[number]

export const LEAGUE_KINDS = ['individual', 'team'] as const
export type LeagueKind = (typeof LEAGUE_KINDS)[number]

export const SPORT_LABELS: Record<Sport, string> = {
  soccer: 'Soccer',
  basketball: 'Basketball',
  football: 'Football',
  baseball: 'Baseball',
  kids: 'Kids Sports',
}

/**
 * Kids Sports leagues take children only (each child's age checked against the league's range);
 * every other league takes the account holder only. The server refuses any other pairing.
 */
export function isForChildren(league: { sport: string }): boolean {
  return league.sport === 'kids'
}

/** The league the Adult Basketball card shows is found by this name (product §4). */
export const ADULT_BASKETBALL_LEAGUE_NAME = 'Adult Basketball'

export interface ActiveLeague {
  id: string
  name: string
  sport: Sport
  kind: LeagueKind
  description: string | null
  registrationDate: string
  startDate: string
  endDate: string
  /** The last day to register when staff set one; otherwise the day before the start (shared/registration-window.ts). */
  registrationDeadline: string | null
  /** A player's price, and the early-bird price with its last day (a facility day) when its product has one. */
  priceCents: number
  earlyBirdPriceCents: number | null
  earlyBirdUntil: string | null
}

export type CardId = 'soccer' | 'adultBasketball' | 'basketball' | 'football' | 'baseball' | 'kids'

export interface SportCardDefinition {
  id: CardId
  title: string
  /** Which active league this card shows (product §4). */
  shows: (league: ActiveLeague) => boolean
}

const individual = (sport: Sport) => (league: ActiveLeague) =>
  league.sport === sport && league.kind === 'individual'

/** The home page cards, in the order of product §1. */
export const SPORT_CARDS: readonly SportCardDefinition[] = [
  { id: 'soccer', title: 'Soccer', shows: individual('soccer') },
  {
    id: 'adultBasketball',
    title: 'Adult Basketball',
    shows: (league) => league.name === ADULT_BASKETBALL_LEAGUE_NAME,
  },
  { id: 'basketball', title: 'Basketball', shows: individual('basketball') },
  { id: 'football', title: 'Football', shows: individual('football') },
  { id: 'baseball', title: 'Baseball', shows: individual('baseball') },
  { id: 'kids', title: 'Kids Sports', shows: individual('kids') },
]

/** Which leagues a card shows first on `today`: one taking registrations, then one about to, then one under way with its registration closed. */
const CARD_ORDER: Record<RegistrationWindow, number> = { open: 0, upcoming: 1, closed: 2 }

/**
 * The league a card shows on `today` (a facility day): the current open league (product §1) —
 * of a sport's active leagues, one taking registrations before one whose registration is to
 * open or has closed, and never one that has ended; among equals the one starting soonest (then
 * by name, so the choice is stable).
 */
export function leagueForCard(card: SportCardDefinition, leagues: readonly ActiveLeague[], today: string): ActiveLeague | undefined {
  const rank = (league: ActiveLeague) => CARD_ORDER[registrationWindow(league, today)]
  return leagues
    .filter((league) => card.shows(league) && league.endDate >= today)
    .sort((a, b) => rank(a) - rank(b) || a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name))[0]
}
