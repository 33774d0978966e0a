import type { NewAcademy } from './features/academies/academies.queries.ts'
import type { NewLeague } from './features/leagues/leagues.queries.ts'

/** A calendar day `offset` days from today, so the demo is open for registration whenever it runs. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

/** What `npm run demo` loads: an open league for every home page card, and an academy. */
export const DEMO_LEAGUES: NewLeague[] = [
  {
    name: 'Winter Soccer Free Agents',
    sport: 'soccer',
    kind: 'individual',
    description: 'Coed 7v7 on the indoor turf. Free agents are placed on teams before the first game.',
    isActive: true,
    priceCents: 6500,
    capacity: 40,
    registrationDate: day(-7),
    startDate: day(35),
    endDate: day(111),
  },
  {
    name: 'Adult Basketball',
    sport: 'basketball',
    kind: 'team',
    description: 'Five-on-five, ten-game season plus playoffs. Captains register the team.',
    isActive: true,
    priceCents: 9000,
    teamCapacity: 12,
    rosterMin: 5,
    rosterMax: 10,
    teamPayment: 'team-fee',
    teamFeeCents: 45000,
    registrationDate: day(-7),
    startDate: day(32),
    endDate: day(115),
  },
  {
    name: 'Winter Soccer Teams',
    sport: 'soccer',
    kind: 'team',
    description: 'Teams from the waitlist form, and free agents placed on them by the front desk.',
    isActive: true,
    priceCents: 6500,
    teamCapacity: 8,
    rosterMin: 7,
    rosterMax: 14,
    teamPayment: 'player-fee',
    registrationDate: day(-7),
    startDate: day(35),
    endDate: day(111),
  },
  {
    name: 'Pickup Basketball League',
    sport: 'basketball',
    kind: 'individual',
    description: 'Sign up on your own; we build balanced teams each week.',
    isActive: true,
    priceCents: 5500,
    capacity: 30,
    registrationDate: day(-7),
    startDate: day(34),
    endDate: day(103),
  },
  {
    name: 'Flag Football',
    sport: 'football',
    kind: 'individual',
    description: null,
    isActive: true,
    priceCents: 6000,
    capacity: 2,
    registrationDate: day(-3),
    startDate: day(40),
    endDate: day(109),
  },
  {
    name: 'Indoor Baseball Skills League',
    sport: 'baseball',
    kind: 'individual',
    description: 'Batting cages, fielding drills and scrimmages.',
    isActive: true,
    priceCents: 7000,
    capacity: 24,
    registrationDate: day(-3),
    startDate: day(36),
    endDate: day(105),
  },
  {
    name: 'Kids Multi-Sport (Ages 6-9)',
    sport: 'kids',
    kind: 'individual',
    description: 'A different sport every week. Parents register each child.',
    isActive: true,
    priceCents: 8000,
    capacity: 20,
    minAge: 6,
    maxAge: 9,
    registrationDate: day(-7),
    startDate: day(37),
    endDate: day(106),
  },
]

export const DEMO_ACADEMIES: NewAcademy[] = [
  {
    name: 'Winter Soccer Academy',
    description: 'Technical training for ages 8-14, twice a week with licensed coaches.',
    isActive: true,
    registrationDate: day(-7),
    startDate: day(31),
    endDate: day(100),
  },
]

/** Teams: Adult Basketball has one complete (five players, fee paid) and one still forming. */
export const DEMO_TEAMS: { league: string; name: string; players: string[]; feePaid: boolean }[] = [
  { league: 'Adult Basketball', name: 'Downtown Dribblers', players: ['Maya Brooks', 'Leo Park', 'Sam Ortiz', 'Ava Chen', 'Noah Reed'], feePaid: true },
  { league: 'Adult Basketball', name: 'Net Results', players: ['Priya Shah', 'Jonas Weber'], feePaid: false },
  { league: 'Winter Soccer Teams', name: 'Goal Diggers', players: ['Elena Ruiz', 'Marcus Hill'], feePaid: false },
]

/** Soccer free agents waiting for staff to place them on a team (/manageLeaguePlayers). */
export const DEMO_FREE_AGENTS: { league: string; people: string[] } = {
  league: 'Winter Soccer Free Agents',
  people: ['Tom Baker', 'Grace Kim', 'Omar Haddad'],
}
