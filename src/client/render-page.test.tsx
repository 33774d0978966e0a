import { hashKey, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { OpenLeague } from '../shared/contracts/leagues.ts'
import type { SessionUser } from '../shared/contracts/session.ts'
import { decideAccess, matchRoute, ROUTES } from '../shared/routes.ts'
import type { ActiveLeague } from '../shared/sports.ts'
import { SessionProvider } from './lib/session.tsx'
import { pageAnswers, renderHome, renderPage } from './render-page.tsx'
import { appRoutes, opensWithOf } from './router.tsx'

/*
 * The server's render of the home page (docs/decisions/0007). The browser takes this markup
 * over; the browser tests check that it does so without a hydration error.
 */

const site = {
  facilityName: 'Riverside <Sports>',
  websiteUrl: 'https://riverside.example',
  soccerTeamWaitlistUrl: 'https://riverside.example/waitlist',
  timeZone: 'America/Chicago',
  sendsEmail: false,
  paysOnline: false,
}

const soccer: ActiveLeague = {
  id: 'league-1',
  name: 'Spring Soccer',
  sport: 'soccer',
  kind: 'individual',
  description: 'Bring <shin> guards.',
  registrationDate: '2026-12-01',
  startDate: '2027-01-15',
  endDate: '2027-03-15',
  registrationDeadline: null,
  priceCents: 4500,
  earlyBirdPriceCents: null,
  earlyBirdUntil: null,
}

const render = (leagues: ActiveLeague[], settings = site) => renderHome(settings, JSON.stringify({ leagues }))

test('the six cards, each with its league or the no-league text, with the facility settings', () => {
  const html = render([soccer])
  expect(html.match(/<article class="sport-card"/g)).toHaveLength(6)
  expect(html).toContain('<h3>Spring Soccer</h3>')
  expect(html).toContain('<dd>1/15/2027</dd>')
  expect(html).toContain('Bring &lt;shin&gt; guards.')
  expect(html).toContain('href="https://riverside.example/waitlist"')
  expect(html.match(/There are no active leagues at this time\./g)).toHaveLength(5)
  expect(html).toContain('Riverside &lt;Sports&gt;')
  expect(html).not.toContain('<shin>')
})

test('it is the page a visitor sees: the menu offers Sign In', () => {
  const html = render([])
  expect(html).toContain('>Sign In</a>')
  expect(html).not.toContain('>Account</button>')
})

test('each render uses its own settings and leagues', () => {
  render([soccer])
  const html = render([], { ...site, facilityName: 'Hilltop Arena' })
  expect(html).toContain('Hilltop Arena')
  expect(html).not.toContain('Riverside')
  expect(html).not.toContain('Spring Soccer')
})

/** A league as the sign-up pages' answer lists it. */
const openLeague = (overrides: Partial<OpenLeague> = {}): OpenLeague => ({
  ...soccer,
  registrationDeadline: null,
  priceCents: 4500,
  placesLeft: 3,
  waitlistSize: 0,
  minAge: null,
  maxAge: null,
  pricing: { listPriceCents: 4500, earlyBird: null, familyDiscountPercent: null, plan: null, lateSignUpPrice: 'full' },
  ...overrides,
})

const sessionUser = (role: 'customer' | 'admin'): SessionUser => ({
  uid: `${role}-1`,
  email: `${role}@example.com`,
  displayName: role === 'admin' ? 'Ada Admin' : 'Casey Customer',
  phone: '+15550100000',
  isLoggedIn: true,
  isAdmin: role === 'admin',
  isEmployee: false,
  userRole: role,
})

describe('the other open pages', () => {
  test('each names the public answers it shows, and only those', async () => {
    expect((await pageAnswers('/soccerIndividualSignUp')).map((a) => a.url)).toEqual(['/api/leagues/open?sport=soccer'])
    expect((await pageAnswers('/individualSportsSignUp')).map((a) => a.url)).toEqual(['/api/leagues/open'])
    expect((await pageAnswers('/academy')).map((a) => a.url)).toEqual(['/api/academies/active', '/api/camps/active', '/api/drop-ins/active'])
    expect((await pageAnswers('/camps')).map((a) => a.url)).toEqual(['/api/camps/active'])
    expect((await pageAnswers('/dropIns')).map((a) => a.url)).toEqual(['/api/drop-ins/active'])
    expect((await pageAnswers('/waiver')).map((a) => a.url)).toEqual(['/api/waiver'])
    for (const path of ['/signIn', '/register', '/account', '/leagues', '/nope']) expect(await pageAnswers(path), path).toEqual([])
  })

  test('a sign-up page is rendered with its leagues, once its screen has loaded, and hands the browser the same answers', async () => {
    const [answer] = await pageAnswers('/soccerIndividualSignUp')
    const json = JSON.stringify({ leagues: [openLeague({ registrationDate: '2000-01-01', startDate: '2099-01-15', endDate: '2099-03-15' })] })
    const { html, state } = await renderPage(site, '/soccerIndividualSignUp', [{ queryKey: answer!.queryKey, json }])
    expect(html).toContain('<h1>Soccer Free Agent Sign Up</h1>')
    expect(html).toContain('Spring Soccer')
    expect(html).toContain('$45.00')
    expect(html).not.toContain('Loading leagues')
    expect(JSON.stringify(JSON.parse(state))).toContain('"placesLeft":3')
  })

  test('a long page is one piece: no part is left to an inline script, which the CSP refuses', async () => {
    const [answer] = await pageAnswers('/individualSportsSignUp')
    const league = (n: number) => openLeague({ id: `league-${n}`, name: `League ${n}`, description: 'A long description of the league. '.repeat(10) })
    const json = JSON.stringify({ leagues: Array.from({ length: 80 }, (_, n) => league(n)) })
    const { html } = await renderPage(site, '/individualSportsSignUp', [{ queryKey: answer!.queryKey, json }])
    expect(html.length).toBeGreaterThan(50_000)
    expect(html).toContain('League 79')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<template')
  })

  test("a signed-in person's page names their own answers, on the pages they may open only", async () => {
    const customer = sessionUser('customer')
    const admin = sessionUser('admin')
    expect((await pageAnswers('/account', customer)).map((a) => a.url)).toEqual(['/api/registrations/mine', '/api/children', '/api/teams/mine', '/api/waiver/signatures/mine'])
    expect((await pageAnswers('/account', customer))[1]!.queryKey).toEqual(['mine', customer.uid, 'children'])
    expect(await pageAnswers('/dashboard', customer)).toEqual([])
    expect((await pageAnswers('/dashboard', admin)).map((a) => a.url)).toEqual(['/api/dashboard', '/api/dashboard/attention', '/api/dashboard/registration', '/api/dashboard/money', '/api/dashboard/today', '/api/audit?page=1'])
    expect((await pageAnswers('/pendingRegistrations', admin)).map((a) => a.url)).toEqual(['/api/admin/leagues', '/api/admin/registrations'])
    expect((await pageAnswers('/league/l-1', customer)).map((a) => a.url)).toEqual(['/api/leagues/l-1'])
    expect((await pageAnswers('/league/l-1', admin)).map((a) => a.url)).toEqual(['/api/leagues/l-1', '/api/admin/leagues'])
    // An employee sees the league as a customer does: every league, for an admin's tools, is not read.
    expect((await pageAnswers('/league/l-1', { ...customer, isEmployee: true, userRole: 'employee' })).map((a) => a.url)).toEqual(['/api/leagues/l-1'])
    expect((await pageAnswers('/desk', admin)).map((a) => a.url)).toEqual(['/api/admin/leagues'])
    expect((await pageAnswers('/outbox', admin)).map((a) => a.url)).toEqual(['/api/admin/outbox?page=1'])
    expect((await pageAnswers('/receipt/user/u-1/league/l-1/registration/r-1', customer)).map((a) => a.url)).toEqual(['/api/receipts/user/u-1/league/l-1/registration/r-1'])
    expect((await pageAnswers('/teamRegistrationReceipt/user/u-1/league/l-1/team/t-1', customer)).map((a) => a.url)).toEqual(['/api/receipts/user/u-1/league/l-1/team/t-1'])
    expect((await pageAnswers('/checkout/o-1', customer)).map((a) => a.url)).toEqual(['/api/orders/o-1'])
    expect((await pageAnswers('/checkout/o-1/paid/c-1', customer)).map((a) => a.url)).toEqual(['/api/checkouts/c-1', '/api/orders/o-1'])
    expect(await pageAnswers('/checkout/o-1')).toEqual([])
    // Signed in, the waiver page reads the person's own signatures and children, not the visitor's answer.
    expect((await pageAnswers('/waiver', customer)).map((a) => a.url)).toEqual(['/api/waiver', '/api/children'])
    expect((await pageAnswers('/waiver', customer))[0]!.queryKey).toEqual(['mine', customer.uid, 'waiver'])
    expect((await pageAnswers('/soccerIndividualSignUp', customer)).map((a) => a.url)).toEqual(['/api/leagues/open?sport=soccer', '/api/registrations/mine'])
    expect((await pageAnswers('/kidsSportsSignup', customer)).map((a) => a.url)).toEqual(['/api/leagues/open?sport=kids', '/api/registrations/mine', '/api/children'])
    expect((await pageAnswers('/createTeam', customer)).map((a) => a.url)).toEqual(['/api/leagues/teams', '/api/teams/mine'])
    expect((await pageAnswers('/adultBasketball')).map((a) => a.url)).toEqual(['/api/leagues/teams?sport=basketball'])
    expect((await pageAnswers('/createTeamAdmin', admin)).map((a) => a.url)).toEqual(['/api/leagues/teams', '/api/admin/teams'])
    expect((await pageAnswers('/manageLeaguePlayers/league', customer)).map((a) => a.url)).toEqual([])
    expect((await pageAnswers('/manageLeaguePlayers/league', admin)).map((a) => a.url)).toEqual(['/api/admin/leagues'])
    expect((await pageAnswers('/manageLeaguePlayers/league/l-1', admin)).map((a) => a.url)).toEqual(['/api/admin/leagues', '/api/admin/leagues/l-1/players'])
    expect((await pageAnswers('/league/l-1/team/t-1', customer)).map((a) => a.url)).toEqual(['/api/leagues/l-1/teams/t-1', '/api/leagues/l-1/teams/t-1/games'])
    expect((await pageAnswers('/league/l-1/team/t-1/player/r-1', admin)).map((a) => a.url)).toEqual(['/api/leagues/l-1/teams/t-1/players/r-1'])
    expect((await pageAnswers('/leagueRegistrants/l-1', admin)).map((a) => a.url)).toEqual(['/api/desk/leagues/l-1/registrants'])
  })

  test('a page rendered for a signed-in person shows them signed in, and a staff page its screen, not a redirect', async () => {
    const { html } = await renderPage(site, '/leagues', [], sessionUser('admin'))
    expect(html).toContain('<h1>Leagues</h1>')
    expect(html).not.toContain('>Sign In<')
    const visitor = await renderPage(site, '/account', [])
    expect(visitor.html).not.toContain('<h1>Account</h1>')
  })

  test('the leagues page arrives with the open leagues for a customer and an employee, and with the leagues to manage for an admin', async () => {
    const employee = { ...sessionUser('customer'), uid: 'employee-1', isEmployee: true, userRole: 'employee' as const }
    for (const user of [sessionUser('customer'), employee]) {
      const answers = await pageAnswers('/leagues', user)
      expect(answers.map((a) => a.url)).toEqual(['/api/leagues/open'])
      const json = JSON.stringify({ leagues: [openLeague()] })
      const { html } = await renderPage(site, '/leagues', [{ queryKey: answers[0]!.queryKey, json }], user)
      expect(html).toContain('<h1>Leagues</h1>')
      expect(html).toContain('Spring Soccer')
      expect(html).toContain('3 places left')
      expect(html).not.toContain('Loading leagues')
    }
    expect((await pageAnswers('/leagues', sessionUser('admin'))).map((a) => a.url)).toEqual(['/api/admin/leagues'])
  })

  test('the waiver page arrives for a signed-in person with the waiver, whom they signed it for and the form for the rest, not a loading sign', async () => {
    const customer = sessionUser('customer')
    const answers = await pageAnswers('/waiver', customer)
    const json = {
      '/api/waiver': { waiver: { version: 3, body: 'Play at your own <risk>.', publishedAt: '2026-01-05T12:00:00.000Z' }, signatures: [{ subjectKey: 'self', childId: null, waiverVersion: 3, signedName: 'Casey Customer', signedAt: '2026-02-01T12:00:00.000Z' }] },
      '/api/children': { children: [{ id: 'c-1', firstName: 'Maya', lastName: 'Rivera', dateOfBirth: '2016-04-02', emergencyContactName: 'Pat Rivera', emergencyContactPhone: '+15550100001', notes: null, removable: true }] },
    }
    const { html, state } = await renderPage(site, '/waiver', answers.map((a) => ({ queryKey: a.queryKey, json: JSON.stringify(json[a.url as keyof typeof json]) })), customer)
    expect(html).toContain('<h1>Waiver</h1>')
    expect(html).toContain('Play at your own &lt;risk&gt;.')
    expect(html).toContain('Version <!-- -->3<!-- --> is signed for: <!-- -->Myself')
    expect(html).toContain('>Sign for Maya Rivera</button>')
    expect(html).not.toContain('Loading the waiver')
    expect(JSON.stringify(JSON.parse(state))).toContain('Casey Customer')
  })

  test('a captain’s team page arrives with its invite link at the address the invitation names; the browser puts its own address in once it takes over', async () => {
    const captain = sessionUser('customer')
    const path = '/league/l-1/team/t-1'
    const answers = await pageAnswers(path, captain)
    const team = {
      id: 't-1', name: 'Night Owls', leagueId: 'l-1', leagueName: 'Winter Soccer', sport: 'soccer', status: 'forming',
      captain: { userId: captain.uid, name: 'Casey Customer', firstName: 'Casey' }, hold: null, rosterMin: 5, rosterMax: 10, rosterDeadline: null, rosterOpen: true, teamPayment: 'team-fee',
      entry: { registrationId: 'r-1', status: 'confirmed', receiptNumber: 'R-1', waitlistPosition: null, offerExpiresAt: null, priceCents: 50000, paidCents: 0, balanceCents: 50000 },
      players: [], viewer: { isCaptain: true, isStaff: false, registrationId: 'r-1' }, inviteUrl: 'http://localhost:3000/league/l-1/team/t-1/signUp?invite=abc', createdAt: '2026-11-01T12:00:00.000Z',
    }
    // The team and its games (the next game shows once the league's schedule is published).
    expect(answers.map((a) => a.url)).toEqual(['/api/leagues/l-1/teams/t-1', '/api/leagues/l-1/teams/t-1/games'])
    const { html } = await renderPage(site, path, [{ queryKey: answers[0]!.queryKey, json: JSON.stringify({ team }) }], captain)
    expect(html).toContain('Night Owls')
    expect(html).toContain('value="http://localhost:3000/league/l-1/team/t-1/signUp?invite=abc"')
  })

  test('a page without answers is rendered too; its form waits for the script, so nothing typed or pressed before is lost', async () => {
    const { html } = await renderPage(site, '/signIn', [])
    expect(html).toContain('<h1>Sign In</h1>')
    expect(html.match(/<input [^>]*readOnly=""/g)).toHaveLength(2)
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Sign In<\/button>/)
  })
})

/** Each page in the route table at a path of its own, for the people its access lets in. */
const samplePath = (path: string) => path.replace(/\/:(\w+)\?/g, '').replace(/:(\w+)/g, 'sample-$1')
const PEOPLE = [null, sessionUser('customer'), { ...sessionUser('customer'), uid: 'employee-1', isEmployee: true, userRole: 'employee' as const }, sessionUser('admin')]
const VISITS = ROUTES.flatMap((route) =>
  PEOPLE.filter((user) => decideAccess(route.access, user?.userRole ?? null).allowed).map((user) => ({ route, path: samplePath(route.path), user })),
)
const who = (user: SessionUser | null) => user?.userRole ?? 'visitor'

/** The queries a page's screens ask for on its first render on the server, before any answer has come. */
async function askedOnFirstRender(path: string, user: SessionUser | null): Promise<Query[]> {
  const client = new QueryClient()
  const app = (
    <QueryClientProvider client={client}>
      <SessionProvider serverUser={user}>
        <RouterProvider router={createMemoryRouter(appRoutes(), { initialEntries: [path] })} />
      </SessionProvider>
    </QueryClientProvider>
  )
  const { prelude } = await prerenderToNodeStream(app, { onError: () => {} })
  for await (const _chunk of prelude);
  return client.getQueryCache().getAll()
}

describe('each page declares what it opens with, beside its screen (routes/<page>.tsx opensWith)', () => {
  test.each(VISITS.map((v) => [v.path, who(v.user), v]))('%s for a %s: the server reads exactly the declared answers', async (_path, _who, { route, path, user }) => {
    const opensWith = await opensWithOf(route.id)
    const declared = opensWith ? Object.values(opensWith({ routeId: route.id, params: matchRoute(path)!.params, user })) : []
    const read = await pageAnswers(path, user)
    expect(read.map((a) => a.queryKey)).toEqual(declared.filter((q) => q?.meta?.url).map((q) => q!.queryKey))
  })

  test.each(VISITS.map((v) => [v.path, who(v.user), v]))('%s for a %s: what the screen asks for on its first render, the server has read', async (_path, _who, { path, user }) => {
    const read = (await pageAnswers(path, user)).map((a) => hashKey(a.queryKey))
    // A query a screen builds but leaves off (`enabled: false`, a visitor's own answers) asks for nothing.
    const asked = (await askedOnFirstRender(path, user)).filter((q) => q.meta?.url && (q.options as { enabled?: unknown }).enabled !== false)
    expect(asked.map((q) => q.queryHash).filter((hash) => !read.includes(hash))).toEqual([])
  })
})
