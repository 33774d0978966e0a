import { ROUTES, type RouteDefinition, type RouteId } from './routes.ts'

export interface RoutePurpose {
  /** One line saying what the page is for. */
  description: string
  /** Pages open to more than staff where staff also work: what staff do there (the Dashboard lists them). */
  staffTask?: string
}

/**
 * What each page of the route table is for. Apart from the table itself: only the screens that
 * show it read it, so the home page's first bundle carries none of it.
 */
export const ROUTE_PURPOSES: Record<RouteId, RoutePurpose> = {
  home: { description: 'Browse the sports we offer and sign up for an open league.' },
  adminUsers: { description: 'Every account, its contact details and its role.' },
  adminProducts: { description: 'The price list: every fee and extra, its early-bird price, where it is used and who changed it when.' },
  adminPlayingAreas: { description: 'The facility’s courts and fields, the sports each hosts, and the leagues and games using them.' },
  league: { description: 'A league with its teams and players.' },
  leagueTeam: { description: 'A team of a league: its captain and roster.' },
  leagueTeamPlayer: { description: 'A player on a team roster.' },
  receipt: { description: 'The receipt of a league registration.' },
  teamSignUp: { description: 'Join a team through the invite link its captain shared.' },
  dashboard: { description: 'An overview of the facility’s accounts, leagues and registrations.' },
  reports: { description: 'Registrations, payments and refunds, and attendance as CSV files for a range of days, and each season’s summary to print.' },
  reportSummary: { description: 'A league’s, academy’s or camp’s season on one page: places, waitlist, teams, money and sign-ups per week.' },
  createTeam: { description: 'Create a team for a league and become its captain.' },
  createTeamAdmin: { description: 'Create a team for a league on a customer’s behalf.' },
  register: { description: 'Create an account to register for leagues and academies.' },
  createAccount: { description: 'Create an account to register for leagues and academies.' },
  signIn: { description: 'Sign in to your account.' },
  forgotPassword: { description: 'Get a link by email to choose a new password.' },
  resetPassword: { description: 'Choose a new password from the link we emailed you.' },
  leagues: { description: 'Every league with its dates, teams and registrations.', staffTask: 'Create, edit, open and close leagues: dates, prices, capacities and ages.' },
  teamsView: { description: 'Every team of every league, with captains and roster sizes.' },
  manageLeaguePlayers: { description: 'The players of a league and the teams they play on.', staffTask: 'Place players and free agents on teams.' },
  soccerIndividualSignUp: { description: 'Sign up as a free agent for the open soccer league.' },
  individualSportsSignUp: { description: 'Choose an open individual league and sign up.' },
  kidsSportsSignup: { description: 'Register your child for the open kids sports league.' },
  footballIndividualSignUp: { description: 'Sign up for the open football league.' },
  basketballIndividualSignUp: { description: 'Sign up for the open basketball league.' },
  baseballIndividualSignUp: { description: 'Sign up for the open baseball league.' },
  addTeams: { description: 'Add teams to a league.' },
  account: { description: 'Your details, registrations, receipts and waivers.' },
  registrationReceipt: { description: 'The receipt of your league registration.' },
  academyReceipt: { description: 'The receipt of your academy registration.' },
  academy: { description: 'Training programs open for registration.' },
  academySignUp: { description: 'Register for an academy.' },
  academyRegistrations: { description: 'Everyone registered for each academy.' },
  camps: { description: 'Day camps and school-break camps for children, open for registration.' },
  campSignUp: { description: 'Sign your children up for a camp.' },
  campReceipt: { description: 'The receipt of your camp registration.' },
  campRegistrations: { description: 'Create, edit, open and close camps, and see who is going to each.' },
  dropIns: { description: 'Open-play sessions and single academy sessions you can buy on their own.' },
  dropInSignUp: { description: 'Sign yourself or your children up for one drop-in session.' },
  dropInReceipt: { description: 'The receipt of your drop-in session.' },
  dropInSessions: { description: 'Create, edit, open and close drop-in sessions, and see who is coming to each.' },
  waiver: { description: 'Read and sign the facility’s liability waiver.', staffTask: 'Publish a new version of the waiver; everyone signs it again.' },
  pendingRegistrations: { description: 'Registrations awaiting payment or review.' },
  adultBasketball: { description: 'Register a team for the Adult Basketball league.' },
  desk: { description: 'Find a customer by name, email, phone or child, or add a walk-in.' },
  deskAcademies: { description: 'Each academy’s participants, waitlist and attendance sheet, for the coach and the front desk.' },
  deskCamps: { description: 'Each camp’s children and waitlist, and signing a family up at the counter.' },
  deskDropIns: { description: 'Today’s drop-in sessions: the headcount, checking people in and selling a spot at the door.' },
  deskDrawer: { description: 'A day’s payments by method and by who took them, refunds and totals, to check the cash drawer and the card terminal against; printed or as CSV.' },
  deskCustomer: { description: 'A customer’s record: contact, children, waivers, registrations and payments, and what the desk can do for them.' },
  leagueRegistrants: { description: 'Everyone registered in a league, by team, to print or export.' },
  leagueSchedule: { description: 'A team league’s game nights, its draft schedule with each team’s spread, swapping and moving games, and publishing it.' },
  schedule: { description: 'A team league’s games by date with their courts and results, and its standings.' },
  teamSchedule: { description: 'A team’s games with their courts, opponents and results, and its next game.' },
  scores: { description: 'Enter, correct or clear the results of a team league’s games, today’s first, and see its standings change.' },
  checkout: { description: 'Everything an order owes, its discounts and total, and paying it.' },
  checkoutDone: { description: 'Whether a payment made online has been received.' },
  outbox: { description: 'Every email the site sent or kept without a mail server, to read as it was written.' },
  messages: { description: 'Write to the people of a league, a team, an academy, a camp or a waitlist, and see what was sent.' },
  unsubscribe: { description: 'Stop receiving the facility’s messages at this address.' },
  teamRegistrationReceipt: { description: 'The receipt of your team’s registration.' },
}

export function purposeOf(route: RouteDefinition): RoutePurpose {
  return ROUTE_PURPOSES[route.id as RouteId]
}

/**
 * The pages staff work on, for the Dashboard: every staff-only page and every page with a staff
 * task, except the Dashboard itself and pages that need an id (reached from the others). An
 * optional id is left out of the link.
 */
export function staffPages(): { route: RouteDefinition; path: string; task: string }[] {
  const pages: readonly RouteDefinition[] = ROUTES
  return pages
    .filter((r) => r.id !== 'dashboard' && (r.access === 'admin' || r.access === 'staff' || purposeOf(r).staffTask !== undefined))
    .map((route) => ({ route, path: route.path.replace(/\/:\w+\?/g, ''), task: purposeOf(route).staffTask ?? purposeOf(route).description }))
    .filter(({ path }) => !path.includes(':'))
}
