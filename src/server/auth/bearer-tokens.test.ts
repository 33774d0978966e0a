import { createHash } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, linkInLatestEmail, type TestUser } from '../../../tests/factories.ts'
import { startTestApp, type TestApp, type TestClient } from '../../../tests/test-app.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

/** A client that carries only a bearer token obtained by `user`'s cookie session, no cookie. */
async function tokenOnly(user: TestUser): Promise<TestClient> {
  const res = await user.client.get<{ token: string }>('/api/session/token')
  expect(res.status, res.text).toBe(200)
  const client = ctx.client()
  client.bearer = res.body.token
  return client
}

const listUsers = (client: TestClient) => client.post('/api/functions/listUsers', { data: {} })

describe('a bearer token is bound to the session it was issued from', () => {
  test('while the session lives, the token works', async () => {
    const admin = await createUser(ctx, 'admin')
    const bearer = await tokenOnly(admin)
    expect((await bearer.get('/api/registrations/mine')).status).toBe(200)
    expect((await listUsers(bearer)).status).toBe(200)
  })

  test('a token cannot obtain another token: only the session cookie can', async () => {
    const customer = await createUser(ctx)
    const bearer = await tokenOnly(customer)
    const renewed = await bearer.get('/api/session/token')
    expect(renewed.status).toBe(403)
    expect(renewed.body).toEqual({ error: { message: 'A token is given only to a signed-in browser, not for another token.' } })
  })

  test('after sign-out the token is refused everywhere', async () => {
    const admin = await createUser(ctx, 'admin')
    const bearer = await tokenOnly(admin)
    expect((await admin.client.post('/api/auth/sign-out', {})).status).toBe(200)
    expect((await bearer.get('/api/registrations/mine')).status).toBe(401)
    expect((await bearer.get('/api/dashboard')).status).toBe(401)
    expect((await listUsers(bearer)).status).toBe(401)
  })

  test('a password change on another device ends the tokens of the sessions it signs out', async () => {
    const customer = await createUser(ctx)
    const otherDevice = ctx.client()
    expect((await otherDevice.post('/api/auth/sign-in/email', { email: customer.email, password: customer.password })).status).toBe(200)
    const bearer = await tokenOnly(customer)
    const changed = await otherDevice.post('/api/account/password', { currentPassword: customer.password, newPassword: `${customer.password}-2` })
    expect(changed.status, changed.text).toBe(200)
    expect((await bearer.get('/api/registrations/mine')).status).toBe(401)
  })

  test('a password reset ends every token of the account', async () => {
    const customer = await createUser(ctx)
    const bearer = await tokenOnly(customer)
    await ctx.client().post('/api/auth/request-password-reset', { email: customer.email })
    const token = new URL(await linkInLatestEmail(ctx, customer.email, '/resetPassword'), 'http://x').searchParams.get('token')
    const reset = await ctx.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-secret', confirmNewPassword: 'brand-new-secret' })
    expect(reset.status, reset.text).toBe(200)
    expect((await bearer.get('/api/registrations/mine')).status).toBe(401)
  })

  test("a staff token ends with its session's idle limit", async () => {
    const admin = await createUser(ctx, 'admin')
    const bearer = await tokenOnly(admin)
    const idle = new Date(Date.now() - 31 * 60_000)
    await ctx.db.kysely
      .updateTable('sessions')
      .set({ updatedAt: ctx.db.dialect === 'postgres' ? idle : idle.toISOString() })
      .where('userId', '=', admin.id)
      .execute()
    expect((await listUsers(bearer)).status).toBe(401)
  })

  test('a token for another audience, or naming another session, is refused', async () => {
    const customer = await createUser(ctx)
    const other = await createUser(ctx)
    const otherSession = await ctx.db.kysely.selectFrom('sessions').select('id').where('userId', '=', other.id).executeTakeFirstOrThrow()
    const key = createHash('sha256').update(`callable-token:${ctx.config.authSecret}`).digest()
    const forge = (audience: string, sessionId: string) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.id)
        .setIssuer(ctx.config.publicUrl)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key)
    const mine = await ctx.db.kysely.selectFrom('sessions').select('id').where('userId', '=', customer.id).executeTakeFirstOrThrow()
    const client = ctx.client()
    client.bearer = await forge('functions', mine.id)
    expect((await client.get('/api/registrations/mine')).status).toBe(200)
    client.bearer = await forge('another-service', mine.id)
    expect((await client.get('/api/registrations/mine')).status).toBe(401)
    client.bearer = await forge('functions', otherSession.id)
    expect((await client.get('/api/registrations/mine')).status).toBe(401)
  })
})
