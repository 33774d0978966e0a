import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../tests/factories.ts'
import { startTestApp, type TestApp, type TestClient } from '../../../tests/test-app.ts'
import type { SessionUser } from '../../shared/contracts/session.ts'
import { CURRENT_PASSWORD_INCORRECT, PASSWORD_TOO_SHORT } from '../../shared/schemas/account.ts'

let ctx: TestApp
/** The server's clock; a test may pin it to check the timestamps it writes. */
let pinnedNow: Date | null = null
beforeAll(async () => {
  ctx = await startTestApp({ now: () => pinnedNow ?? new Date() })
})
afterAll(() => ctx.close())

async function sessionOf(client: TestClient): Promise<SessionUser | null> {
  return (await client.get<{ user: SessionUser | null }>('/api/session')).body.user
}

/** Another browser signed in as the same person. */
async function secondSession(user: TestUser): Promise<TestClient> {
  const client = ctx.client()
  const res = await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password })
  expect(res.status, res.text).toBe(200)
  return client
}

describe('your details', () => {
  test('a new display name and phone are saved, stamped with updatedAt and show in the session', async () => {
    const user = await createUser(ctx)
    const at = new Date('2031-02-03T04:05:06.000Z')
    pinnedNow = at
    const res = await user.client
      .post<{ user: SessionUser }>('/api/account/profile', { displayName: '  Jordan Lee ', phone: '(555) 222-3333' })
      .finally(() => {
        pinnedNow = null
      })
    expect(res.status, res.text).toBe(200)
    expect(res.body.user).toMatchObject({ uid: user.id, email: user.email, displayName: 'Jordan Lee', phone: '+15552223333', userRole: 'customer' })
    expect(await sessionOf(user.client)).toEqual(res.body.user)

    const row = await ctx.db.kysely.selectFrom('users').select('updatedAt').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(new Date(row.updatedAt).toISOString()).toBe(at.toISOString())
  })

  test('fields are checked with the Create Account rules', async () => {
    const user = await createUser(ctx)
    const res = await user.client.post('/api/account/profile', { displayName: '', phone: 'call me' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: {
        message: 'Form incomplete.',
        fields: { displayName: 'Display name is required.', phone: 'Please enter a valid phone number with its area code, or + and the country code.' },
      },
    })
    const tooLong = await user.client.post('/api/account/profile', { displayName: 'x'.repeat(81), phone: '555-010-1234' })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toMatchObject({ error: { fields: { displayName: 'Display name must be at most 80 characters.' } } })
    expect(await sessionOf(user.client)).toMatchObject({ displayName: user.displayName, phone: '+15550101234' })
  })

  test('a role or email sent along is ignored', async () => {
    const user = await createUser(ctx)
    const res = await user.client.post<{ user: SessionUser }>('/api/account/profile', {
      displayName: 'Still A Customer',
      phone: '555-010-4444',
      role: 'admin',
      email: 'someone-else@example.com',
    })
    expect(res.status).toBe(200)
    expect(await sessionOf(user.client)).toMatchObject({ email: user.email, userRole: 'customer', isAdmin: false })
  })

  test('a signed-out visitor is asked to sign in', async () => {
    const res = await ctx.client().post('/api/account/profile', { displayName: 'Nobody', phone: '555-010-1234' })
    expect(res.status).toBe(401)
  })
})

describe('change password', () => {
  test('the new password works, the old one does not, other sessions end and this one goes on', async () => {
    const user = await createUser(ctx)
    const otherBrowser = await secondSession(user)
    const oldCookie = user.client.cookieHeader()
    const newPassword = `${user.password}-new`

    const res = await user.client.post('/api/account/password', { currentPassword: user.password, newPassword })
    expect(res.status, res.text).toBe(200)
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session_token=/)

    expect(await sessionOf(user.client)).toMatchObject({ uid: user.id })
    expect(await sessionOf(otherBrowser)).toBeNull()
    // The changing browser's previous cookie was replaced, not merely extended.
    expect((await ctx.client().get('/api/session', { cookie: oldCookie })).body).toEqual({ user: null })

    const withOld = await ctx.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password })
    expect(withOld.status).toBe(401)
    const withNew = await ctx.client().post('/api/auth/sign-in/email', { email: user.email, password: newPassword })
    expect(withNew.status).toBe(200)
  })

  test('a wrong current password is refused and changes nothing', async () => {
    const user = await createUser(ctx)
    const otherBrowser = await secondSession(user)
    const res = await user.client.post('/api/account/password', { currentPassword: 'not-my-password', newPassword: 'brand-new-secret' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: { message: CURRENT_PASSWORD_INCORRECT, fields: { currentPassword: CURRENT_PASSWORD_INCORRECT } },
    })
    expect(await sessionOf(otherBrowser)).toMatchObject({ uid: user.id })
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200)
  })

  test('a new password shorter than 6 characters gets the sign-up message', async () => {
    const user = await createUser(ctx)
    const res = await user.client.post('/api/account/password', { currentPassword: user.password, newPassword: '12345' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { fields: { newPassword: PASSWORD_TOO_SHORT } } })
  })

  test('both passwords are required', async () => {
    const user = await createUser(ctx)
    const res = await user.client.post('/api/account/password', {})
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: {
        message: 'Form incomplete.',
        fields: { currentPassword: 'Current password is required.', newPassword: 'New password is required.' },
      },
    })
  })

  test('a bearer token alone cannot change the password: there is no session to renew', async () => {
    const user = await createUser(ctx)
    const token = await user.client.get<{ token: string }>('/api/session/token')
    const bearerOnly = ctx.client()
    bearerOnly.bearer = token.body.token
    const res = await bearerOnly.post('/api/account/password', { currentPassword: user.password, newPassword: 'brand-new-secret' })
    expect(res.status).toBe(401)
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200)
  })

  test('a signed-out visitor is asked to sign in', async () => {
    const res = await ctx.client().post('/api/account/password', { currentPassword: 'whatever1', newPassword: 'whatever2' })
    expect(res.status).toBe(401)
  })
})

describe("the authentication library's own account endpoints", () => {
  test.each(['/api/auth/update-user', '/api/auth/change-password', '/api/auth/change-email', '/api/auth/delete-user'])(
    '%s is closed, so the form rules cannot be skipped',
    async (path) => {
      const user = await createUser(ctx)
      const res = await user.client.post(path, { name: '', phone: 'not a phone <script>', currentPassword: user.password, newPassword: 'x' })
      expect(res.status).toBe(404)
      expect((await sessionOf(user.client))?.displayName).toBe(user.displayName)
    },
  )

  test('its get-session is not served: its answer would carry the session token; the site answers GET /api/session', async () => {
    const user = await createUser(ctx)
    const res = await user.client.get('/api/auth/get-session')
    expect(res.status).toBe(404)
    expect(res.text).not.toContain('token')
    expect((await sessionOf(user.client))?.email).toBe(user.email)
  })

  test('sign-in answers the session user, not the library\'s answer with its token', async () => {
    const user = await createUser(ctx)
    const res = await ctx.client().post<{ user: { uid: string; email: string } }>('/api/auth/sign-in/email', { email: user.email, password: user.password })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['user'])
    expect(res.body.user).toMatchObject({ uid: user.id, email: user.email, isLoggedIn: true })
    expect(res.text).not.toContain('token')
  })
})
