import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { CustomerMatch, CustomerRecord } from '../../../shared/contracts/desk.ts'
import { loadConfig } from '../../config.ts'

/**
 * What the desk may reach (issue 30, docs/decisions/0016): customers' accounts only, addresses that
 * can sign in, a walk-in made once however many times it is sent, and a limit on the links it makes.
 */
const { perHour: LINKS_PER_HOUR, perDay: LINKS_PER_DAY } = loadConfig({}).passwordLinks
let ctx: TestApp
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  employee = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

const CHILD = { firstName: 'Probe', lastName: 'Child', dateOfBirth: '2016-04-02', emergencyContactName: 'Probe Parent', emergencyContactPhone: '555-010-1234', notes: '' }

const linksOf = (userId: string) =>
  ctx.db.kysely.selectFrom('verifications').select('id').where('identifier', 'like', 'reset-password:%').where('value', '=', userId).execute()

describe('a desk login never leads to a staff account', () => {
  test.each(['admin', 'employee'] as const)('an employee cannot find, read, link, sign for or register an %s', async (role) => {
    const staff = await createUser(ctx, role)
    const leagueId = await createLeague(ctx)

    const found = await employee.client.get<{ customers: CustomerMatch[] }>(`/api/desk/customers?q=${encodeURIComponent(staff.email)}`)
    expect(found.status).toBe(200)
    expect(found.body.customers).toEqual([])
    const byName = await employee.client.get<{ customers: CustomerMatch[] }>(`/api/desk/customers?q=${encodeURIComponent(staff.displayName)}`)
    expect(byName.body.customers.map((c) => c.id)).not.toContain(staff.id)

    const refused = [
      await employee.client.get(`/api/desk/customers/${staff.id}`),
      await employee.client.post(`/api/desk/customers/${staff.id}/password-reset`, {}),
      await employee.client.post(`/api/desk/customers/${staff.id}/waiver`, { signedName: staff.displayName, agree: 'yes' }),
      await employee.client.post(`/api/desk/customers/${staff.id}/registrations`, { leagueId }),
      // The family's routes (desk-family.routes.ts) guard with the same rule on their own road.
      await employee.client.post(`/api/desk/customers/${staff.id}/children`, CHILD),
      await employee.client.post(`/api/desk/customers/${staff.id}/children/${randomUUID()}`, CHILD),
      await employee.client.post(`/api/desk/customers/${staff.id}/orders/${randomUUID()}/discount-code`, { code: 'SAVE10' }),
      await employee.client.post(`/api/desk/customers/${staff.id}/orders/${randomUUID()}/extras`, { productId: randomUUID(), quantity: 1 }),
    ]
    for (const res of refused) {
      expect(res.status, res.text).toBe(404)
      expect(res.body).toMatchObject({ error: { message: 'There is no such customer.' } })
      expect(res.text).not.toContain(staff.email)
    }
    expect(await linksOf(staff.id)).toEqual([])
    const signatures = await ctx.db.kysely.selectFrom('waiverSignatures').select('id').where('userId', '=', staff.id).execute()
    expect(signatures).toEqual([])
    expect(await ctx.db.kysely.selectFrom('children').select('id').where('guardianId', '=', staff.id).execute()).toEqual([])
  })

  test('an admin at the desk is refused a staff account too: staff passwords are set from /admin/users', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.post(`/api/desk/customers/${employee.id}/password-reset`, {})
    expect(res.status).toBe(404)
    expect(await linksOf(employee.id)).toEqual([])
  })

  test('a customer promoted to staff leaves the desk’s reach', async () => {
    const customer = await createRegistrant(ctx)
    expect((await employee.client.get(`/api/desk/customers/${customer.id}`)).status).toBe(200)
    await ctx.db.kysely.updateTable('users').set({ role: 'employee' }).where('id', '=', customer.id).execute()
    expect((await employee.client.get(`/api/desk/customers/${customer.id}`)).status).toBe(404)
  })
})

describe('a walk-in’s address follows the Create Account rule', () => {
  test.each(['cyr\u0456@probe.test', 'uni@ex\u00e4mple.test', '"q"@probe.test', 'ann@xn--80ak6aa92e.xn--p1ai'])('%s is refused under the email field', async (email) => {
    const signUp = await ctx.client().post('/api/auth/sign-up/email', { name: 'Probe', email, phone: '555-010-1234', password: 'probe-secret' })
    expect(signUp.status).toBe(400)
    const made = await employee.client.post<{ error: { message: string; fields: Record<string, string> } }>('/api/desk/customers', { displayName: 'Probe', email, phone: '555-010-1234' })
    expect(made.status, made.text).toBe(400)
    expect(made.body.error.fields).toEqual({ email: 'Please enter a valid email address.' })
    const rows = await ctx.db.kysely.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).execute()
    expect(rows).toEqual([])
  })
})

describe('the same walk-in sent many times at once', () => {
  test('ten at once, from ten desks, make one account: one 201, nine 409 (three rounds)', async () => {
    const desks = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx, 'employee')))
    // Every desk's session is read once first, so the ten requests reach the check together.
    await Promise.all(desks.map((d) => d.client.get('/api/session')))
    for (let round = 0; round < 3; round++) {
      const email = `twice-${round}-${Date.now()}@example.com`
      const answers = await Promise.all(desks.map((d) => d.client.post('/api/desk/customers', { displayName: 'Twice Walkin', email, phone: '555-010-4242' })))
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)])
      for (const a of answers.filter((a) => a.status === 409)) {
        expect(a.body).toMatchObject({ error: { message: 'An account with this email already exists: find it with the search above.', fields: { email: 'An account with this email already exists.' } } })
      }
      const users = await ctx.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()
      expect(users).toHaveLength(1)
      const accounts = await ctx.db.kysely.selectFrom('accounts').select('id').where('userId', '=', users[0]!.id).execute()
      expect(accounts).toHaveLength(1)
      expect(await linksOf(users[0]!.id)).toHaveLength(1)
    }
  })
})

describe('the desk’s password links are limited per customer', () => {
  let clock = new Date('2031-03-03T15:00:00Z')
  let limited: TestApp
  let desk: TestUser
  beforeAll(async () => {
    limited = await startTestApp({ now: () => clock })
    desk = await createUser(limited, 'employee')
  })
  afterAll(() => limited.close())
  const link = (userId: string) => desk.client.post<{ link: string; error: { message: string } }>(`/api/desk/customers/${userId}/password-reset`, {})

  test(`${LINKS_PER_HOUR} an hour, ${LINKS_PER_DAY} a day; the walk-in’s claim link counts; the refusal says when to try again`, async () => {
    const walkIn = await desk.client.post<{ customer: CustomerRecord }>('/api/desk/customers', { displayName: 'Lim Ited', email: `limited-${Date.now()}@example.com`, phone: '555-010-4242' })
    expect(walkIn.status, walkIn.text).toBe(201)
    const id = walkIn.body.customer.id
    for (let n = 1; n < LINKS_PER_HOUR; n++) expect((await link(id)).status).toBe(200)
    const refused = await link(id)
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toBe(`This customer has had ${LINKS_PER_HOUR} password links in the last hour, the most the site makes. Ask them to use the newest one (and to look in their spam folder), or make another in an hour.`)

    // Another customer is not held up.
    expect((await link((await createRegistrant(limited)).id)).status).toBe(200)

    let made = LINKS_PER_HOUR
    while (made < LINKS_PER_DAY) {
      clock = new Date(clock.getTime() + 61 * 60_000)
      for (let n = 0; n < LINKS_PER_HOUR && made < LINKS_PER_DAY; n++, made++) expect((await link(id)).status).toBe(200)
    }
    clock = new Date(clock.getTime() + 61 * 60_000)
    const daily = await link(id)
    expect(daily.status).toBe(429)
    expect(daily.body.error.message).toBe(`This customer has had ${LINKS_PER_DAY} password links in the last 24 hours, the most the site makes in a day. Ask them to use the newest one (and to look in their spam folder), or make another tomorrow.`)
    clock = new Date(clock.getTime() + 24 * 3_600_000)
    expect((await link(id)).status).toBe(200)
  })
})
