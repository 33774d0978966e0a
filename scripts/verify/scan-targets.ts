import type { DeclaredRoute } from '../../src/server/http/access.ts'
import type { Access } from '../../src/shared/routes.ts'
import { SCAN_AREA, SCAN_CHILD, SCAN_DISCOUNT_CODE, SCAN_GAME_NIGHTS, type Fixtures, type Person } from './scan-site.ts'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/**
 * One sqlmap run: a request of one API route, sent as one person, with every path param, query
 * param, body field (nested ones too), listed header and, when asked, the session cookie marked
 * as an injection point.
 */
export interface Target {
  /** The server's own route key, `POST /api/children/:childId`. */
  route: string
  as: 'customer' | 'admin'
  params?: Record<string, string>
  query?: Record<string, string>
  body?: { [key: string]: Json }
  headers?: Record<string, string>
  /** The session cookie is an injection point too. */
  cookie?: true
  /** Only these fields are marked (`body.password`, `query.token`); the rest ride along unchanged. */
  only?: string[]
  /** Python sqlmap runs before each request (`--eval`): keeps a field that is not under test valid. */
  evaluate?: string
  /** The auth library limits requests per address: give every payload its own (xforwardedfor tamper). */
  manyAddresses?: true
  /** Runs after every other target: it changes what other routes answer. */
  runsLast?: true
  /** The answer's status alone tells a true condition from a false one (sqlmap `--code`). */
  trueStatus?: number
  /** A staff-only route sent by the customer: the guard must refuse every payload. */
  refusedByGuard?: true
}

/**
 * Whether a route takes anything from the request besides the session, read from its contract
 * (src/shared/contracts): a route without params, query or body gives sqlmap nothing to aim at.
 */
function takesInput(route: DeclaredRoute): boolean {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown }
  return schema.params !== undefined || schema.querystring !== undefined || schema.body !== undefined
}

const FUNCTIONS = 'POST /api/functions/:name'

export interface Scope {
  customer: Person
  fixtures: Fixtures
}

/**
 * A fresh address for every request: sign-up creates an account only for a new address and
 * sign-in slows repeated failures of one address, so this lets the other fields reach the database.
 */
const RANDOM_EMAIL = "import uuid; email='scan-%s@example.com' % uuid.uuid4().hex"

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

/**
 * THE table of what sqlmap sends: every API route with parameters, with values that pass
 * validation so each payload travels as far into the handler as a real request would. Routes
 * that change state aim at objects made for it (an already-ended registration, a league only
 * the edit form touches), so the answers stay stable while thousands of payloads arrive.
 */
export function scanTargets({ customer, fixtures: f }: Scope): Target[] {
  const signUp = { name: 'Scan Person', email: customer.email, phone: '555-010-1234', password: 'scan-password', callbackURL: '/account' }
  // Inactive, so the leagues the payloads create or edit never show on the public lists.
  const league = {
    name: 'Scanner League',
    sport: 'soccer',
    kind: 'individual',
    description: 'Made by the security scan',
    isActive: 'false',
    registrationDate: day(-1),
    startDate: day(30),
    endDate: day(90),
    price: '45.00',
    priceProduct: f.adminProductId,
    capacity: '20',
    minimum: '4',
    payAtSignUp: 'false',
    teamCapacity: '8',
    rosterMin: '5',
    rosterMax: '10',
    rosterDeadline: day(20),
    teamPayment: 'team-fee',
    teamFee: '300',
    minAge: '6',
    maxAge: '12',
  }
  const product = { name: 'Scanner Product', purpose: 'extra', listPrice: '25.00', earlyBirdPrice: '20.00', earlyBirdUntil: day(14), isActive: 'true' }
  // The code the scan's database already has: adding it again is refused alike, and the edit form keeps it as it is.
  const discountCode = {
    code: SCAN_DISCOUNT_CODE,
    description: 'Made by the security scan',
    percentOff: '10',
    amountOff: '',
    validFrom: day(-1),
    validUntil: day(30),
    maxUses: '100',
    maxUsesPerPerson: '1',
    isActive: 'false',
    productIds: [f.adminProductId],
  }
  const academy = {
    name: 'Scanner Academy',
    sport: 'soccer',
    description: 'Made by the security scan',
    coach: 'Coach Scan',
    location: 'Field 9',
    isActive: 'false',
    forChildren: 'true',
    minAge: '8',
    maxAge: '10',
    weekdays: '2,4',
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: day(-1),
    startDate: day(30),
    endDate: day(90),
    skippedDates: day(37),
    price: '180.00',
    priceProduct: '',
    capacity: '16',
    minimum: '6',
    payAtSignUp: 'false',
    waiverRequired: 'true',
  }
  const camp = {
    name: 'Scanner Camp',
    sport: 'soccer',
    description: 'Made by the security scan',
    coach: 'Coach Scan',
    location: 'Field 9',
    isActive: 'false',
    minAge: '6',
    maxAge: '11',
    startTime: '09:00',
    endTime: '12:00',
    registrationDate: day(-1),
    startDate: day(30),
    endDate: day(32),
    registrationDeadline: '',
    price: '145.00',
    priceProduct: '',
    capacity: '24',
    minimum: '8',
    payAtSignUp: 'false',
    waiverRequired: 'true',
  }
  const dropIn = {
    name: 'Scanner Drop-in',
    sport: 'basketball',
    description: 'Made by the security scan',
    location: 'Court 9',
    academy: '',
    isActive: 'false',
    forChildren: 'false',
    minAge: '',
    maxAge: '',
    date: day(30),
    startTime: '10:00',
    endTime: '12:00',
    registrationDate: day(-1),
    price: '10.00',
    priceProduct: '',
    capacity: '20',
    payAtSignUp: 'false',
    waiverRequired: 'true',
  }
  const team = { leagueId: f.teamLeagueId, teamId: f.teamId }
  return [
    { route: 'POST /api/admin/leagues', as: 'admin', body: league },
    { route: 'POST /api/admin/leagues/:leagueId', as: 'admin', params: { leagueId: f.adminLeagueId }, body: league },
    { route: 'POST /api/admin/academies', as: 'admin', body: academy },
    { route: 'POST /api/admin/products', as: 'admin', body: product },
    { route: 'POST /api/admin/products/:productId', as: 'admin', params: { productId: f.adminProductId }, body: product },
    { route: 'POST /api/admin/discount-codes', as: 'admin', body: discountCode },
    { route: 'POST /api/admin/discount-codes/:discountCodeId', as: 'admin', params: { discountCodeId: f.adminDiscountCodeId }, body: discountCode },
    // The scan's own area again: refused as taken (409), and its change renames it to what it is.
    { route: 'POST /api/admin/playing-areas', as: 'admin', body: SCAN_AREA },
    { route: 'POST /api/admin/playing-areas/:areaId', as: 'admin', params: { areaId: f.adminAreaId }, body: SCAN_AREA },
    // In the team league's game nights: never deleted, every payload meets the same refusal.
    { route: 'POST /api/admin/playing-areas/:areaId/delete', as: 'admin', params: { areaId: f.adminAreaId }, body: {} },
    { route: 'GET /api/admin/playing-areas/calendar', as: 'admin', query: { from: day(0), to: day(6) } },
    { route: 'GET /api/admin/leagues/:leagueId/game-nights', as: 'admin', params: { leagueId: f.teamLeagueId } },
    { route: 'POST /api/admin/leagues/:leagueId/game-nights', as: 'admin', params: { leagueId: f.teamLeagueId }, body: { ...SCAN_GAME_NIGHTS, areaIds: [f.adminAreaId] } },
    { route: 'GET /api/admin/leagues/:leagueId/schedule', as: 'admin', params: { leagueId: f.teamLeagueId } },
    // The league has one team, the customer's, still forming: a draft is refused alike, and so is publishing none.
    { route: 'POST /api/admin/leagues/:leagueId/schedule/generate', as: 'admin', params: { leagueId: f.teamLeagueId }, body: {} },
    { route: 'POST /api/admin/leagues/:leagueId/schedule/publish', as: 'admin', params: { leagueId: f.teamLeagueId }, body: {} },
    // No game has these ids: every payload is told so (404).
    {
      route: 'POST /api/admin/leagues/:leagueId/schedule/games/:gameId/move',
      as: 'admin',
      params: { leagueId: f.teamLeagueId, gameId: 'scan-game' },
      body: { date: day(40), startTime: '18:00', areaId: f.adminAreaId },
    },
    { route: 'POST /api/admin/leagues/:leagueId/schedule/swap', as: 'admin', params: { leagueId: f.teamLeagueId }, body: { gameIds: ['scan-game-1', 'scan-game-2'] } },
    // Its schedule is not published: every payload is answered the same 404.
    { route: 'GET /api/leagues/:leagueId/standings', as: 'customer', params: { leagueId: f.teamLeagueId } },
    // The scorer's table: the league's schedule is not published, so every payload is refused alike (404, 409) and no score is written.
    { route: 'GET /api/admin/scores', as: 'admin', query: { leagueId: f.teamLeagueId } },
    {
      route: 'POST /api/admin/leagues/:leagueId/games/:gameId/score',
      as: 'admin',
      params: { leagueId: f.teamLeagueId, gameId: 'scan-game' },
      body: { outcome: 'score', version: 0, homeScore: 1, awayScore: 0 },
    },
    { route: 'POST /api/admin/academies/:academyId', as: 'admin', params: { academyId: f.adminAcademyId }, body: academy },
    { route: 'GET /api/admin/academies/:academyId/participants', as: 'admin', params: { academyId: f.adminAcademyId } },
    { route: 'GET /api/admin/academies/:academyId/participants.csv', as: 'admin', params: { academyId: f.adminAcademyId } },
    // An ended league place: never an academy participant, so every payload meets the same refusal and nothing moves.
    { route: 'POST /api/admin/academy-registrations/:registrationId/move', as: 'admin', params: { registrationId: f.endedRegistrationId }, body: { academyId: f.adminAcademyId } },
    { route: 'GET /api/admin/academies/:academyId/attendance', as: 'admin', params: { academyId: f.adminAcademyId } },
    // The scan's academy has no participants: every mark is refused alike (404), whatever the payload.
    {
      route: 'POST /api/admin/academies/:academyId/attendance',
      as: 'admin',
      params: { academyId: f.adminAcademyId },
      body: { registrationId: f.registrationId, sessionDate: f.adminAcademySessions[0]!, present: true },
    },
    // Its last session: the first payload that gets through cancels it, and every one after is told so.
    {
      route: 'POST /api/admin/academies/:academyId/sessions/:date/cancel',
      as: 'admin',
      params: { academyId: f.adminAcademyId, date: f.adminAcademySessions.at(-1)! },
      body: {},
      runsLast: true,
    },
    { route: 'POST /api/admin/camps', as: 'admin', body: camp },
    { route: 'POST /api/admin/camps/:campId', as: 'admin', params: { campId: f.adminCampId }, body: camp },
    { route: 'GET /api/admin/camps/:campId/participants', as: 'admin', params: { campId: f.campId } },
    { route: 'GET /api/admin/camps/:campId/participants.csv', as: 'admin', params: { campId: f.campId } },
    { route: 'POST /api/admin/drop-ins', as: 'admin', body: dropIn },
    { route: 'POST /api/admin/drop-ins/:dropInId', as: 'admin', params: { dropInId: f.adminDropInId }, body: dropIn },
    { route: 'GET /api/admin/drop-ins/:dropInId/participants', as: 'admin', params: { dropInId: f.dropInId } },
    { route: 'GET /api/admin/drop-ins/:dropInId/participants.csv', as: 'admin', params: { dropInId: f.dropInId } },
    // The customer's confirmed place: every payload that gets through checks it in again, and the headcount stays one.
    { route: 'POST /api/admin/drop-in-registrations/:registrationId/check-in', as: 'admin', params: { registrationId: f.dropInRegistrationId }, body: { checkedIn: true } },
    { route: 'POST /api/auth/sign-up/email', as: 'customer', manyAddresses: true, body: signUp, only: ['body.email'] },
    {
      route: 'POST /api/auth/sign-up/email',
      as: 'customer',
      manyAddresses: true,
      body: signUp,
      only: ['body.name', 'body.phone', 'body.password', 'body.callbackURL'],
      evaluate: RANDOM_EMAIL,
    },
    { route: 'GET /api/auth/verify-email', as: 'customer', manyAddresses: true, query: { token: 'scan-verification-token', callbackURL: '/account' } },
    { route: 'POST /api/auth/request-password-reset', as: 'customer', manyAddresses: true, body: { email: customer.email } },
    {
      route: 'POST /api/auth/reset-password',
      as: 'customer',
      manyAddresses: true,
      body: { token: 'scan-reset-token', newPassword: 'scan-new-password', confirmNewPassword: 'scan-new-password' },
      only: ['body.token', 'body.newPassword'],
      evaluate: 'confirmNewPassword=newPassword',
    },
    // Every good sign-in answers a new session token, so only the status tells true from false.
    {
      route: 'POST /api/auth/sign-in/email',
      as: 'customer',
      manyAddresses: true,
      body: { email: customer.email, password: customer.password },
      // The session row keeps the browser's User-Agent.
      headers: { 'User-Agent': 'Mozilla/5.0 (scan)' },
      only: ['body.email', 'header.User-Agent'],
      trueStatus: 200,
    },
    { route: 'POST /api/auth/sign-in/email', as: 'customer', manyAddresses: true, body: { email: customer.email, password: 'scan-password' }, only: ['body.password'], evaluate: RANDOM_EMAIL },
    { route: 'GET /api/session', as: 'customer', cookie: true },
    { route: 'GET /api/leagues/open', as: 'customer', query: { sport: 'soccer' } },
    { route: 'GET /api/leagues/teams', as: 'customer', query: { sport: 'basketball' } },
    // The customer's own team again: the same request answers the same team every time.
    { route: 'GET /api/leagues/:leagueId', as: 'customer', params: { leagueId: f.teamLeagueId } },
    { route: 'POST /api/leagues/:leagueId/teams', as: 'customer', params: { leagueId: f.teamLeagueId }, body: { name: 'Scan Team' } },
    { route: 'GET /api/leagues/:leagueId/teams/:teamId', as: 'customer', params: team },
    // The scan's team league has no published schedule: its games are answered the same 404, its team's an empty list.
    { route: 'GET /api/leagues/:leagueId/games', as: 'customer', params: { leagueId: f.teamLeagueId } },
    { route: 'GET /api/leagues/:leagueId/teams/:teamId/games', as: 'customer', params: team },
    { route: 'GET /api/leagues/:leagueId/teams/:teamId/invitation', as: 'customer', params: team, query: { invite: f.invite } },
    // Already on the team: each join answers the place the customer holds.
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/players', as: 'customer', params: team, body: { invite: f.invite }, headers: { 'Idempotency-Key': 'scan-join-0001' } },
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/invite/emails', as: 'customer', params: team, body: { emails: 'scan-friend@example.com' } },
    // The captain's own place: never removable, so every payload is answered the same refusal.
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/players/:registrationId/remove', as: 'customer', params: { ...team, registrationId: f.captainPlaceId }, body: {} },
    // Each payload renames the team, which the targets above name: it runs after them.
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/name', as: 'customer', params: team, body: { name: 'Scan Team' }, runsLast: true },
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/captain', as: 'customer', params: team, body: { registrationId: f.captainPlaceId } },
    { route: 'GET /api/receipts/user/:userId/league/:leagueId/team/:teamId', as: 'customer', params: { userId: customer.id, ...team } },
    { route: 'GET /api/admin/teams', as: 'admin', query: { leagueId: f.teamLeagueId } },
    { route: 'GET /api/admin/leagues/:leagueId/players', as: 'admin', params: { leagueId: f.teamLeagueId } },
    { route: 'GET /api/leagues/:leagueId/teams/:teamId/players/:playerId', as: 'customer', params: { ...team, playerId: f.captainPlaceId } },
    // An ended place: never moved, so every payload meets the same answer.
    { route: 'POST /api/admin/players/:registrationId/move', as: 'admin', params: { registrationId: f.endedRegistrationId }, body: { teamId: f.teamId } },
    // The customer's team name, taken: every payload is refused alike and no place is held. (A
    // payload in the name would make a new team per request, each answer differing with the places left.)
    {
      route: 'POST /api/admin/teams',
      as: 'admin',
      body: { leagueId: f.teamLeagueId, name: 'Scan Team', captainEmail: 'scan-captain@example.com' },
      only: ['body.leagueId', 'body.captainEmail'],
    },
    // A dry run: it reads and checks, and writes nothing.
    { route: 'POST /api/admin/teams/import', as: 'admin', body: { leagueId: f.teamLeagueId, text: 'Scan Import,scan-import@example.com', commit: false } },
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/claim', as: 'customer', params: team, body: { invite: f.invite } },
    { route: 'GET /api/admin/teams.csv', as: 'admin', query: { leagueId: f.teamLeagueId } },
    // A new invite code ends the one the targets above send.
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/invite', as: 'customer', params: team, body: {}, runsLast: true },
    { route: 'GET /api/admin/outbox', as: 'admin', query: { page: '1', q: 'scan' } },
    // Staff messages (issue 32): a preview reads and writes nothing; a message to a waitlist nobody is on is refused alike and sends nothing.
    { route: 'POST /api/messages/preview', as: 'admin', body: { audience: { kind: 'league', id: f.leagueId, waitlist: false }, whom: 'participants', subject: 'Scan', text: 'Scan text' } },
    { route: 'POST /api/messages', as: 'admin', body: { audience: { kind: 'league', id: f.adminLeagueId, waitlist: true }, whom: 'guardians', subject: 'Scan', text: 'Scan text' } },
    // A token the site never made (its shape: 32 characters of base64url): every payload is read or refused alike, and nobody is unsubscribed.
    { route: 'GET /api/unsubscribe/:token', as: 'customer', params: { token: 'scan-not-a-token-made-by-the-sit' } },
    { route: 'POST /api/unsubscribe/:token', as: 'customer', params: { token: 'scan-not-a-token-made-by-the-sit' }, body: {} },
    // Calendar feeds (issue 33): the link of an academy staff read; renewing it changes only its token. The feed itself (/calendar/:token.ics) is not an API route, so not in this table: its contract refuses any token not of its shape, and calendar.test.ts asks it for ones never made.
    { route: 'GET /api/academies/:academyId/calendar', as: 'admin', params: { academyId: f.adminAcademyId } },
    { route: 'POST /api/admin/academies/:academyId/calendar/renew', as: 'admin', params: { academyId: f.adminAcademyId }, body: {} },
    { route: 'GET /api/leagues/:leagueId/teams/:teamId/calendar', as: 'customer', params: team },
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/calendar/renew', as: 'customer', params: team, body: {} },
    // A team's blackout dates (issue 33), read and replaced by its captain: a date outside the season is refused alike.
    { route: 'GET /api/leagues/:leagueId/teams/:teamId/blackouts', as: 'customer', params: team },
    { route: 'POST /api/leagues/:leagueId/teams/:teamId/blackouts', as: 'customer', params: team, body: { dates: [] } },
    { route: 'GET /api/desk/drawer', as: 'admin', query: { day: day(-1) } },
    { route: 'GET /api/desk/drawer.csv', as: 'admin', query: { day: day(-1) } },
    { route: 'GET /api/audit', as: 'admin', query: { staffId: 'scan-staff', action: 'refund', from: day(-7), to: day(0), entityKind: 'registration', entityId: 'scan-registration', page: '1' } },
    { route: 'GET /api/admin/reports/registrations.csv', as: 'admin', query: { from: day(-30), to: day(0), program: f.adminLeagueId } },
    { route: 'GET /api/admin/reports/payments.csv', as: 'admin', query: { from: day(-30), to: day(0) } },
    { route: 'GET /api/admin/reports/academies/:academyId/attendance.csv', as: 'admin', params: { academyId: f.adminAcademyId }, query: { from: day(-30), to: day(30) } },
    { route: 'GET /api/admin/reports/summary/:ownerId', as: 'admin', params: { ownerId: f.adminLeagueId } },
    // No job is dead in the scan's site: every payload is looked up and answered 404.
    { route: 'POST /api/admin/jobs/:jobId/retry', as: 'admin', params: { jobId: 'scan-no-such-job' }, body: {} },
    {
      route: 'POST /api/leagues/:leagueId/registrations',
      as: 'customer',
      params: { leagueId: f.kidsLeagueId },
      body: { childId: f.childId },
      headers: { 'Idempotency-Key': 'scan-registration-0001' },
    },
    {
      route: 'POST /api/academies/:academyId/registrations',
      as: 'customer',
      params: { academyId: f.academyId },
      body: { participants: [{ childId: null, photoConsent: false }] },
      headers: { 'Idempotency-Key': 'scan-academy-0001' },
    },
    { route: 'GET /api/receipts/user/:userId/academy/:academyId', as: 'customer', params: { userId: customer.id, academyId: f.academyId } },
    // The child already has a place: every payload that gets through is answered with it.
    {
      route: 'POST /api/camps/:campId/registrations',
      as: 'customer',
      params: { campId: f.campId },
      body: { participants: [{ childId: f.childId, photoConsent: false }] },
      headers: { 'Idempotency-Key': 'scan-camp-0001' },
    },
    { route: 'GET /api/receipts/user/:userId/camp/:campId', as: 'customer', params: { userId: customer.id, campId: f.campId } },
    // The customer already has a spot: every payload that gets through is answered with it.
    {
      route: 'POST /api/drop-ins/:dropInId/registrations',
      as: 'customer',
      params: { dropInId: f.dropInId },
      body: { participants: [{ childId: null, photoConsent: false }] },
      headers: { 'Idempotency-Key': 'scan-drop-in-0001' },
    },
    { route: 'GET /api/receipts/user/:userId/drop-in/:dropInId', as: 'customer', params: { userId: customer.id, dropInId: f.dropInId } },
    { route: 'GET /api/orders/:orderId', as: 'customer', params: { orderId: f.orderId } },
    // The scan's site takes no payment online: every payload is answered that the desk takes it.
    { route: 'POST /api/orders/:orderId/checkout', as: 'customer', params: { orderId: f.orderId }, body: {} },
    { route: 'GET /api/checkouts/:checkoutId', as: 'customer', params: { checkoutId: f.checkoutId } },
    // The scan's code is for another product and not offered: every payload is refused alike, and the order keeps no code.
    { route: 'POST /api/orders/:orderId/discount-code', as: 'customer', params: { orderId: f.orderId }, body: { code: 'SCAN10' } },
    { route: 'POST /api/orders/:orderId/discount-code/remove', as: 'customer', params: { orderId: f.orderId }, body: {} },
    // The order's places carry no fee an extra goes with, and no line has that id: every payload is refused, nothing is added or taken off.
    { route: 'POST /api/orders/:orderId/extras', as: 'customer', params: { orderId: f.orderId }, body: { productId: 'scan-no-such-extra', size: 'M' } },
    { route: 'POST /api/orders/:orderId/extras/:lineId/remove', as: 'customer', params: { orderId: f.orderId, lineId: 'scan-no-such-line' }, body: {} },
    // No such payment: every payload is looked up and answered 404, and nothing is given back.
    // A real payment, refunded from a line it never paid: refused whatever the amount.
    { route: 'POST /api/admin/payments/:paymentId/refunds', as: 'admin', params: { paymentId: f.paymentId }, body: { amount: '0.01', reason: 'Scan', lineId: 'scan-no-such-line', lowerPrice: true } },
    // Without Stripe's keys the webhook answers 404 to everything, whatever the payload.
    { route: 'POST /api/stripe/webhook', as: 'customer', body: { id: 'evt_scan', type: 'checkout.session.completed' }, headers: { 'Stripe-Signature': 't=1,v1=scan' } },
    { route: 'POST /api/registrations/:registrationId/claim', as: 'customer', params: { registrationId: f.registrationId }, body: {} },
    { route: 'POST /api/registrations/:registrationId/cancel', as: 'customer', params: { registrationId: f.endedRegistrationId }, body: {} },
    {
      route: 'GET /api/receipts/user/:userId/league/:leagueId/registration/:registrationId',
      as: 'customer',
      params: { userId: customer.id, leagueId: f.leagueId, registrationId: f.registrationId },
    },
    { route: 'GET /api/receipts/user/:userId/league/:leagueId', as: 'customer', params: { userId: customer.id, leagueId: f.leagueId } },
    { route: 'GET /api/registrations/:registrationId/receipt', as: 'customer', params: { registrationId: f.registrationId } },
    { route: 'POST /api/registrations/:registrationId/receipt/email', as: 'admin', params: { registrationId: f.registrationId }, body: {} },
    { route: 'GET /api/admin/registrations', as: 'admin', query: { leagueId: f.leagueId, q: 'scan' } },
    { route: 'GET /api/admin/registrations/:registrationId', as: 'admin', params: { registrationId: f.registrationId } },
    // A cent at a time, so the balance lasts for every payload that gets through.
    {
      route: 'POST /api/admin/registrations/:registrationId/payments',
      as: 'admin',
      params: { registrationId: f.registrationId },
      body: { amount: '0.01', method: 'cash', reference: 'Desk 1' },
    },
    // An ended place asks nothing: every adjustment is refused alike, and nothing changes.
    { route: 'POST /api/admin/registrations/:registrationId/adjustments', as: 'admin', params: { registrationId: f.endedRegistrationId }, body: { amount: '0.01', reason: 'Scan' } },
    { route: 'POST /api/admin/registrations/:registrationId/decline', as: 'admin', params: { registrationId: f.endedRegistrationId }, body: { refund: false } },
    { route: 'POST /api/admin/registrations/:registrationId/cancel', as: 'admin', params: { registrationId: f.endedRegistrationId }, body: { refund: false } },
    // A signature keeps the signer's User-Agent and address (from X-Forwarded-For behind a proxy).
    {
      route: 'POST /api/waiver/signatures',
      as: 'customer',
      body: { signedName: 'Scan Customer', agree: 'yes', childId: f.childId },
      headers: { 'User-Agent': 'Mozilla/5.0 (scan)', 'X-Forwarded-For': '203.0.113.7' },
    },
    { route: 'POST /api/children', as: 'customer', body: SCAN_CHILD },
    { route: 'POST /api/children/:childId', as: 'customer', params: { childId: f.childId }, body: SCAN_CHILD },
    // The scan's child holds a registration, so removing them is refused and they stay for the targets after.
    { route: 'POST /api/children/:childId/remove', as: 'customer', params: { childId: f.childId }, body: {} },
    { route: 'POST /api/account/profile', as: 'customer', body: { displayName: 'Scan customer', phone: '555-010-1234' } },
    // A wrong current password: the payloads reach the check without ever changing the password.
    { route: 'POST /api/account/password', as: 'customer', body: { currentPassword: 'not-the-password', newPassword: 'scan-new-password' } },
    { route: FUNCTIONS, as: 'admin', params: { name: 'listUsers' }, body: { data: { search: 'admin@scan', role: 'admin', page: 1, pageSize: 25 } } },
    { route: FUNCTIONS, as: 'admin', params: { name: 'setUserRole' }, body: { data: { userId: customer.id, role: 'customer' } }, only: ['body.data.userId', 'body.data.role'] },
    { route: FUNCTIONS, as: 'admin', params: { name: 'makePasswordLink' }, body: { data: { userId: customer.id } }, only: ['body.data.userId'] },
    // A new waiver version makes everyone sign again, which would change other routes' answers.
    // The front desk (docs/decisions/0016): staff routes, scanned as the admin and, refused, as the customer.
    { route: 'GET /api/desk/customers', as: 'admin', query: { q: 'scan' } },
    { route: 'GET /api/desk/customers/:userId', as: 'admin', params: { userId: customer.id } },
    { route: 'POST /api/desk/customers', as: 'admin', body: { displayName: 'Scan Walk-in', email: 'scan-walk-in@example.com', phone: '555-010-1234' }, only: ['body.email'] },
    { route: 'POST /api/desk/customers', as: 'admin', body: { displayName: 'Scan Walk-in', email: 'scan-walk-in@example.com', phone: '555-010-1234' }, only: ['body.displayName', 'body.phone'], evaluate: RANDOM_EMAIL },
    { route: 'POST /api/desk/customers/:userId/password-reset', as: 'admin', params: { userId: customer.id }, body: {} },
    { route: 'POST /api/desk/customers/:userId/waiver', as: 'admin', params: { userId: customer.id }, body: { signedName: 'Scan Customer', agree: 'yes', childId: f.childId } },
    { route: 'POST /api/desk/customers/:userId/registrations', as: 'admin', params: { userId: customer.id }, body: { leagueId: f.leagueId }, headers: { 'Idempotency-Key': 'scan-desk-0001' } },
    // The desk sells what a family can buy (issue 30): the customer's child, an academy, a code and an extra, each aimed as the customer's own target is.
    { route: 'POST /api/desk/customers/:userId/children', as: 'admin', params: { userId: customer.id }, body: SCAN_CHILD },
    { route: 'POST /api/desk/customers/:userId/children/:childId', as: 'admin', params: { userId: customer.id, childId: f.childId }, body: SCAN_CHILD },
    {
      route: 'POST /api/desk/customers/:userId/academies/:academyId/registrations',
      as: 'admin',
      params: { userId: customer.id, academyId: f.academyId },
      body: { participants: [{ childId: null, photoConsent: false }] },
      headers: { 'Idempotency-Key': 'scan-desk-academy-0001' },
    },
    {
      route: 'POST /api/desk/customers/:userId/camps/:campId/registrations',
      as: 'admin',
      params: { userId: customer.id, campId: f.campId },
      body: { participants: [{ childId: f.childId, photoConsent: false }] },
      headers: { 'Idempotency-Key': 'scan-desk-camp-0001' },
    },
    {
      route: 'POST /api/desk/customers/:userId/drop-ins/:dropInId/registrations',
      as: 'admin',
      params: { userId: customer.id, dropInId: f.dropInId },
      body: { participants: [{ childId: null, photoConsent: false }] },
      headers: { 'Idempotency-Key': 'scan-desk-drop-in-0001' },
    },
    { route: 'POST /api/desk/customers/:userId/orders/:orderId/discount-code', as: 'admin', params: { userId: customer.id, orderId: f.orderId }, body: { code: 'SCAN10' } },
    { route: 'POST /api/desk/customers/:userId/orders/:orderId/extras', as: 'admin', params: { userId: customer.id, orderId: f.orderId }, body: { productId: 'scan-no-such-extra', size: 'M' } },
    { route: 'GET /api/desk/leagues/:leagueId/registrants', as: 'admin', params: { leagueId: f.teamLeagueId } },
    { route: 'GET /api/desk/leagues/:leagueId/registrants.csv', as: 'admin', params: { leagueId: f.leagueId } },
    { route: 'POST /api/admin/waiver', as: 'admin', body: { body: 'These are the terms of the security scan, version two.' }, runsLast: true },
  ]
}

/** Every marked field of a target, named `path.leagueId`, `body.data.search`, `header.Idempotency-Key`. */
export function injectionPoints(target: Target): string[] {
  const leaves = (value: Json, prefix: string): string[] =>
    value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`)) : [prefix]
  const all = [
    ...Object.keys(target.params ?? {}).map((k) => `path.${k}`),
    ...Object.keys(target.query ?? {}).map((k) => `query.${k}`),
    ...(target.body ? leaves(target.body, 'body') : []),
    ...Object.keys(target.headers ?? {}).map((k) => `header.${k}`),
    ...(target.cookie ? ['cookie.session'] : []),
  ]
  return target.only ? all.filter((p) => target.only!.includes(p)) : all
}

/**
 * Checks the table against the server's own route list: every route that takes input (by its
 * contract) and every callable function is scanned, and every path param of a route has a
 * value. A route added with input and without a row here fails the scan.
 */
export function checkCoverage(targets: Target[], routes: DeclaredRoute[], functions: Record<string, Access>): string[] {
  const problems: string[] = []
  const keys = new Set(routes.map((r) => `${r.method} ${r.url}`))
  for (const route of routes) {
    const key = `${route.method} ${route.url}`
    const scanned = targets.filter((t) => t.route === key)
    if (scanned.length === 0 && takesInput(route)) problems.push(`${key}: no sqlmap target in scripts/verify/scan-targets.ts`)
    for (const t of scanned) {
      for (const name of [...key.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
        if (!t.params?.[name]) problems.push(`${key}: the target sends no value for :${name}`)
      }
    }
  }
  for (const t of targets) {
    if (!keys.has(t.route)) problems.push(`${t.route}: the server has no such route`)
    const points = injectionPoints({ ...t, only: undefined })
    for (const name of t.only ?? []) if (!points.includes(name)) problems.push(`${t.route}: ${name} in \`only\` is not a field the target sends`)
  }
  for (const name of Object.keys(functions)) {
    if (!targets.some((t) => t.route === FUNCTIONS && t.params?.name === name)) problems.push(`function ${name}: no sqlmap target`)
  }
  return problems
}

/** The access a target's route declares (a callable function's own, for the functions route). */
export function accessOf(target: Target, routes: DeclaredRoute[], functions: Record<string, Access>): string {
  if (target.route === FUNCTIONS) return functions[target.params?.name ?? ''] ?? 'unknown'
  return routes.find((r) => `${r.method} ${r.url}` === target.route)?.access ?? 'unknown'
}

/**
 * A staff-only route is scanned again with the customer's session: whatever the payload, the
 * guard must refuse before the handler reads it. The guard is one piece of code that reads the
 * route's declared access and the session, never the request's values, so one route of each
 * access and method (and the callable functions' dispatcher) carries its proof (issue 31: no injection point repeated); the authorization
 * matrix test refuses the customer on every route.
 */
export function withCustomerCopies(targets: Target[], routes: DeclaredRoute[], functions: Record<string, Access>): Target[] {
  const guarded = new Map<string, Target>()
  for (const target of targets) {
    const access = accessOf(target, routes, functions)
    // The callable functions' dispatcher guards by the function's name: its own key.
    const key = `${access} ${target.route === FUNCTIONS ? target.route : target.route.split(' ')[0]}`
    if (target.as === 'admin' && ['admin', 'staff'].includes(access) && !guarded.has(key)) guarded.set(key, target)
  }
  return [...targets, ...[...guarded.values()].map((t): Target => ({ ...t, as: 'customer', refusedByGuard: true }))]
}
