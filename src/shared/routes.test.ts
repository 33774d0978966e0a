import { describe, expect, test } from 'vitest'
import { purposeOf } from './route-purposes.ts'
import { ACCESS_MESSAGES, decideAccess, matchRoute, ROUTES } from './routes.ts'

describe('the route table', () => {
  test('has every route of product §2 with the access it gives where it gives one', () => {
    const access = Object.fromEntries(ROUTES.map((r) => [r.path, r.access]))
    expect(access).toMatchObject({
      '/': 'open',
      '/admin/users': 'admin',
      '/admin/products': 'admin',
      '/league/:leagueId': 'login',
      '/league/:leagueId/team/:teamId': 'login',
      '/league/:leagueId/team/:teamId/player/:playerId': 'login',
      '/dashboard': 'admin',
      '/createTeam': 'login',
      '/register': 'open',
      '/signIn': 'open',
      '/leagues': 'login',
      '/teamsView': 'admin',
      '/manageLeaguePlayers/league/:leagueId?': 'login',
      '/account': 'login',
      '/academyRegistrations': 'admin',
      '/pendingRegistrations': 'admin',
    })
  })

  test('is exactly the product §2 table plus the /createAccount alias, account recovery, the front desk, the emails, the checkout, the camps, the drop-ins, the reports, the messages and the game schedules', () => {
    const spec = [
      '/', '/admin/users', '/admin/products', '/league/:leagueId', '/league/:leagueId/team/:teamId',
      '/league/:leagueId/team/:teamId/player/:playerId',
      '/receipt/user/:userId/league/:leagueId/registration/:registrationId',
      '/league/:leagueId/team/:teamId/signUp', '/dashboard', '/createTeam', '/createTeamAdmin', '/register',
      '/signIn', '/leagues', '/teamsView', '/manageLeaguePlayers/league/:leagueId?', '/soccerIndividualSignUp',
      '/individualSportsSignUp', '/kidsSportsSignup', '/footballIndividualSignUp', '/basketballIndividualSignUp',
      '/baseballIndividualSignUp', '/addTeams', '/account', '/registrationReceipt/user/:userId/league/:leagueId',
      '/academyReceipt/user/:userId/academy/:academyId', '/academy', '/academySignUp/:id', '/academyRegistrations',
      '/waiver', '/pendingRegistrations', '/adultBasketball',
      '/teamRegistrationReceipt/user/:userId/league/:leagueId/team/:teamId',
    ]
    expect(spec).toHaveLength(33)
    const desk = ['/desk', '/desk/customer/:userId', '/desk/academies', '/desk/camps', '/desk/dropIns', '/desk/drawer', '/leagueRegistrants/:leagueId']
    const camps = ['/camps', '/campSignUp/:id', '/campReceipt/user/:userId/camp/:campId', '/campRegistrations']
    const dropIns = ['/dropIns', '/dropInSignUp/:id', '/dropInReceipt/user/:userId/dropIn/:dropInId', '/dropInSessions']
    const checkout = ['/checkout/:orderId', '/checkout/:orderId/paid/:checkoutId']
    const reports = ['/dashboard/reports', '/dashboard/reports/summary/:ownerId']
    const messages = ['/messages', '/unsubscribe/:token']
    const schedules = ['/admin/playingAreas', '/leagueSchedule/:leagueId', '/schedule/:leagueId', '/schedule/:leagueId/team/:teamId', '/scores/:leagueId?']
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...spec, '/createAccount', '/forgotPassword', '/resetPassword', ...desk, '/outbox', ...checkout, ...camps, ...dropIns, ...reports, ...messages, ...schedules].sort())
  })

  test('ids are unique and every route says what it is for', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length)
    for (const route of ROUTES) expect(purposeOf(route).description.length).toBeGreaterThan(10)
  })

  test.each([
    ['/', 'home'],
    ['/receipt/user/u1/league/l1/registration/r1', 'receipt'],
    ['/manageLeaguePlayers/league', 'manageLeaguePlayers'],
    ['/manageLeaguePlayers/league/l1', 'manageLeaguePlayers'],
    ['/FOOTBALLINDIVIDUALSIGNUP', 'footballIndividualSignUp'],
    ['/createAccount', 'createAccount'],
    ['/account/', 'account'],
  ])('%s shows %s', (path, id) => {
    expect(matchRoute(path)?.route.id).toBe(id)
  })

  test('params come out of the path', () => {
    expect(matchRoute('/league/l1/team/t2/player/p3')?.params).toEqual({ leagueId: 'l1', teamId: 't2', playerId: 'p3' })
  })

  test.each(['/nope', '/league', '/league/l1/team', '/admin'])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeUndefined()
  })
})

describe('decideAccess (product §6)', () => {
  test('open pages are for everyone', () => {
    for (const role of [null, 'customer', 'employee', 'admin'] as const) expect(decideAccess('open', role)).toEqual({ allowed: true })
  })

  test('login pages send visitors to /signIn with the login message', () => {
    expect(decideAccess('login', null)).toEqual({ allowed: false, redirectTo: '/signIn', message: 'You must be logged in to see this page' })
    expect(decideAccess('login', 'customer')).toEqual({ allowed: true })
  })

  test('admin pages send other roles home with the admin message', () => {
    for (const role of ['customer', 'employee'] as const) {
      expect(decideAccess('admin', role)).toEqual({ allowed: false, redirectTo: '/', message: 'This page requires admin access' })
    }
    expect(decideAccess('admin', 'admin')).toEqual({ allowed: true })
  })

  test('signed-out visitors on admin pages are asked to sign in first', () => {
    expect(decideAccess('admin', null)).toEqual({ allowed: false, redirectTo: '/signIn', message: ACCESS_MESSAGES.login })
  })

  test('staff pages let admins and employees in, and send customers home with the employee message', () => {
    expect(decideAccess('staff', 'admin')).toEqual({ allowed: true })
    expect(decideAccess('staff', 'employee')).toEqual({ allowed: true })
    expect(decideAccess('staff', 'customer')).toEqual({ allowed: false, redirectTo: '/', message: 'This page requires employee access' })
  })
})
