import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, newUserInput } from '../../../tests/factories.ts'
import { setUserRole } from '../features/users/users.queries.ts'
import { startTestApp, TEST_ORIGIN, TestClient, type TestApp } from '../../../tests/test-app.ts'
import type { SessionUser } from '../../shared/contracts/session.ts'

/** Create Account, sign in as an admin, and call listUsers, all from one page address. */
async function firstHour(ctx: TestApp, client: TestClient) {
  const input = newUserInput()
  const created = await client.post<{ user: SessionUser }>('/api/auth/sign-up/email', input)
  if (created.status !== 200) return { created }
  await setUserRole(ctx.db, created.body.user.uid, 'admin')
  const signIn = await client.post('/api/auth/sign-in/email', { email: input.email, password: input.password })
  const listUsers = await client.post('/api/functions/listUsers', { data: { search: input.email } })
  return { created, signIn, listUsers }
}

describe('without PUBLIC_URL, the site works at whichever address reaches it', () => {
  let ctx: TestApp
  let port: string
  beforeAll(async () => {
    ctx = await startTestApp({ env: { PUBLIC_URL: undefined }, listenHost: 'localhost' })
    port = new URL(ctx.baseUrl).port
  })
  afterAll(() => ctx.close())

  test.each(['127.0.0.1', 'localhost'])('at http://%s:PORT, Create Account, sign-in and listUsers work', async (host) => {
    const address = `http://${host}:${port}`
    const client = new TestClient(address, address)
    const { created, signIn, listUsers } = await firstHour(ctx, client)
    expect(created.status, created.text).toBe(200)
    expect(signIn?.status, signIn?.text).toBe(200)
    expect(listUsers?.status, listUsers?.text).toBe(200)
  })

  test('a page on another site, or on another port of this host, is refused', async () => {
    for (const origin of ['https://evil.example', `http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`, 'null']) {
      const res = await ctx.client(origin).post('/api/auth/sign-up/email', newUserInput())
      expect(res.status, origin).toBe(403)
      expect(res.body).toEqual({ error: { message: 'This request must come from the registration site itself.' } })
    }
    const crossSite = await ctx.client().post('/api/auth/sign-in/email', { email: 'a@b.test', password: 'secret1' }, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
  })
})

describe('with PUBLIC_URL, that origin and ALLOWED_ORIGINS are the ones accepted', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await startTestApp({ env: { PUBLIC_URL: 'https://register.example.com', ALLOWED_ORIGINS: 'https://kiosk.example.com' } })
  })
  afterAll(() => ctx.close())

  test('the public address and a listed origin work', async () => {
    for (const origin of ['https://register.example.com', 'https://kiosk.example.com']) {
      const { created } = await firstHour(ctx, ctx.client(origin))
      expect(created.status, `${origin}: ${created.text}`).toBe(200)
    }
  })

  test('the address the request was sent to is not enough', async () => {
    const res = await ctx.client(ctx.baseUrl).post('/api/auth/sign-up/email', newUserInput())
    expect(res.status).toBe(403)
  })
})

describe('a request that changes something with the session cookie must say it comes from the site', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await startTestApp()
  })
  afterAll(() => ctx.close())

  /** A signed-in customer's browser session, and a request made with its cookie and the headers given (no Origin unless given). */
  async function withCookie(headers: Record<string, string>) {
    const person = await createUser(ctx)
    const res = await fetch(`${ctx.baseUrl}/api/account/profile`, {
      method: 'POST',
      headers: { cookie: person.client.cookieHeader(), 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ displayName: 'Changed Name', phone: '555-010-9999' }),
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }

  test('no Origin and no Sec-Fetch-Site: refused', async () => {
    const res = await withCookie({})
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ error: { message: 'This request must come from the registration site itself.' } })
  })

  test('no Origin with Sec-Fetch-Site other than same-origin: refused', async () => {
    for (const site of ['same-site', 'none', 'cross-site']) expect((await withCookie({ 'sec-fetch-site': site })).status, site).toBe(403)
  })

  test('no Origin but Sec-Fetch-Site: same-origin, or the site’s Origin: accepted', async () => {
    expect((await withCookie({ 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    expect((await withCookie({ origin: TEST_ORIGIN })).status).toBe(200)
  })

  test('a request without the cookie (a bearer token, a script) is not a browser’s and is not asked', async () => {
    const res = await fetch(`${ctx.baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }) })
    expect(res.status).not.toBe(403)
  })
})
