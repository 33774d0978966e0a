import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, linkInLatestEmail, newUserInput } from '../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../tests/test-app.ts'

const lines: string[] = []
let ctx: TestApp
beforeAll(async () => {
  // The most talkative level, so anything the server could log, it does.
  ctx = await startTestApp({ env: { LOG_LEVEL: 'trace', ACCOUNT_CONFIRMATION: 'email' }, logStream: { write: (line) => lines.push(line) } })
})
afterAll(() => ctx.close())

test('no password or session token ever reaches the log', async () => {
  const canary = `canary-${Date.now()}-password`
  const input = newUserInput({ password: canary })
  const client = ctx.client()
  await client.post('/api/auth/sign-up/email', input)
  const confirmation = await linkInLatestEmail(ctx, input.email)
  await client.get(confirmation)
  await ctx.client().post('/api/auth/sign-in/email', { email: input.email, password: `${canary}-wrong` })
  const signIn = ctx.client()
  await signIn.post('/api/auth/sign-in/email', { email: input.email, password: canary })
  await signIn.get('/api/session')
  const { body: token } = await signIn.get<{ token: string }>('/api/session/token')
  signIn.bearer = token.token
  await signIn.post(`/api/leagues/${await createLeague(ctx)}/registrations`, {})
  await signIn.post('/api/account/password', { currentPassword: canary, newPassword: `${canary}-new` })
  await ctx.client().post('/api/auth/request-password-reset', { email: input.email })
  const reset = await linkInLatestEmail(ctx, input.email, '/resetPassword')
  await ctx.client().get(reset)
  await ctx.client().post('/api/auth/reset-password', { token: new URL(reset, ctx.baseUrl).searchParams.get('token'), newPassword: `${canary}-reset` })

  const log = lines.join('')
  expect(lines.length).toBeGreaterThan(10)
  expect(log).toContain('/api/auth/sign-in/email')
  expect(log).not.toContain(canary)
  const sessionToken = decodeURIComponent(signIn.cookieHeader()).split('=')[1]!.split('.')[0]!
  expect(sessionToken.length).toBeGreaterThan(10)
  expect(log).not.toContain(sessionToken)
  expect(log).not.toContain(token.token)
  // The one-time tokens of the emailed links: confirmation and password reset.
  for (const link of [confirmation, reset]) {
    const oneTime = new URL(link, ctx.baseUrl).searchParams.get('token')!
    expect(oneTime.length).toBeGreaterThan(10)
    expect(log).not.toContain(oneTime)
  }
  expect(log).toContain('/resetPassword?token=[redacted]')
})

test('at the default level a change is logged and a read is not; at debug every request is (issue 22)', async () => {
  const at = async (level: string) => {
    const written: string[] = []
    const app = await startTestApp({ env: { LOG_LEVEL: level }, logStream: { write: (line) => written.push(line) } })
    try {
      await app.client().get('/api/leagues/active')
      await app.client().post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'not-a-password' })
      const lines = written.filter((line) => line.includes('request completed')).map((line) => JSON.parse(line) as { level: number; req: { method: string; url: string } })
      return new Set(lines.map((l) => `${l.req.method} ${l.req.url} ${l.level}`))
    } finally {
      await app.close()
    }
  }
  expect([...(await at('info'))]).toEqual(['POST /api/auth/sign-in/email 30'])
  expect([...(await at('debug'))].sort()).toEqual(['GET /api/leagues/active 20', 'POST /api/auth/sign-in/email 30'])
})
