import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newestEmailTo } from '../../../../tests/emails.ts'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app.ts'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'

/**
 * A walk-in's first password (issue 30 §2): the link handed over at the counter leads to the
 * address the desk is on, says it is a first password, and signs the customer in once chosen.
 */
const KIOSK = 'https://kiosk.example.com'
type WalkIn = { customer: CustomerRecord; claimLink: string | null }
type PasswordLink = { emailed: boolean; link: string | null }
let walkIns = 0
const walkInForm = () => ({ displayName: 'Wanda Walkin', email: `first-password-${++walkIns}-${Date.now()}@example.com`, phone: '555-010-7777' })

describe('the link uses the address the desk is on', () => {
  let ctx: TestApp
  let desk: TestUser
  beforeAll(async () => {
    ctx = await startTestApp({ env: { ALLOWED_ORIGINS: KIOSK } })
    desk = await createUser(ctx, 'employee')
  })
  afterAll(() => ctx.close())

  test('a desk on another allowed address gets links to that address, the first one marked as a welcome', async () => {
    const made = await desk.client.post<WalkIn>('/api/desk/customers', walkInForm(), { origin: KIOSK })
    expect(made.status, made.text).toBe(201)
    const claim = new URL(made.body.claimLink!)
    expect(claim.origin).toBe(KIOSK)
    expect(claim.pathname).toBe('/resetPassword')
    expect(claim.searchParams.get('welcome')).toBe('1')

    const again = await desk.client.post<PasswordLink>(`/api/desk/customers/${made.body.customer.id}/password-reset`, {}, { origin: KIOSK })
    expect(again.status, again.text).toBe(200)
    expect(new URL(again.body.link!).origin).toBe(KIOSK)
  })

  test('a desk on the public address, or a request naming no origin, gets PUBLIC_URL', async () => {
    const made = await desk.client.post<WalkIn>('/api/desk/customers', walkInForm())
    expect(new URL(made.body.claimLink!).origin).toBe(TEST_ORIGIN)
    const customerId = made.body.customer.id
    const res = await fetch(`${ctx.baseUrl}/api/desk/customers/${customerId}/password-reset`, {
      method: 'POST',
      headers: { cookie: desk.client.cookieHeader(), 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    expect(new URL(((await res.json()) as PasswordLink).link!).origin).toBe(TEST_ORIGIN)
  })

  test('an unknown origin is refused and no link is made for it', async () => {
    const made = await desk.client.post<WalkIn>('/api/desk/customers', walkInForm())
    const customerId = made.body.customer.id
    const refused = await desk.client.post<PasswordLink>(`/api/desk/customers/${customerId}/password-reset`, {}, { origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    expect(refused.text).not.toContain('evil.example')
    const walkIn = await desk.client.post('/api/desk/customers', walkInForm(), { origin: 'https://evil.example' })
    expect(walkIn.status).toBe(403)
  })
})

describe('without PUBLIC_URL, the desk’s own address', () => {
  let ctx: TestApp
  let desk: TestUser
  beforeAll(async () => {
    ctx = await startTestApp({ env: { PUBLIC_URL: undefined }, listenHost: 'localhost' })
    desk = await createUser(ctx, 'employee')
  })
  afterAll(() => ctx.close())

  test.each(['127.0.0.1', 'localhost'])('a desk at http://%s:PORT hands over a link to that address', async (host) => {
    const address = `http://${host}:${new URL(ctx.baseUrl).port}`
    const res = await fetch(`${address}/api/desk/customers`, {
      method: 'POST',
      headers: { cookie: desk.client.cookieHeader(), origin: address, 'content-type': 'application/json' },
      body: JSON.stringify(walkInForm()),
    })
    expect(res.status).toBe(201)
    expect(new URL(((await res.json()) as WalkIn).claimLink!).origin).toBe(address)
  })
})

describe('a first password signs the customer in', () => {
  let ctx: TestApp
  let desk: TestUser
  beforeAll(async () => {
    ctx = await startTestApp()
    desk = await createUser(ctx, 'employee')
  })
  afterAll(() => ctx.close())

  const choose = (token: string, password: string, extra: object = {}, client = ctx.client()) =>
    client.post<{ ok: true; user: SessionUser | null; error: { message: string } }>('/api/auth/reset-password', { token, newPassword: password, confirmNewPassword: password, ...extra })

  test('the walk-in chooses a password from the claim link and is signed in, once', async () => {
    const form = walkInForm()
    const made = await desk.client.post<WalkIn>('/api/desk/customers', form)
    const token = new URL(made.body.claimLink!).searchParams.get('token')!
    const phone = ctx.client()
    const chosen = await phone.post<{ ok: true; user: SessionUser | null }>('/api/auth/reset-password', { token, newPassword: 'first-secret', confirmNewPassword: 'first-secret', signIn: true })
    expect(chosen.status, chosen.text).toBe(200)
    expect(chosen.body.user).toMatchObject({ uid: made.body.customer.id, email: form.email, userRole: 'customer' })
    const session = await phone.get<{ user: SessionUser | null }>('/api/session')
    expect(session.body.user).toMatchObject({ uid: made.body.customer.id, isLoggedIn: true })

    // One-time, as before: the link is spent, and the password is the one chosen.
    const twice = await choose(token, 'second-secret', { signIn: true })
    expect(twice.status).toBe(400)
    expect(twice.body.user).toBeUndefined()
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: form.email, password: 'first-secret' })).status).toBe(200)
  })

  test('a link made after the claim link ends it, and a spent or made-up token signs nobody in', async () => {
    const made = await desk.client.post<WalkIn>('/api/desk/customers', walkInForm())
    const claimToken = new URL(made.body.claimLink!).searchParams.get('token')!
    const newer = await desk.client.post<PasswordLink>(`/api/desk/customers/${made.body.customer.id}/password-reset`, {})
    const refused = await choose(claimToken, 'first-secret', { signIn: true })
    expect(refused.status).toBe(400)
    expect(refused.headers.getSetCookie()).toEqual([])
    const madeUp = await choose('no-such-token', 'first-secret', { signIn: true })
    expect(madeUp.status).toBe(400)
    expect(madeUp.headers.getSetCookie()).toEqual([])
    const newerToken = new URL(newer.body.link!).searchParams.get('token')!
    expect((await choose(newerToken, 'first-secret', { signIn: true })).body.user).toMatchObject({ uid: made.body.customer.id })
  })

  test('a link the desk makes later, while the walk-in has never chosen a password, is a welcome too and signs them in; once a password exists, a reset', async () => {
    const form = walkInForm()
    const made = await desk.client.post<WalkIn>('/api/desk/customers', form)
    const again = await desk.client.post<PasswordLink & { expiresAt: string }>(`/api/desk/customers/${made.body.customer.id}/password-reset`, {})
    expect(again.status, again.text).toBe(200)
    const link = new URL(again.body.link!)
    expect(link.searchParams.get('welcome')).toBe('1')
    // As long as the first link: the customer may have lost it on the way home.
    expect(Date.parse(again.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000)

    // No password yet: none signs in, and the answer is the usual one.
    const guess = await ctx.client().post<{ error: { message: string } }>('/api/auth/sign-in/email', { email: form.email, password: 'any-password' })
    expect([guess.status, guess.body.error.message]).toEqual([401, 'The email or password is incorrect.'])

    // The page posts `signIn` for a welcome link, as the reset-password screen does.
    const phone = ctx.client()
    const chosen = await choose(link.searchParams.get('token')!, 'first-secret', { signIn: link.searchParams.get('welcome') === '1' }, phone)
    expect(chosen.status, chosen.text).toBe(200)
    expect(chosen.body.user).toMatchObject({ uid: made.body.customer.id, email: form.email })
    expect((await phone.get<{ user: SessionUser | null }>('/api/session')).body.user).toMatchObject({ uid: made.body.customer.id, isLoggedIn: true })

    const reset = await desk.client.post<PasswordLink & { expiresAt: string }>(`/api/desk/customers/${made.body.customer.id}/password-reset`, {})
    expect(new URL(reset.body.link!).searchParams.get('welcome')).toBeNull()
    expect(Date.parse(reset.body.expiresAt) - Date.now()).toBeLessThan(2 * 3_600_000)
  })

  test('a browser where someone else is signed in (the desk trying the link) keeps its session', async () => {
    const made = await desk.client.post<WalkIn>('/api/desk/customers', walkInForm())
    const token = new URL(made.body.claimLink!).searchParams.get('token')!
    const chosen = await desk.client.post<{ ok: true; user: SessionUser | null }>('/api/auth/reset-password', { token, newPassword: 'first-secret', confirmNewPassword: 'first-secret', signIn: true })
    expect(chosen.status, chosen.text).toBe(200)
    expect(chosen.body.user).toBeNull()
    expect((await desk.client.get<{ user: SessionUser | null }>('/api/session')).body.user).toMatchObject({ uid: desk.id })
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: made.body.customer.email, password: 'first-secret' })).status).toBe(200)
  })

  test('a reset without asking to sign in leaves the person signed out, as before', async () => {
    const made = await desk.client.post<WalkIn>('/api/desk/customers', walkInForm())
    const token = new URL(made.body.claimLink!).searchParams.get('token')!
    const phone = ctx.client()
    const reset = await phone.post<{ ok: true; user: SessionUser | null }>('/api/auth/reset-password', { token, newPassword: 'plain-secret', confirmNewPassword: 'plain-secret' })
    expect(reset.status, reset.text).toBe(200)
    expect(reset.body.user).toBeNull()
    expect((await phone.get<{ user: SessionUser | null }>('/api/session')).body.user).toBeNull()
  })
})

describe('with a mail server, the walk-in’s emailed link', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', ACCOUNT_CONFIRMATION: 'none', ALLOWED_ORIGINS: KIOSK } })
  })
  afterAll(() => ctx.close())

  test('leads to PUBLIC_URL (the customer may open it away from the counter) and is a welcome', async () => {
    const desk = await createUser(ctx, 'employee')
    const form = walkInForm()
    const made = await desk.client.post<WalkIn>('/api/desk/customers', form, { origin: KIOSK })
    expect(made.status, made.text).toBe(201)
    expect(made.body.claimLink).toBeNull()
    const link = new URL((await newestEmailTo(ctx.db, form.email))?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://no-link.invalid')
    expect(link.origin).toBe(TEST_ORIGIN)
    expect(link.pathname).toBe('/resetPassword')
    expect(link.searchParams.get('welcome')).toBe('1')
  })

  test('a link the desk emails later is the account-claim email while the walk-in has never chosen a password, the reset email after', async () => {
    const desk = await createUser(ctx, 'employee')
    const form = walkInForm()
    const made = await desk.client.post<WalkIn>('/api/desk/customers', form)
    const customerId = made.body.customer.id
    const FACILITY = ctx.config.site.facilityName
    const emailsTo = () => ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', form.email).execute()

    const again = await desk.client.post<PasswordLink>(`/api/desk/customers/${customerId}/password-reset`, {})
    expect(again.status, again.text).toBe(200)
    expect(again.body).toMatchObject({ emailed: true, link: null })
    const claims = await emailsTo()
    expect(claims.map((e) => e.subject)).toEqual([`Your ${FACILITY} account is ready`, `Your ${FACILITY} account is ready`])
    for (const email of claims) expect(new URL(email.text.match(/https?:\/\/\S+/)![0]).searchParams.get('welcome')).toBe('1')

    const live = claims.map((e) => new URL(e.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!)
    const chosen = await Promise.all(live.map((token) => ctx.client().post('/api/auth/reset-password', { token, newPassword: 'first-secret', confirmNewPassword: 'first-secret', signIn: true })))
    expect(chosen.map((r) => r.status).sort()).toEqual([200, 400])

    await desk.client.post<PasswordLink>(`/api/desk/customers/${customerId}/password-reset`, {})
    const resets = (await emailsTo()).filter((e) => !e.subject.endsWith('account is ready'))
    expect(resets.map((e) => e.subject)).toEqual([`Reset your ${FACILITY} password`])
    expect(new URL(resets[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('welcome')).toBeNull()
  })
})
