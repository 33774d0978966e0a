import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leagueInput } from '../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../tests/test-app.ts'
import { insertLeague } from './features/leagues/leagues.queries.ts'
import { ROUTES } from '../shared/routes.ts'

const SHELL =
  '<!doctype html><html><head><title>Sports and Activities</title><!--site-config--><script type="module" crossorigin src="/assets/app.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/more.js"></head><body><div id="root"></div></body></html>'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp({
    html: {
      template: async () => SHELL,
      renderer: async () => ({
        renderHome: (site, leagues) => `<p>Home in ${site.timeZone}: ${(JSON.parse(leagues) as { leagues: unknown[] }).leagues.length} leagues</p>`,
        pageAnswers: (pathname) => (pathname === '/academy' ? [{ queryKey: ['academies'], url: '/api/academies/active' }] : []),
        renderPage: async (_site, url, answers) => ({ html: `<p>${url} with ${answers.map((a) => a.json).join(' ')}</p>`, state: JSON.stringify(answers) }),
      }),
    },
    env: { FACILITY_NAME: 'Riverside </script><script>alert(1)</script> Sports', FACILITY_WEBSITE_URL: 'https://riverside.example' },
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
    })
    expect(res.text).not.toContain('<script>alert(1)')
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

  test.each(['/account', '/leagues', '/nope'])('%s (signed-in, staff or unknown) is never rendered on the server: the browser renders it', async (path) => {
    const res = await ctx.client().get(path)
    expect(res.text).not.toContain('id="active-leagues"')
    expect(res.text).not.toContain('id="query-state"')
    expect(res.text).toContain('<div id="root"></div>')
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/app.js">')
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
