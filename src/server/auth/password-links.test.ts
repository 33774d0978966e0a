import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createRegistrant, createUser, linkInLatestEmail, type TestUser } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import type { CustomerRecord } from '../../shared/contracts/desk.ts'
import { timestampParam } from '../db/values.ts'
import { createOrUpdateUser } from '../features/users/create-user.ts'
import { createAuth } from './auth.ts'
import { loadConfig } from '../config.ts'

/**
 * One live password link per account (issue 30, docs/decisions/0016): setting a password by any
 * road, and making a new link, ends every other link of that account.
 */
const LINKS_PER_HOUR = loadConfig({}).passwordLinks.perHour
let ctx: TestApp
let employee: TestUser
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  ;[employee, admin] = await Promise.all([createUser(ctx, 'employee'), createUser(ctx, 'admin')])
})
afterAll(() => ctx.close())

const tokenOf = (link: string) => new URL(link, ctx.config.publicUrl).searchParams.get('token') ?? ''
const deskLink = async (userId: string) => {
  const res = await employee.client.post<{ link: string }>(`/api/desk/customers/${userId}/password-reset`, {})
  expect(res.status, res.text).toBe(200)
  return tokenOf(res.body.link)
}
const forgotLink = async (email: string) => {
  expect((await ctx.client().post('/api/auth/request-password-reset', { email })).status).toBe(200)
  const before = await linkInLatestEmail(ctx, email, '/resetPassword')
  return tokenOf(before)
}
const setWith = (token: string, password = `pw-${randomBytes(6).toString('hex')}`) =>
  ctx.client().post('/api/auth/reset-password', { token, newPassword: password, confirmNewPassword: password })

/** A link made before links ended each other: still in the table, still unexpired. */
async function olderLink(userId: string): Promise<string> {
  const token = randomBytes(18).toString('base64url')
  const at = new Date()
  await ctx.db.kysely
    .insertInto('verifications')
    .values({
      id: randomBytes(12).toString('hex'),
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: timestampParam(ctx.db.dialect, new Date(at.getTime() + 3_600_000)),
      createdAt: timestampParam(ctx.db.dialect, at),
      updatedAt: timestampParam(ctx.db.dialect, at),
    })
    .execute()
  return token
}

function expectRefused(res: { status: number; body: unknown }) {
  expect(res.status).toBe(400)
  expect(res.body).toMatchObject({ error: { code: 'INVALID_TOKEN' } })
}

describe('a new link ends the ones before it', () => {
  test('a second desk link ends the first', async () => {
    const customer = await createRegistrant(ctx)
    const first = await deskLink(customer.id)
    const second = await deskLink(customer.id)
    expectRefused(await setWith(first))
    expect((await setWith(second)).status).toBe(200)
  })

  test('Forgot Password ends the desk’s link, and the desk’s link ends Forgot Password’s', async () => {
    const customer = await createRegistrant(ctx)
    const desk = await deskLink(customer.id)
    const forgot = await forgotLink(customer.email)
    expectRefused(await setWith(desk))
    const desk2 = await deskLink(customer.id)
    expectRefused(await setWith(forgot))
    expect((await setWith(desk2)).status).toBe(200)
  })

  test('the admin’s link ends the account’s Forgot Password link', async () => {
    const staff = await createUser(ctx, 'employee')
    const forgot = await forgotLink(staff.email)
    const made = await admin.client.post<{ data: { link: string } }>('/api/functions/makePasswordLink', { data: { userId: staff.id } })
    expect(made.status, made.text).toBe(200)
    expectRefused(await setWith(forgot))
    expect((await setWith(tokenOf(made.body.data.link))).status).toBe(200)
  })
})

describe('setting a password ends every other link', () => {
  test('by a link', async () => {
    const customer = await createRegistrant(ctx)
    const older = await olderLink(customer.id)
    expect((await setWith(await deskLink(customer.id))).status).toBe(200)
    expectRefused(await setWith(older))
  })

  test('on the Account page', async () => {
    const customer = await createRegistrant(ctx)
    const older = await olderLink(customer.id)
    const changed = await customer.client.post('/api/account/password', { currentPassword: customer.password, newPassword: 'changed-secret', confirmNewPassword: 'changed-secret' })
    expect(changed.status, changed.text).toBe(200)
    expectRefused(await setWith(older))
  })

  test('by npm run user:create', async () => {
    const customer = await createRegistrant(ctx)
    const older = await olderLink(customer.id)
    const auth = createAuth({ db: ctx.db, config: ctx.config, secret: randomBytes(32).toString('hex') })
    await createOrUpdateUser(ctx.db, auth, { email: customer.email, password: 'from-the-cli', displayName: customer.displayName, phone: '555-010-1234', role: 'customer' })
    expectRefused(await setWith(older))
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: customer.email, password: 'from-the-cli' })).status).toBe(200)
  })
})

describe('a walk-in’s claim link', () => {
  test('works once; once the account is claimed and its password changed, no earlier link works', async () => {
    const email = `claim-${Date.now()}@example.com`
    const made = await employee.client.post<{ customer: CustomerRecord; claimLink: string }>('/api/desk/customers', { displayName: 'Clay Claimer', email, phone: '555-010-4242' })
    expect(made.status, made.text).toBe(201)
    const claim = tokenOf(made.body.claimLink)
    const older = await olderLink(made.body.customer.id)
    expect((await setWith(claim, 'claimed-secret')).status).toBe(200)
    expectRefused(await setWith(claim))
    expectRefused(await setWith(older))

    const client = ctx.client()
    expect((await client.post('/api/auth/sign-in/email', { email, password: 'claimed-secret' })).status).toBe(200)
    expect((await client.post('/api/account/password', { currentPassword: 'claimed-secret', newPassword: 'second-secret', confirmNewPassword: 'second-secret' })).status).toBe(200)
    expectRefused(await setWith(claim))
  })
})

describe('Forgot Password is limited per account like the desk', () => {
  test(`past ${LINKS_PER_HOUR} links in an hour no email goes out, and the answer is the same`, async () => {
    const customer = await createRegistrant(ctx)
    const emails = async () => (await ctx.db.kysely.selectFrom('outbox').select('id').where('recipient', '=', customer.email).execute()).length
    // Forgot Password's email follows its answer: wait for each before asking again.
    const sentAfterAsking = async () => {
      const before = await emails()
      expect((await ctx.client().post('/api/auth/request-password-reset', { email: customer.email })).status).toBe(200)
      for (let wait = 0; wait < 20 && (await emails()) === before; wait++) await new Promise((resolve) => setTimeout(resolve, 50))
      return (await emails()) - before
    }
    for (let n = 0; n < LINKS_PER_HOUR; n++) expect(await sentAfterAsking()).toBe(1)
    expect(await sentAfterAsking()).toBe(0)
    const desk = await employee.client.post(`/api/desk/customers/${customer.id}/password-reset`, {})
    expect(desk.status).toBe(429)
  })
})
