import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, latestEmailTo, linkInLatestEmail, newUserInput } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import type { SessionUser } from '../../shared/contracts/session.ts'
import { NO_MAIL_SERVER_FOR_RESET } from '../../shared/schemas/account.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp({ env: { ACCOUNT_CONFIRMATION: 'email' } })
})
afterAll(() => ctx.close())

/** The token of the reset link in the newest email to `email`. */
async function resetToken(email: string): Promise<string> {
  const link = new URL(await linkInLatestEmail(ctx, email, '/resetPassword'), 'http://site.test')
  return link.searchParams.get('token') ?? ''
}

describe('forgot password', () => {
  test('an address with an account and one without get the same answer; only the account gets an email', async () => {
    const user = await createUser(ctx)
    const known = await ctx.client().post('/api/auth/request-password-reset', { email: user.email })
    const unknown = await ctx.client().post('/api/auth/request-password-reset', { email: `nobody-${user.id}@example.com` })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    // This server has no mail server, and says so (issue 9, item 4).
    expect(known.body).toEqual({ message: NO_MAIL_SERVER_FOR_RESET })
    expect(unknown.body).toEqual(known.body)
    await linkInLatestEmail(ctx, user.email, '/resetPassword')
    expect((await latestEmailTo(ctx, user.email))?.subject).toBe(`Reset your ${ctx.config.site.facilityName} password`)
    expect(await latestEmailTo(ctx, `nobody-${user.id}@example.com`)).toBeUndefined()
  })

  test('a malformed address gets the form message', async () => {
    const res = await ctx.client().post('/api/auth/request-password-reset', { email: 'not-an-email' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { fields: { email: 'Please enter a valid email address.' } } })
  })

  test('the link sets a new password once, and every signed-in session of the account ends', async () => {
    const user = await createUser(ctx)
    await ctx.client().post('/api/auth/request-password-reset', { email: user.email })
    const token = await resetToken(user.email)

    const reset = await ctx.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-secret', confirmNewPassword: 'brand-new-secret' })
    expect(reset.status, reset.text).toBe(200)
    expect((await user.client.get('/api/session')).body).toEqual({ user: null })
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(401)
    const client = ctx.client()
    expect((await client.post('/api/auth/sign-in/email', { email: user.email, password: 'brand-new-secret' })).status).toBe(200)
    expect((await client.get<{ user: SessionUser }>('/api/session')).body.user.uid).toBe(user.id)

    const again = await ctx.client().post('/api/auth/reset-password', { token, newPassword: 'another-secret', confirmNewPassword: 'another-secret' })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ error: { message: 'This link has expired or was already used. Ask for a new one.', code: 'INVALID_TOKEN' } })
  })

  test('the new password follows the Create Account rules, and a missing or forged token is refused', async () => {
    const user = await createUser(ctx)
    await ctx.client().post('/api/auth/request-password-reset', { email: user.email })
    const token = await resetToken(user.email)
    const short = await ctx.client().post('/api/auth/reset-password', { token, newPassword: '12345', confirmNewPassword: '12345' })
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({ error: { fields: { newPassword: 'The password must be 6 characters long or more' } } })
    const mismatch = await ctx.client().post('/api/auth/reset-password', { token, newPassword: 'secret-one', confirmNewPassword: 'secret-two' })
    expect(mismatch.status).toBe(400)
    const missing = await ctx.client().post('/api/auth/reset-password', { newPassword: 'secret-one', confirmNewPassword: 'secret-one' })
    expect(missing.status).toBe(400)
    const forged = await ctx.client().post('/api/auth/reset-password', { token: 'forged', newPassword: 'secret-one', confirmNewPassword: 'secret-one' })
    expect(forged.status).toBe(400)
    expect(forged.body).toMatchObject({ error: { code: 'INVALID_TOKEN' } })
    // The real token still works after all of that.
    const ok = await ctx.client().post('/api/auth/reset-password', { token, newPassword: 'secret-one', confirmNewPassword: 'secret-one' })
    expect(ok.status).toBe(200)
  })

  test('resetting the password of an unconfirmed account does not confirm its address', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`
    await ctx.client().post('/api/auth/sign-up/email', { email, password: 'first-secret', name: 'Una Confirmed', phone: '555-010-1234' })
    await ctx.client().post('/api/auth/request-password-reset', { email })
    const token = await resetToken(email)
    expect((await ctx.client().post('/api/auth/reset-password', { token, newPassword: 'second-secret', confirmNewPassword: 'second-secret' })).status).toBe(200)
    const signIn = await ctx.client().post('/api/auth/sign-in/email', { email, password: 'second-secret' })
    expect(signIn.status).toBe(403)
  })
})

describe('session cookie behind TLS', () => {
  test('carries the __Host- prefix with Secure, Path=/ and no Domain', async () => {
    const tls = await startTestApp({ env: { PUBLIC_URL: 'https://facility.test', ACCOUNT_CONFIRMATION: 'email' } })
    try {
      const input = newUserInput()
      const client = tls.client()
      expect((await client.post('/api/auth/sign-up/email', input, { origin: 'https://facility.test' })).status).toBe(200)
      const res = await client.get(await linkInLatestEmail(tls, input.email))
      expect(res.status).toBe(302)
      const cookies = res.headers.getSetCookie()
      expect(cookies.length).toBeGreaterThan(0)
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Host-better-auth\./)
        expect(cookie).toMatch(/; Secure/i)
        expect(cookie).toMatch(/; Path=\/(;|$)/i)
        expect(cookie).toMatch(/; HttpOnly/i)
        expect(cookie).not.toMatch(/Domain=/i)
      }
      // The guards read the prefixed cookie: the person is signed in.
      expect((await client.get<{ user: SessionUser }>('/api/session')).body.user.email).toBe(input.email)
    } finally {
      await tls.close()
    }
  })
})
