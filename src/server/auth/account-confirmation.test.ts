import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newUserInput } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import type { SessionUser } from '../../shared/contracts/session.ts'
import { loadConfig } from '../config.ts'

describe('which confirmation mode is on', () => {
  test('by email when a mail server is configured, none without one, and as set when set', () => {
    expect(loadConfig({}).accountConfirmation).toBe('none')
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).accountConfirmation).toBe('email')
    expect(loadConfig({ ACCOUNT_CONFIRMATION: 'email' }).accountConfirmation).toBe('email')
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', ACCOUNT_CONFIRMATION: 'none' }).accountConfirmation).toBe('none')
    expect(() => loadConfig({ ACCOUNT_CONFIRMATION: 'sms' })).toThrow(/ACCOUNT_CONFIRMATION/)
  })
})

describe('without confirmation by email (product §4: creating an account signs the person in)', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await startTestApp({ env: { ACCOUNT_CONFIRMATION: 'none' } })
  })
  afterAll(() => ctx.close())

  test('Create Account answers the signed-in user and starts a session, with no email to confirm', async () => {
    const client = ctx.client()
    const input = newUserInput({ phone: '(555) 123-4567' })
    const res = await client.post<{ user: SessionUser }>('/api/auth/sign-up/email', { ...input, callbackURL: '/soccerIndividualSignUp' })
    expect(res.status, res.text).toBe(200)
    const expected = {
      uid: expect.any(String),
      email: input.email,
      displayName: input.name,
      phone: '+15551234567',
      isLoggedIn: true,
      isAdmin: false,
      isEmployee: false,
      userRole: 'customer',
    }
    expect(res.body).toEqual({ user: expected })
    expect((await client.get('/api/session')).body).toEqual({ user: expected })
    const emails = await ctx.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', input.email).execute()
    expect(emails).toEqual([])
  })

  test('the new account signs in again with its password', async () => {
    const input = newUserInput()
    await ctx.client().post('/api/auth/sign-up/email', input)
    const res = await ctx.client().post('/api/auth/sign-in/email', { email: input.email, password: input.password })
    expect(res.status, res.text).toBe(200)
  })

  test('an email that already has an account gets a clear message on the email field, and nothing changes', async () => {
    const input = newUserInput()
    await ctx.client().post('/api/auth/sign-up/email', input)
    const again = ctx.client()
    const res = await again.post('/api/auth/sign-up/email', { ...input, email: input.email.toUpperCase(), password: 'another-password' })
    const message = 'An account with this email already exists. Sign in instead.'
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ error: { message, fields: { email: message } } })
    expect(res.headers.getSetCookie()).toEqual([])
    expect((await again.get('/api/session')).body).toEqual({ user: null })
    const original = await ctx.client().post('/api/auth/sign-in/email', { email: input.email, password: input.password })
    expect(original.status).toBe(200)
  })

  test('the form sent twice at once makes one account: one answer signs it in, the other says the address has one', async () => {
    const input = newUserInput()
    const answers = await Promise.all([0, 1].map(() => ctx.client().post('/api/auth/sign-up/email', input)))
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join(' ')).toEqual([200, 409])
    const message = 'An account with this email already exists. Sign in instead.'
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ error: { message, fields: { email: message } } })
  })

  test('the form rules still apply', async () => {
    const res = await ctx.client().post('/api/auth/sign-up/email', newUserInput({ password: '12345' }))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { fields: { password: 'The password must be 6 characters long or more' } } })
  })
})
