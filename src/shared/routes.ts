import { matchPath } from 'react-router'
import type { Role } from './roles.ts'

/**
 * THE route table of product §2, as data. The client builds its router from it (guards, titles,
 * the 404 page) and the server uses it to answer unknown paths with 404 and to check that
 * every page has a declared access rule.
 *
 * Access:
 * - `open`: anyone, signed in or not.
 * - `login`: any signed-in user. Owner checks (receipts) are made by the server's API.
 * - `admin`: admins only.
 * - `staff`: admins and employees (product §6: either role passes when both are allowed).
 *
 * Where the customer's specification left access open (docs/product.md §2), the choice is written next to the route.
 */
export type Access = 'open' | 'login' | 'admin' | 'staff'

export interface RouteDefinition {
  id: string
  path: string
  access: Access
  title: string
  /** One line saying what the page is for. */
  description: string
  /** Pages open to more than staff where staff also work: what staff do there (the Dashboard lists them). */
  staffTask?: string
}

export const ROUTES = [
  { id: 'home', path: '/', access: 'open', title: 'Sports and Activities', description: 'Browse the sports we offer and sign up for an open league.' },
  { id: 'adminUsers', path: '/admin/users', access: 'admin', title: 'Users', description: 'Every account, its contact details and its role.' },
  { id: 'adminProducts', path: '/admin/products', access: 'admin', title: 'Products and Prices', description: 'The price list: league and academy fees, discounts and online payment.' },
  { id: 'league', path: '/league/:leagueId', access: 'login', title: 'League', description: 'A league with its teams and players.' },
  { id: 'leagueTeam', path: '/league/:leagueId/team/:teamId', access: 'login', title: 'Team', description: 'A team of a league: its captain and roster.' },
  { id: 'leagueTeamPlayer', path: '/league/:leagueId/team/:teamId/player/:playerId', access: 'login', title: 'Player', description: 'A player on a team roster.' },
  // Access not shown: receipts carry personal and payment details, so signing in is required
  // and the server shows a receipt only to its owner and to staff.
  { id: 'receipt', path: '/receipt/user/:userId/league/:leagueId/registration/:registrationId', access: 'login', title: 'Receipt', description: 'The receipt of a league registration.' },
  // Access not shown: invite links are opened before signing in; submitting asks to sign in.
  { id: 'teamSignUp', path: '/league/:leagueId/team/:teamId/signUp', access: 'open', title: 'Join a Team', description: 'Join a team through the invite link its captain shared.' },
  { id: 'dashboard', path: '/dashboard', access: 'admin', title: 'Dashboard', description: 'An overview of the facility’s accounts, leagues and registrations.' },
  { id: 'createTeam', path: '/createTeam', access: 'login', title: 'Create a Team', description: 'Create a team for a league and become its captain.' },
  // Unguarded in the original (product §2); it creates teams on anyone's behalf, so admin only.
  { id: 'createTeamAdmin', path: '/createTeamAdmin', access: 'admin', title: 'Create a Team (Staff)', description: 'Create a team for a league on a customer’s behalf.' },
  { id: 'register', path: '/register', access: 'open', title: 'Create Account', description: 'Create an account to register for leagues and academies.' },
  // Product §2 defect resolved: the nav's Create Account link went to /createAccount (404).
  { id: 'createAccount', path: '/createAccount', access: 'open', title: 'Create Account', description: 'Create an account to register for leagues and academies.' },
  { id: 'signIn', path: '/signIn', access: 'open', title: 'Sign In', description: 'Sign in to your account.' },
  // Not in product §2: a person who forgot their password gets a link by email, and the answer
  // never tells whether the address has an account (docs/decisions/0008).
  { id: 'forgotPassword', path: '/forgotPassword', access: 'open', title: 'Forgot Password', description: 'Get a link by email to choose a new password.' },
  { id: 'resetPassword', path: '/resetPassword', access: 'open', title: 'Reset Password', description: 'Choose a new password from the link we emailed you.' },
  { id: 'leagues', path: '/leagues', access: 'login', title: 'Leagues', description: 'Every league with its dates, teams and registrations.', staffTask: 'Create, edit, open and close leagues: dates, prices, capacities and ages.' },
  { id: 'teamsView', path: '/teamsView', access: 'admin', title: 'Teams', description: 'Every team of every league, with captains and roster sizes.' },
  { id: 'manageLeaguePlayers', path: '/manageLeaguePlayers/league/:leagueId?', access: 'login', title: 'Manage League Players', description: 'The players of a league and the teams they play on.', staffTask: 'Place players and free agents on teams.' },
  // Sign-up pages (access not shown): anyone may read them; submitting asks to sign in.
  { id: 'soccerIndividualSignUp', path: '/soccerIndividualSignUp', access: 'open', title: 'Soccer Free Agent Sign Up', description: 'Sign up as a free agent for the open soccer league.' },
  { id: 'individualSportsSignUp', path: '/individualSportsSignUp', access: 'open', title: 'Individual Sports Sign Up', description: 'Choose an open individual league and sign up.' },
  { id: 'kidsSportsSignup', path: '/kidsSportsSignup', access: 'open', title: 'Kids Sports Sign Up', description: 'Register your child for the open kids sports league.' },
  // Route matching ignores letter case (React Router's default, mirrored by the server), and
  // the Football card links here through paths.ts: product §2's second defect, resolved both ways.
  { id: 'footballIndividualSignUp', path: '/footballIndividualSignUp', access: 'open', title: 'Football Sign Up', description: 'Sign up for the open football league.' },
  { id: 'basketballIndividualSignUp', path: '/basketballIndividualSignUp', access: 'open', title: 'Basketball Sign Up', description: 'Sign up for the open basketball league.' },
  { id: 'baseballIndividualSignUp', path: '/baseballIndividualSignUp', access: 'open', title: 'Baseball Sign Up', description: 'Sign up for the open baseball league.' },
  // Access not shown: it adds teams to leagues in bulk, a staff tool.
  { id: 'addTeams', path: '/addTeams', access: 'admin', title: 'Add Teams', description: 'Add teams to a league.' },
  { id: 'account', path: '/account', access: 'login', title: 'Account', description: 'Your details, registrations, receipts and waivers.' },
  { id: 'registrationReceipt', path: '/registrationReceipt/user/:userId/league/:leagueId', access: 'login', title: 'Registration Receipt', description: 'The receipt of your league registration.' },
  { id: 'academyReceipt', path: '/academyReceipt/user/:userId/academy/:academyId', access: 'login', title: 'Academy Receipt', description: 'The receipt of your academy registration.' },
  { id: 'academy', path: '/academy', access: 'open', title: 'Academies', description: 'Training programs open for registration.' },
  { id: 'academySignUp', path: '/academySignUp/:id', access: 'open', title: 'Academy Sign Up', description: 'Register for an academy.' },
  { id: 'academyRegistrations', path: '/academyRegistrations', access: 'admin', title: 'Academy Registrations', description: 'Everyone registered for each academy.' },
  // Access not shown: anyone may read the waiver; signing it asks to sign in.
  { id: 'waiver', path: '/waiver', access: 'open', title: 'Waiver', description: 'Read and sign the facility’s liability waiver.', staffTask: 'Publish a new version of the waiver; everyone signs it again.' },
  { id: 'pendingRegistrations', path: '/pendingRegistrations', access: 'admin', title: 'Pending Registrations', description: 'Registrations awaiting payment or review.' },
  { id: 'adultBasketball', path: '/adultBasketball', access: 'open', title: 'Adult Basketball Team Sign Up', description: 'Register a team for the Adult Basketball league.' },
  // Not in product §2: the front desk employees run (docs/decisions/0016).
  { id: 'desk', path: '/desk', access: 'staff', title: 'Front Desk', description: 'Find a customer by name, email, phone or child, or add a walk-in.' },
  { id: 'deskCustomer', path: '/desk/customer/:userId', access: 'staff', title: 'Customer', description: 'A customer’s record: contact, children, waivers, registrations and payments, and what the desk can do for them.' },
  { id: 'leagueRegistrants', path: '/leagueRegistrants/:leagueId', access: 'staff', title: 'League Registrants', description: 'Everyone registered in a league, by team, to print or export.' },
  // Not in product §2: every email the site sent or kept, read as a mail catcher shows them (issue 21).
  { id: 'outbox', path: '/outbox', access: 'admin', title: 'Emails', description: 'Every email the site sent or kept without a mail server, to read as it was written.' },
  { id: 'teamRegistrationReceipt', path: '/teamRegistrationReceipt/user/:userId/league/:leagueId/team/:teamId', access: 'login', title: 'Team Registration Receipt', description: 'The receipt of your team’s registration.' },
] as const satisfies readonly RouteDefinition[]

export type RouteId = (typeof ROUTES)[number]['id']

/**
 * The pages staff work on, for the Dashboard: every staff-only page and every page with a staff
 * task, except the Dashboard itself and pages that need an id (reached from the others). An
 * optional id is left out of the link.
 */
export function staffPages(): { route: RouteDefinition; path: string; task: string }[] {
  const pages: readonly RouteDefinition[] = ROUTES
  return pages
    .filter((r) => r.id !== 'dashboard' && (r.access === 'admin' || r.access === 'staff' || r.staffTask !== undefined))
    .map((route) => ({ route, path: route.path.replace(/\/:\w+\?/g, ''), task: route.staffTask ?? route.description }))
    .filter(({ path }) => !path.includes(':'))
}

/** The route a path shows, ignoring letter case and a trailing slash; undefined means 404. */
export function matchRoute(pathname: string): { route: RouteDefinition; params: Record<string, string | undefined> } | undefined {
  for (const route of ROUTES) {
    const match = matchPath({ path: route.path, caseSensitive: false, end: true }, pathname)
    if (match) return { route, params: match.params }
  }
  return undefined
}

/** The outcome of opening a page (product §6): shown, or sent elsewhere with a message. */
export type AccessDecision =
  | { allowed: true }
  | { allowed: false; redirectTo: '/signIn' | '/'; message: string }

export const ACCESS_MESSAGES = {
  login: 'You must be logged in to see this page',
  admin: 'This page requires admin access',
  employee: 'This page requires employee access',
} as const

export function decideAccess(access: Access, role: Role | null): AccessDecision {
  if (access === 'open') return { allowed: true }
  if (role === null) return { allowed: false, redirectTo: '/signIn', message: ACCESS_MESSAGES.login }
  if (access === 'admin' && role !== 'admin') {
    return { allowed: false, redirectTo: '/', message: ACCESS_MESSAGES.admin }
  }
  if (access === 'staff' && role !== 'admin' && role !== 'employee') {
    return { allowed: false, redirectTo: '/', message: ACCESS_MESSAGES.employee }
  }
  return { allowed: true }
}
