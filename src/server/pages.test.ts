import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../../tests/test-app.ts'
import { ROUTES } from '../shared/routes.ts'

const SHELL = '<!doctype html><html><head><!--site-config--></head><body><div id="root"></div></body></html>'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp({
    html: { template: async () => SHELL },
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

  test('paths match whatever their letter case (spec §2 football link)', async () => {
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
    })
    expect(res.text).not.toContain('<script>alert(1)')
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
