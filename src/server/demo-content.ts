import type { NewAcademy } from './features/academies/academies.queries.ts'
import type { NewLeague } from './features/leagues/leagues.queries.ts'

/** What `npm run demo` loads: an open league for every home page card, and an academy. */
export const DEMO_LEAGUES: NewLeague[] = [
  {
    name: 'Winter Soccer Free Agents',
    sport: 'soccer',
    kind: 'individual',
    description: 'Coed 7v7 on the indoor turf. Free agents are placed on teams before the first game.',
    isActive: true,
    registrationDate: '2026-12-01',
    startDate: '2027-01-15',
    endDate: '2027-03-26',
  },
  {
    name: 'Adult Basketball',
    sport: 'basketball',
    kind: 'team',
    description: 'Five-on-five, ten-game season plus playoffs. Captains register the team.',
    isActive: true,
    registrationDate: '2026-12-01',
    startDate: '2027-01-12',
    endDate: '2027-03-30',
  },
  {
    name: 'Pickup Basketball League',
    sport: 'basketball',
    kind: 'individual',
    description: 'Sign up on your own; we build balanced teams each week.',
    isActive: true,
    registrationDate: '2026-12-01',
    startDate: '2027-01-14',
    endDate: '2027-03-18',
  },
  {
    name: 'Flag Football',
    sport: 'football',
    kind: 'individual',
    description: null,
    isActive: true,
    registrationDate: '2026-12-05',
    startDate: '2027-01-20',
    endDate: '2027-03-24',
  },
  {
    name: 'Indoor Baseball Skills League',
    sport: 'baseball',
    kind: 'individual',
    description: 'Batting cages, fielding drills and scrimmages.',
    isActive: true,
    registrationDate: '2026-12-05',
    startDate: '2027-01-16',
    endDate: '2027-03-20',
  },
  {
    name: 'Kids Multi-Sport (Ages 6-9)',
    sport: 'kids',
    kind: 'individual',
    description: 'A different sport every week. Parents register each child.',
    isActive: true,
    registrationDate: '2026-12-01',
    startDate: '2027-01-17',
    endDate: '2027-03-21',
  },
]

export const DEMO_ACADEMIES: NewAcademy[] = [
  {
    name: 'Winter Soccer Academy',
    description: 'Technical training for ages 8-14, twice a week with licensed coaches.',
    isActive: true,
    registrationDate: '2026-12-01',
    startDate: '2027-01-11',
    endDate: '2027-03-15',
  },
]
