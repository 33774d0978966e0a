import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, leagueInput } from '../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../tests/test-app.ts'
import { insertLeague } from './features/leagues/leagues.queries.ts'
import { ROUTES } from '../shared/routes.ts'
import { facilityToday } from '../shared/format.ts'

const SHELL =
  '<!doctype html><html><head><title>Sports and Activities</title><!--site-config--><script type="module" crossorigin src="/assets/app.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/more.js"></head><body><div id="root"></div></body></html>'

let ctx: TestApp
const logLines: string[] = []
beforeAll(async () => {
  ctx = await startTestApp({
    logStream: { write: (line) => logLines.push(line) },
    html: {
      template: async () => SHELL,
      renderer: async () => ({
        renderHome: (site, leagues) => `<p>Home in ${site.timeZone}: ${(JSON.parse(leagues) as { leagues: unknown[] }).leagues.length} leagues</p>`,
        pageAnswers: async (pathname, user) =>
          pathname === '/academy'
            ? [{ queryKey: ['academies'], url: '/api/academies/active' }]
            : pathname === '/account' && user
              ? [{ queryKey: ['mine', user.uid, 'children'], url: '/api/children' }]
              : pathname === '/dashboard'
                ? [{ queryKey: ['admin', 'dashboard'], url: '/api/dashboard' }]
                : pathname.startsWith('/league/') && user
                  ? [{ queryKey: ['leagues', 'one'], url: `/api/leagues${pathname.slice('/league'.length)}` }]
                  : [],
        renderPage: async (_site, url, answers, user) => ({
          html: `<p>${url}${user ? ` for ${user.email}` : ''} with ${answers.map((a) => a.json).join(' ')}</p>`,
          state: JSON.stringify(answers),
        }),
      }),
    },
    env: { FACILITY_NAME: 'Riverside </script><script>alert(1)</script> Sports', FACILITY_WEBSITE_URL: 'https://riverside.example', LOG_LEVEL: 'warn' },
  })
})
afterAll(() => ctx.close())

const samplePath = (path: string) => path.replace(/:(\w+)\?/g, 'x').replace(/:(\w+)/g, 'sample-$1')

describe('pages', () => {
  test.each(ROUTES.map((r) => [samplePath(r.path)]))('%s is a page of the site (200)', async (path) => {
    const res = await ctx.client().get(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  })

  test.each(['/nope', '/league', '/admin', '/receipt/user/1', '/signIn/extra'])('%s is not: the shell with 404', async (path) => {
    const res = await ctx.client().get(path)
    expect(res.status).toBe(404)
    expect(res.text).toContain('<div id="root">')
  })

  test('paths match whatever their letter case (product §2 football link)', async () => {
    expect((await ctx.client().get('/FootballIndividualSignUp')).status).toBe(200)
    expect((await ctx.client().get('/footballindividualsignup/')).status).toBe(200)
  })

  test('unknown API paths are JSON 404s, not the page', async () => {
    const res = await ctx.client().get('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { message: 'There is nothing at GET /api/nothing-here.' } })
  })

  test('the facility settings travel in the page as inert JSON that cannot break out of its element', async () => {
    const res = await ctx.client().get('/')
    const match = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(res.text)
    expect(match).not.toBeNull()
    expect(JSON.parse(match![1]!)).toEqual({
      facilityName: 'Riverside </script><script>alert(1)</script> Sports',
      websiteUrl: 'https://riverside.example',
      soccerTeamWaitlistUrl: 'https://www.example.com/soccer-team-waitlist',
      timeZone: 'America/New_York',
      sendsEmail: false,
      paysOnline: false,
    })
    expect(res.text).not.toContain('<script>alert(1)')
  })

  test('every page carries the facility’s day it was rendered on and when that day ends there', async () => {
    for (const path of ['/', '/academy', '/signIn']) {
      const before = Date.now()
      const res = await ctx.client().get(path)
      const match = /<script type="application\/json" id="facility-day">(.*?)<\/script>/.exec(res.text)
      expect(match, path).not.toBeNull()
      const { day, until } = JSON.parse(match![1]!) as { day: string; until: number }
      expect(day).toBe(facilityToday(new Date(), 'America/New_York'))
      expect(until).toBeGreaterThan(before)
      expect(facilityToday(new Date(until - 1000), 'America/New_York')).toBe(day)
      expect(facilityToday(new Date(until), 'America/New_York')).not.toBe(day)
    }
  })

  test('the home page carries its active leagues: the API answer, inert, so the cards need no second round trip', async () => {
    const name = 'Night </script><script>alert(2)</script> League'
    await insertLeague(ctx.db, leagueInput({ name }))
    // A change made outside the server reaches it as a notification (PostgreSQL), so wait for it.
    await expect.poll(async () => (await ctx.client().get('/api/leagues/active')).text).toContain('Night')
    const api = await ctx.client().get('/api/leagues/active')
    const res = await ctx.client().get('/')
    const match = /<script type="application\/json" id="active-leagues">(.*?)<\/script>/.exec(res.text)
    expect(match).not.toBeNull()
    expect(match![1]).toBe(api.text.replace(/</g, '\\u003c'))
    expect(JSON.parse(match![1]!)).toEqual(api.body)
    expect(res.text).toContain(name.replace(/</g, '\\u003c'))
    expect(res.text).not.toContain('<script>alert(2)')
  })

  test('the home page arrives rendered, and its scripts wait behind what its first paint needs', async () => {
    const count = ((await ctx.client().get<{ leagues: unknown[] }>('/api/leagues/active')).body).leagues.length
    const res = await ctx.client().get('/')
    expect(res.text).toContain(`<div id="root"><p>Home in America/New_York: ${count} leagues</p></div>`)
    expect(res.text).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app.js">')
    expect(res.text).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/more.js">')
  })

  test('an open page arrives rendered with the public answers it shows, the same bytes the API sends a visitor', async () => {
    const api = await ctx.client().get('/api/academies/active')
    const res = await ctx.client().get('/academy?from=link')
    expect(res.text).toContain(`<div id="root"><p>/academy?from=link with ${api.text}</p></div>`)
    const state = /<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(res.text)
    expect(JSON.parse(state![1]!)).toEqual([{ queryKey: ['academies'], json: api.text }])
    expect(res.text).not.toContain('id="active-leagues"')
    expect(res.text).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app.js">')
  })

  test("every page of the route table is named in its title, the facility's name escaped", async () => {
    const page = (await ctx.client().get('/academy')).text
    expect(page).toContain('<title>Academies | Riverside &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; Sports</title>')
    expect((await ctx.client().get('/leagues')).text).toContain('<title>Leagues | Riverside')
  })

  test('an open page without answers arrives rendered too', async () => {
    const res = await ctx.client().get('/signIn')
    expect(res.text).toContain('<div id="root"><p>/signIn with </p></div>')
  })

  test.each(['/account', '/leagues', '/nope'])('%s (signed-in, staff or unknown) is never rendered on the server for a visitor: the browser renders it', async (path) => {
    const res = await ctx.client().get(path)
    expect(res.text).not.toContain('id="active-leagues"')
    expect(res.text).not.toContain('id="query-state"')
    expect(res.text).not.toContain('id="session-user"')
    expect(res.text).toContain('<div id="root"></div>')
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/app.js">')
  })

  test("a signed-in person's page arrives rendered for them: their session and their answers, read with their cookie, stored nowhere", async () => {
    const user = await createUser(ctx)
    await user.client.post('/api/children', { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2016-04-02' })
    const children = await user.client.get('/api/children')
    const res = await user.client.get('/account')
    expect(res.text).toContain(`<div id="root" inert><p>/account for ${user.email} with ${children.text}</p></div>`)
    const session = /<script type="application\/json" id="session-user">(.*?)<\/script>/.exec(res.text)
    expect(JSON.parse(session![1]!)).toEqual((await user.client.get<{ user: unknown }>('/api/session')).body.user)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('vary')).toMatch(/cookie/i)
  })

  test('a page whose answer is a refusal (no such league) is left to the browser, and is no error of the server', async () => {
    const user = await createUser(ctx)
    const res = await user.client.get('/league/no-such-league')
    expect(res.status).toBe(200)
    expect(res.text).toContain('<div id="root"></div>')
    expect(res.text).not.toContain('id="query-state"')
    expect(logLines.filter((line) => line.includes('"level":50'))).toEqual([])
  })

  test('a page the signed-in person may not open is not rendered for them, and the home page is the same for everyone', async () => {
    const user = await createUser(ctx)
    const dashboard = await user.client.get('/dashboard')
    expect(dashboard.text).toContain('<div id="root"></div>')
    expect(dashboard.text).not.toContain('id="query-state"')
    const home = await user.client.get('/')
    expect(home.text).not.toContain('id="session-user"')
    expect(home.text).not.toContain(user.email)
  })

  test('pages forbid inline script and framing', async () => {
    const res = await ctx.client().get('/')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
