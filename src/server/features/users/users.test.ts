import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp, type TestClient } from '../../../../tests/test-app.ts'
import type { ListUsersResult } from '../../../shared/schemas/users.ts'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import { findUserRecord } from './users.queries.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const call = <T>(client: TestClient, name: string, data: unknown) => client.post<T>(`/api/functions/${name}`, { data })

describe('listUsers over the callable protocol (product §7)', () => {
  test('a signed-out visitor gets 401 UNAUTHENTICATED', async () => {
    const res = await call(ctx.client(), 'listUsers', {})
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'You must be logged in to see this page' } })
  })

  test.each(['customer', 'employee'] as const)('a %s gets 403 PERMISSION_DENIED', async (role) => {
    const user = await createUser(ctx, role)
    const res = await call(user.client, 'listUsers', {})
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'This page requires admin access' } })
  })

  test('an admin gets every user with email, display name, phone, role and created date', async () => {
    const admin = await createUser(ctx, 'admin')
    const customer = await createUser(ctx, 'customer')
    const res = await call<{ data: ListUsersResult }>(admin.client, 'listUsers', { search: customer.email })
    expect(res.status).toBe(200)
    expect(res.body.data.total).toBe(1)
    expect(res.body.data.users).toEqual([
      {
        id: customer.id,
        email: customer.email,
        displayName: customer.displayName,
        phone: '+15550101234',
        role: 'customer',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ])
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i)
  })

  test('a bearer token works in place of the cookie, and a forged one does not', async () => {
    const admin = await createUser(ctx, 'admin')
    const { body: token } = await admin.client.get<{ token: string }>('/api/session/token')
    const bearerOnly = ctx.client()
    bearerOnly.bearer = token.token
    expect((await call(bearerOnly, 'listUsers', {})).status).toBe(200)

    const forged = ctx.client()
    forged.bearer = `${token.token.slice(0, -4)}AAAA`
    expect((await call(forged, 'listUsers', {})).status).toBe(401)
  })

  test('a token stops granting admin access as soon as the role is taken away', async () => {
    const admin = await createUser(ctx, 'admin')
    const other = await createUser(ctx, 'admin')
    const { body: token } = await admin.client.get<{ token: string }>('/api/session/token')
    await call(other.client, 'setUserRole', { userId: admin.id, role: 'customer' })
    const bearerOnly = ctx.client()
    bearerOnly.bearer = token.token
    expect((await call(bearerOnly, 'listUsers', {})).status).toBe(403)
  })

  test('search is case-insensitive, matches names and phones, treats % and _ literally, and pages', async () => {
    const admin = await createUser(ctx, 'admin')
    const people = await Promise.all(Array.from({ length: 5 }, () => createUser(ctx, 'customer')))
    const byName = await call<{ data: ListUsersResult }>(admin.client, 'listUsers', {
      search: people[0]!.displayName.toUpperCase(),
    })
    expect(byName.body.data.users.map((u) => u.id)).toEqual([people[0]!.id])

    const wildcard = await call<{ data: ListUsersResult }>(admin.client, 'listUsers', { search: '%' })
    expect(wildcard.body.data.total).toBe(0)

    const firstPage = await call<{ data: ListUsersResult }>(admin.client, 'listUsers', { pageSize: 2, page: 1 })
    const secondPage = await call<{ data: ListUsersResult }>(admin.client, 'listUsers', { pageSize: 2, page: 2 })
    expect(firstPage.body.data.users).toHaveLength(2)
    expect(secondPage.body.data.users).toHaveLength(2)
    expect(firstPage.body.data.total).toBeGreaterThanOrEqual(6)
    const ids = [...firstPage.body.data.users, ...secondPage.body.data.users].map((u) => u.id)
    expect(new Set(ids).size).toBe(4)
  })

  test('the role filter lists only that role', async () => {
    const admin = await createUser(ctx, 'admin')
    await createUser(ctx, 'employee')
    const res = await call<{ data: ListUsersResult }>(admin.client, 'listUsers', { role: 'employee', pageSize: 100 })
    expect(res.body.data.users.length).toBeGreaterThan(0)
    expect(res.body.data.users.every((u) => u.role === 'employee')).toBe(true)
  })

  test.each([
    [{ page: 0 }, 'page'],
    [{ pageSize: 1000 }, 'pageSize'],
    [{ role: 'owner' }, 'role'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ unexpected: true }, 'data'],
  ])('bad input %j is a 400 INVALID_ARGUMENT naming %s', async (data, field) => {
    const admin = await createUser(ctx, 'admin')
    const res = await call<{ error: { status: string; details: Record<string, string> } }>(admin.client, 'listUsers', data)
    expect(res.status).toBe(400)
    expect(res.body.error.status).toBe('INVALID_ARGUMENT')
    expect(Object.keys(res.body.error.details).join()).toContain(field)
  })

  test('a body without a data field, or not JSON, is a 400 and never a 500', async () => {
    const admin = await createUser(ctx, 'admin')
    const noData = await admin.client.post<{ error: { status: string } }>('/api/functions/listUsers', { search: 'x' })
    expect(noData.status).toBe(400)
    expect(noData.body.error.status).toBe('INVALID_ARGUMENT')
    const notJson = await admin.client.post('/api/functions/listUsers', '{not json')
    expect(notJson.status).toBe(400)
  })

  test('an unknown function is 404 NOT_FOUND', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await call<{ error: { status: string } }>(admin.client, 'deleteEverything', {})
    expect(res.status).toBe(404)
    expect(res.body.error.status).toBe('NOT_FOUND')
    const proto = await call<{ error: { status: string } }>(admin.client, '__proto__', {})
    expect(proto.status).toBe(404)
  })
})

describe('setUserRole', () => {
  test('an admin changes a role: role and updatedAt are set, and the user sees it on their next request', async () => {
    const admin = await createUser(ctx, 'admin')
    const customer = await createUser(ctx, 'customer')
    const before = await ctx.db.kysely.selectFrom('users').select('updatedAt').where('id', '=', customer.id).executeTakeFirstOrThrow()
    await new Promise((r) => setTimeout(r, 5))
    const res = await call(admin.client, 'setUserRole', { userId: customer.id, role: 'employee' })
    expect(res.status).toBe(200)
    expect((await findUserRecord(ctx.db, customer.id))?.role).toBe('employee')
    const after = await ctx.db.kysely.selectFrom('users').select('updatedAt').where('id', '=', customer.id).executeTakeFirstOrThrow()
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime())
    const session = await customer.client.get<{ user: SessionUser }>('/api/session')
    expect(session.body.user).toMatchObject({ userRole: 'employee', isEmployee: true, isAdmin: false })
  })

  test('a customer cannot change roles, not even their own', async () => {
    const customer = await createUser(ctx, 'customer')
    const res = await call(customer.client, 'setUserRole', { userId: customer.id, role: 'admin' })
    expect(res.status).toBe(403)
    expect((await findUserRecord(ctx.db, customer.id))?.role).toBe('customer')
  })

  test('an admin cannot remove their own admin role', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await call<{ error: { message: string } }>(admin.client, 'setUserRole', { userId: admin.id, role: 'customer' })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('You cannot remove your own admin role.')
  })

  test('an unknown user is 404', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await call(admin.client, 'setUserRole', { userId: 'no-such-user', role: 'employee' })
    expect(res.status).toBe(404)
  })
})

describe('role on sign-in (product §4)', () => {
  test('a user record without a role gets customer and a fresh updatedAt when signing in', async () => {
    const user = await createUser(ctx, 'customer')
    await ctx.db.kysely.updateTable('users').set({ role: null }).where('id', '=', user.id).execute()
    const client = ctx.client()
    await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password })
    expect((await findUserRecord(ctx.db, user.id))?.role).toBe('customer')
  })

  test('an existing role is kept when signing in', async () => {
    const user = await createUser(ctx, 'employee')
    await ctx.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password })
    expect((await findUserRecord(ctx.db, user.id))?.role).toBe('employee')
  })
})

describe('dashboard', () => {
  test('admins get the counts of users by role; others are refused', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.get<{ usersByRole: Record<string, number>; activeLeagues: number }>('/api/dashboard')
    expect(res.status).toBe(200)
    const rows = await ctx.db.kysely.selectFrom('users').select(['role']).execute()
    for (const role of ['admin', 'employee', 'customer']) {
      expect(res.body.usersByRole[role]).toBe(rows.filter((r) => (r.role ?? 'customer') === role).length)
    }
    expect((await ctx.client().get('/api/dashboard')).status).toBe(401)
    expect((await (await createUser(ctx, 'employee')).client.get('/api/dashboard')).status).toBe(403)
  })
})

describe('makePasswordLink: an admin’s way to a staff account’s password (issue 30)', () => {
  type Made = { data: { emailed: boolean; link: string | null; expiresAt: string } }

  test('an admin makes a one-time link for an employee; it sets the password once and signs the employee out', async () => {
    const admin = await createUser(ctx, 'admin')
    const employee = await createUser(ctx, 'employee')
    const made = await call<Made>(admin.client, 'makePasswordLink', { userId: employee.id })
    expect(made.status, made.text).toBe(200)
    expect(made.body.data).toMatchObject({ emailed: false, link: expect.stringContaining('/resetPassword?token=') })
    expect(Date.parse(made.body.data.expiresAt) - Date.now()).toBeGreaterThan(50 * 60_000)
    const token = new URL(made.body.data.link!).searchParams.get('token')!
    const reset = (password: string) => ctx.client().post('/api/auth/reset-password', { token, newPassword: password, confirmNewPassword: password })
    expect((await reset('set-by-the-link')).status).toBe(200)
    expect((await reset('once-more')).status).toBe(400)
    expect((await employee.client.get('/api/session')).body).toEqual({ user: null })
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: employee.email, password: 'set-by-the-link' })).status).toBe(200)
  })

  test('for another admin and for a customer too; an unknown account is 404', async () => {
    const admin = await createUser(ctx, 'admin')
    expect((await call(admin.client, 'makePasswordLink', { userId: (await createUser(ctx, 'admin')).id })).status).toBe(200)
    expect((await call(admin.client, 'makePasswordLink', { userId: (await createUser(ctx)).id })).status).toBe(200)
    const unknown = await call<{ error: { message: string } }>(admin.client, 'makePasswordLink', { userId: 'no-such-user' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('There is no such user.')
  })

  test.each(['customer', 'employee'] as const)('a %s is refused, and no link is made', async (role) => {
    const caller = await createUser(ctx, role)
    const target = await createUser(ctx, 'admin')
    expect((await call(caller.client, 'makePasswordLink', { userId: target.id })).status).toBe(403)
    const links = await ctx.db.kysely.selectFrom('verifications').select('id').where('identifier', 'like', 'reset-password:%').where('value', '=', target.id).execute()
    expect(links).toEqual([])
  })

  test('with a mail server the link is emailed to the account, never shown to the admin', async () => {
    const mailing = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', ACCOUNT_CONFIRMATION: 'none' } })
    try {
      const admin = await createUser(mailing, 'admin')
      const employee = await createUser(mailing, 'employee')
      const made = await call<Made>(admin.client, 'makePasswordLink', { userId: employee.id })
      expect(made.status, made.text).toBe(200)
      expect(made.body.data).toMatchObject({ emailed: true, link: null })
      const email = await mailing.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', employee.email).executeTakeFirstOrThrow()
      expect(email.subject).toBe(`Reset your ${mailing.config.site.facilityName} password`)
      expect(email.text).toContain('/resetPassword?token=')
    } finally {
      await mailing.close()
    }
  })
})
