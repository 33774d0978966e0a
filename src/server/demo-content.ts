import type { NewAcademy } from './features/academies/academies.queries.ts'
import type { NewCamp } from './features/camps/camps.queries.ts'
import type { DemoDropIn } from './features/drop-ins/drop-ins.queries.ts'
import type { NewLeague } from './features/leagues/leagues.queries.ts'

/** A calendar day `offset` days from today, so the demo is open for registration whenever it runs. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

/** What `npm run demo` loads: an open league for every home page card, three academies, two camps and three drop-in sessions. */
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
    // Two weeks into its season, with its first results in (DEMO_SCHEDULE); late teams still join.
    registrationDate: day(-35),
    registrationDeadline: day(20),
    startDate: day(-14),
    endDate: day(70),
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

/** The first date on or after `offset` days from today that falls on an ISO `weekday` (1 is Monday). */
function weekdayFrom(offset: number, weekday: number): string {
  const date = new Date(Date.now() + offset * 86_400_000)
  date.setUTCDate(date.getUTCDate() + ((weekday - ((date.getUTCDay() + 6) % 7) - 1 + 7) % 7))
  return date.toISOString().slice(0, 10)
}

/**
 * Three academies (issue 23): the kids' soccer academy began three weeks ago and still takes late
 * sign-ups, with places left; the teen clinic began two weeks ago and is full with a waitlist; the
 * adults' class starts next week. The first two have attendance marked for their sessions so far.
 */
export const DEMO_ACADEMIES: NewAcademy[] = [
  {
    name: 'Soccer Skills Academy',
    sport: 'soccer',
    description: 'Ball control, passing and small-sided games for 8 to 10 year olds, with licensed coaches.',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    isActive: true,
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    // A holiday: the Thursday three weeks from now.
    skippedDates: [weekdayFrom(21, 4)],
    registrationDate: day(-35),
    registrationDeadline: day(20),
    startDate: day(-21),
    endDate: day(56),
    capacity: 16,
    priceCents: 18_000,
  },
  {
    name: 'Teen Basketball Shooting Clinic',
    sport: 'basketball',
    description: 'Footwork, form and game-speed shooting for players aged 13 to 17.',
    coach: 'Coach Marcus Hill',
    location: 'Court 2',
    isActive: true,
    forChildren: true,
    minAge: 13,
    maxAge: 17,
    weekdays: [6],
    startTime: '10:00',
    endTime: '11:30',
    registrationDate: day(-30),
    registrationDeadline: day(14),
    startDate: day(-14),
    endDate: day(42),
    capacity: 10,
    priceCents: 12_000,
  },
  {
    name: 'Adult Beginners Soccer',
    sport: 'soccer',
    description: 'Never played, or not for years? Learn the game from the start, at your own pace.',
    coach: 'Coach Priya Shah',
    location: 'Field 2',
    isActive: true,
    forChildren: false,
    weekdays: [3],
    startTime: '19:30',
    endTime: '21:00',
    registrationDate: day(-3),
    startDate: day(7),
    endDate: day(49),
    capacity: 20,
    priceCents: 9_500,
    // Paid when the place is taken, the place held meanwhile (issue 24): only where the site takes payment online.
    payAtSignUp: true,
  },
]

/**
 * Two camps (issue 31 §2): three days of the winter break for 6 to 11 year olds, and a one-day
 * basketball clinic. Each is priced by a camp fee on the price list, made with it.
 */
export const DEMO_CAMPS: NewCamp[] = [
  {
    name: 'Winter Break Soccer Camp',
    sport: 'soccer',
    description: 'Three mornings of drills, small-sided games and a mini tournament on the last day, for 6 to 11 year olds.',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    isActive: true,
    minAge: 6,
    maxAge: 11,
    startTime: '09:00',
    endTime: '12:30',
    registrationDate: day(-10),
    startDate: day(24),
    endDate: day(26),
    capacity: 24,
    priceCents: 14_500,
  },
  {
    name: 'Basketball Skills Day',
    sport: 'basketball',
    description: 'One day of dribbling, passing and shooting stations, with lunch and a skills challenge.',
    coach: 'Coach Marcus Hill',
    location: 'Court 2',
    isActive: true,
    minAge: 8,
    maxAge: 14,
    startTime: '09:00',
    endTime: '15:00',
    registrationDate: day(-5),
    // A Sunday: Court 2 holds the teen clinic on Saturday mornings.
    startDate: weekdayFrom(12, 7),
    endDate: weekdayFrom(12, 7),
    capacity: 30,
    priceCents: 5_500,
  },
]

/**
 * Two drop-in sessions (issue 31 §2), beside todaysDemoDropIn: open-play basketball for adults this Saturday morning, and
 * one Saturday of the teen shooting clinic sold on its own.
 */
export const DEMO_DROP_INS: DemoDropIn[] = [
  {
    name: 'Open Gym Basketball',
    sport: 'basketball',
    description: 'Pick-up games on Court 1 while the teen clinic has Court 2: come alone or bring friends, teams are made at the door.',
    location: 'Court 1',
    isActive: true,
    forChildren: false,
    date: weekdayFrom(0, 6),
    startTime: '10:00',
    endTime: '12:00',
    registrationDate: day(-3),
    capacity: 20,
    priceCents: 1_000,
  },
  {
    name: 'Teen Shooting Clinic: drop-in Saturday',
    sport: 'basketball',
    description: 'One Saturday of the Teen Basketball Shooting Clinic, for players who want to try it.',
    location: 'Court 2',
    academy: 'Teen Basketball Shooting Clinic',
    isActive: true,
    forChildren: true,
    minAge: 13,
    maxAge: 17,
    date: weekdayFrom(7, 6),
    startTime: '10:00',
    endTime: '11:30',
    registrationDate: day(-3),
    capacity: 4,
    priceCents: 2_500,
  },
]

/**
 * An evening open gym on the day the demo is loaded (`today` at the facility), so "At the door" has a
 * session to check people in to whatever day the demo runs.
 */
export function todaysDemoDropIn(today: string): DemoDropIn {
  return {
    name: 'Evening Open Gym',
    sport: 'basketball',
    description: 'Pick-up games after work: come alone or bring friends, teams are made at the door.',
    location: 'Court 1',
    isActive: true,
    forChildren: false,
    date: today,
    startTime: '19:00',
    endTime: '21:00',
    registrationDate: today,
    capacity: 20,
    priceCents: 1_000,
  }
}

/** A family signing children up: the guardian's name, and each child's first name and age on the academy's first day. */
export interface DemoFamily {
  guardian: string
  children: { firstName: string; age: number }[]
}

/** Who takes part in each demo academy, in the order they signed up: families with their children, or adults themselves. */
export const DEMO_ACADEMY_PEOPLE: { academy: string; families?: DemoFamily[]; adults?: string[] }[] = [
  {
    academy: 'Soccer Skills Academy',
    families: [
      { guardian: 'Rosa Lopez', children: [{ firstName: 'Mia', age: 9 }, { firstName: 'Ethan', age: 8 }] },
      { guardian: 'David Kim', children: [{ firstName: 'Noah', age: 10 }] },
      { guardian: 'Aisha Bello', children: [{ firstName: 'Zara', age: 8 }, { firstName: 'Tobi', age: 10 }] },
      { guardian: 'Hannah Fischer', children: [{ firstName: 'Lena', age: 9 }] },
      { guardian: 'Carlos Mendes', children: [{ firstName: 'Lucas', age: 9 }] },
      { guardian: 'Emily Walsh', children: [{ firstName: 'Grace', age: 8 }, { firstName: 'Owen', age: 10 }] },
    ],
  },
  {
    academy: 'Teen Basketball Shooting Clinic',
    families: [
      { guardian: 'Karen Wright', children: [{ firstName: 'Jayden', age: 15 }, { firstName: 'Ella', age: 13 }] },
      { guardian: 'Miguel Torres', children: [{ firstName: 'Mateo', age: 16 }] },
      { guardian: 'Priya Nair', children: [{ firstName: 'Arjun', age: 14 }] },
      { guardian: 'Sarah Cohen', children: [{ firstName: 'Ben', age: 17 }, { firstName: 'Maya', age: 14 }] },
      { guardian: 'James Okafor', children: [{ firstName: 'Chidi', age: 15 }] },
      { guardian: 'Linda Park', children: [{ firstName: 'Jin', age: 16 }] },
      { guardian: 'Tom Rivera', children: [{ firstName: 'Sofia', age: 13 }, { firstName: 'Diego', age: 15 }] },
      // The clinic is full by now: these wait for a place.
      { guardian: 'Nina Petrova', children: [{ firstName: 'Alexei', age: 14 }] },
      { guardian: 'Grace Adams', children: [{ firstName: 'Liam', age: 16 }, { firstName: 'Chloe', age: 13 }] },
    ],
  },
  {
    academy: 'Adult Beginners Soccer',
    adults: ['Olivia Grant', 'Raj Patel', 'Megan Doyle', 'Samuel Osei', 'Julia Novak'],
  },
]

/** Teams: Adult Basketball has four complete (five players, fee paid), playing its schedule, and one still forming. */
export const DEMO_TEAMS: { league: string; name: string; players: string[]; feePaid: boolean }[] = [
  { league: 'Adult Basketball', name: 'Downtown Dribblers', players: ['Maya Brooks', 'Leo Park', 'Sam Ortiz', 'Ava Chen', 'Noah Reed'], feePaid: true },
  { league: 'Adult Basketball', name: 'Baseline Bandits', players: ['Omar Haddad', 'Grace Liu', 'Ben Carter', 'Isla Novak', 'Theo Grant'], feePaid: true },
  { league: 'Adult Basketball', name: 'Full Court Press', players: ['Rosa Vega', 'Kofi Mensah', 'Hana Sato', 'Eli Ward', 'Nina Petrova'], feePaid: true },
  { league: 'Adult Basketball', name: 'Rim Rockers', players: ['Jack Dunn', 'Amara Obi', 'Luis Romero', 'Zoe Fischer', 'Ravi Menon'], feePaid: true },
  { league: 'Adult Basketball', name: 'Net Results', players: ['Priya Shah', 'Jonas Weber'], feePaid: false },
  { league: 'Winter Soccer Teams', name: 'Goal Diggers', players: ['Elena Ruiz', 'Marcus Hill'], feePaid: false },
]

/** Soccer free agents waiting for staff to place them on a team (/manageLeaguePlayers). */
export const DEMO_FREE_AGENTS: { league: string; people: string[] } = {
  league: 'Winter Soccer Free Agents',
  people: ['Tom Baker', 'Grace Kim', 'Omar Haddad'],
}

/** A discount code families can type at checkout (issue 24): 10% off anything, for a month from today. */
export const DEMO_DISCOUNT_CODE = { code: 'FAMILY10', description: 'Demo: 10% off for families', percentOff: 10, days: 30, maxUses: 100 }

/**
 * A family that paid online for one child's academy place, recorded as Stripe's test mode would
 * have delivered it: the Checkout session and PaymentIntent ids, and the test card (Visa 4242).
 */
export const DEMO_ONLINE_PAYMENT = { academy: 'Soccer Skills Academy', guardian: 'David Kim', card: { brand: 'visa', last4: '4242' } }

/**
 * The facility's playing areas (issue 33): the academies, camps and drop-in sessions whose "Where"
 * names one book it, and Adult Basketball plays on the courts (DEMO_SCHEDULE), so the facility's
 * week on /admin/playingAreas shows them all. None of the demo's bookings overlap on any day.
 */
export const DEMO_AREAS = [
  { name: 'Court 1', sports: ['basketball' as const] },
  { name: 'Court 2', sports: ['basketball' as const] },
  { name: 'Field 1', sports: ['soccer' as const] },
  { name: 'Field 2', sports: ['soccer' as const] },
]

/**
 * Adult Basketball's published schedule (issue 33): its complete teams meet on Tuesday nights on
 * the two courts, around what is booked on them, one game each a week, and the games already played have their results, one of
 * them a forfeit, so the league's standings show. The scores are `results` in turn, home first.
 */
export const DEMO_SCHEDULE = {
  league: 'Adult Basketball',
  areas: ['Court 1', 'Court 2'],
  nights: { weekdays: [2], firstGameTime: '18:30', lastGameTime: '20:30', gameMinutes: 60, skippedDates: [], gameCount: { kind: 'weeks' as const, weeks: 10 } },
  results: [
    [54, 48],
    [61, 63],
    [47, 47],
    'forfeit-away',
    [58, 44],
    [39, 52],
  ] as const,
}
