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
}

export const ROUTES = [
  { id: 'home', path: '/', access: 'open', title: 'Sports and Activities' },
  { id: 'adminUsers', path: '/admin/users', access: 'admin', title: 'Users' },
  { id: 'adminProducts', path: '/admin/products', access: 'admin', title: 'Products and Prices' },
  // Not in product §2: the facility's courts and fields that leagues' games are scheduled on (issue 33).
  { id: 'adminPlayingAreas', path: '/admin/playingAreas', access: 'admin', title: 'Playing Areas' },
  { id: 'league', path: '/league/:leagueId', access: 'login', title: 'League' },
  { id: 'leagueTeam', path: '/league/:leagueId/team/:teamId', access: 'login', title: 'Team' },
  { id: 'leagueTeamPlayer', path: '/league/:leagueId/team/:teamId/player/:playerId', access: 'login', title: 'Player' },
  // Access not shown: receipts carry personal and payment details, so signing in is required
  // and the server shows a receipt only to its owner and to staff.
  { id: 'receipt', path: '/receipt/user/:userId/league/:leagueId/registration/:registrationId', access: 'login', title: 'Receipt' },
  // Access not shown: invite links are opened before signing in; submitting asks to sign in.
  { id: 'teamSignUp', path: '/league/:leagueId/team/:teamId/signUp', access: 'open', title: 'Join a Team' },
  { id: 'dashboard', path: '/dashboard', access: 'admin', title: 'Dashboard' },
  // Not in product §2: CSV files for staff and the accountant, and a season's page to print (issue 32).
  { id: 'reports', path: '/dashboard/reports', access: 'admin', title: 'Reports' },
  { id: 'reportSummary', path: '/dashboard/reports/summary/:ownerId', access: 'admin', title: 'Season Summary' },
  { id: 'createTeam', path: '/createTeam', access: 'login', title: 'Create a Team' },
  // Unguarded in the original (product §2); it creates teams on anyone's behalf, so admin only.
  { id: 'createTeamAdmin', path: '/createTeamAdmin', access: 'admin', title: 'Create a Team (Staff)' },
  { id: 'register', path: '/register', access: 'open', title: 'Create Account' },
  // Product §2 defect resolved: the nav's Create Account link went to /createAccount (404).
  { id: 'createAccount', path: '/createAccount', access: 'open', title: 'Create Account' },
  { id: 'signIn', path: '/signIn', access: 'open', title: 'Sign In' },
  // Not in product §2: a person who forgot their password gets a link by email, and the answer
  // never tells whether the address has an account (docs/decisions/0008).
  { id: 'forgotPassword', path: '/forgotPassword', access: 'open', title: 'Forgot Password' },
  { id: 'resetPassword', path: '/resetPassword', access: 'open', title: 'Reset Password' },
  { id: 'leagues', path: '/leagues', access: 'login', title: 'Leagues' },
  { id: 'teamsView', path: '/teamsView', access: 'admin', title: 'Teams' },
  { id: 'manageLeaguePlayers', path: '/manageLeaguePlayers/league/:leagueId?', access: 'login', title: 'Manage League Players' },
  // Sign-up pages (access not shown): anyone may read them; submitting asks to sign in.
  { id: 'soccerIndividualSignUp', path: '/soccerIndividualSignUp', access: 'open', title: 'Soccer Free Agent Sign Up' },
  { id: 'individualSportsSignUp', path: '/individualSportsSignUp', access: 'open', title: 'Individual Sports Sign Up' },
  { id: 'kidsSportsSignup', path: '/kidsSportsSignup', access: 'open', title: 'Kids Sports Sign Up' },
  // Route matching ignores letter case (React Router's default, mirrored by the server), and
  // the Football card links here through paths.ts: product §2's second defect, resolved both ways.
  { id: 'footballIndividualSignUp', path: '/footballIndividualSignUp', access: 'open', title: 'Football Sign Up' },
  { id: 'basketballIndividualSignUp', path: '/basketballIndividualSignUp', access: 'open', title: 'Basketball Sign Up' },
  { id: 'baseballIndividualSignUp', path: '/baseballIndividualSignUp', access: 'open', title: 'Baseball Sign Up' },
  // Access not shown: it adds teams to leagues in bulk, a staff tool.
  { id: 'addTeams', path: '/addTeams', access: 'admin', title: 'Add Teams' },
  { id: 'account', path: '/account', access: 'login', title: 'Account' },
  { id: 'registrationReceipt', path: '/registrationReceipt/user/:userId/league/:leagueId', access: 'login', title: 'Registration Receipt' },
  { id: 'academyReceipt', path: '/academyReceipt/user/:userId/academy/:academyId', access: 'login', title: 'Academy Receipt' },
  { id: 'academy', path: '/academy', access: 'open', title: 'Academies' },
  { id: 'academySignUp', path: '/academySignUp/:id', access: 'open', title: 'Academy Sign Up' },
  { id: 'academyRegistrations', path: '/academyRegistrations', access: 'admin', title: 'Academy Registrations' },
  // Not in product §2: one-day and few-day camps for children (issue 31 §2).
  { id: 'camps', path: '/camps', access: 'open', title: 'Camps' },
  { id: 'campSignUp', path: '/campSignUp/:id', access: 'open', title: 'Camp Sign Up' },
  { id: 'campReceipt', path: '/campReceipt/user/:userId/camp/:campId', access: 'login', title: 'Camp Receipt' },
  { id: 'campRegistrations', path: '/campRegistrations', access: 'admin', title: 'Camps' },
  // Not in product §2: one session bought on its own, open play or a session of an academy (issue 31 §2).
  { id: 'dropIns', path: '/dropIns', access: 'open', title: 'Drop-in Sessions' },
  { id: 'dropInSignUp', path: '/dropInSignUp/:id', access: 'open', title: 'Drop-in Sign Up' },
  { id: 'dropInReceipt', path: '/dropInReceipt/user/:userId/dropIn/:dropInId', access: 'login', title: 'Drop-in Receipt' },
  { id: 'dropInSessions', path: '/dropInSessions', access: 'admin', title: 'Drop-in Sessions' },
  // Access not shown: anyone may read the waiver; signing it asks to sign in.
  { id: 'waiver', path: '/waiver', access: 'open', title: 'Waiver' },
  { id: 'pendingRegistrations', path: '/pendingRegistrations', access: 'admin', title: 'Pending Registrations' },
  { id: 'adultBasketball', path: '/adultBasketball', access: 'open', title: 'Adult Basketball Team Sign Up' },
  // Not in product §2: the front desk employees run (docs/decisions/0016).
  { id: 'desk', path: '/desk', access: 'staff', title: 'Front Desk' },
  { id: 'deskCustomer', path: '/desk/customer/:userId', access: 'staff', title: 'Customer' },
  { id: 'deskAcademies', path: '/desk/academies', access: 'staff', title: 'Academies at the Desk' },
  { id: 'deskCamps', path: '/desk/camps', access: 'staff', title: 'Camps at the Desk' },
  { id: 'deskDropIns', path: '/desk/dropIns', access: 'staff', title: 'Drop-ins at the Door' },
  // Not in product §2: the desk's end-of-day summary, to check the cash drawer and the card terminal against (issue 32).
  { id: 'deskDrawer', path: '/desk/drawer', access: 'staff', title: 'The Drawer' },
  { id: 'leagueRegistrants', path: '/leagueRegistrants/:leagueId', access: 'staff', title: 'League Registrants' },
  // Not in product §2: a team league's game nights and schedule, drafted and published by an admin (issue 33).
  { id: 'leagueSchedule', path: '/leagueSchedule/:leagueId', access: 'admin', title: 'League Schedule' },
  // Not in product §2: a team league's published schedule and standings, and a team's own games, for everyone (issue 33).
  { id: 'schedule', path: '/schedule/:leagueId', access: 'open', title: 'Schedule and Standings' },
  { id: 'teamSchedule', path: '/schedule/:leagueId/team/:teamId', access: 'open', title: 'Team Schedule' },
  // Not in product §2: the scorer's table, where admins and employees enter a team league's results (issue 33).
  { id: 'scores', path: '/scores/:leagueId?', access: 'staff', title: 'Scores' },
  // Not in product §2: one checkout for everything an order owes, paid online when Stripe is set
  // up (issue 24); the server shows an order only to the person who pays it.
  { id: 'checkout', path: '/checkout/:orderId', access: 'login', title: 'Checkout' },
  { id: 'checkoutDone', path: '/checkout/:orderId/paid/:checkoutId', access: 'login', title: 'Payment' },
  // Not in product §2: every email the site sent or kept, read as a mail catcher shows them (issue 21).
  { id: 'outbox', path: '/outbox', access: 'admin', title: 'Emails' },
  // Not in product §2: staff write to the people of a league, a team, an academy, a camp or a waitlist (issue 32).
  { id: 'messages', path: '/messages', access: 'staff', title: 'Messages' },
  // Not in product §2: the link at the foot of every staff message, opened without signing in; the button asks.
  { id: 'unsubscribe', path: '/unsubscribe/:token', access: 'open', title: 'Unsubscribe' },
  { id: 'teamRegistrationReceipt', path: '/teamRegistrationReceipt/user/:userId/league/:leagueId/team/:teamId', access: 'login', title: 'Team Registration Receipt' },
] as const satisfies readonly RouteDefinition[]

export type RouteId = (typeof ROUTES)[number]['id']

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
