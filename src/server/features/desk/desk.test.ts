import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { downloadCsv } from '../../../../tests/csv.ts'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createTeam, join } from '../../../../tests/teams.ts'
import type { CustomerMatch, CustomerRecord, Registrant } from '../../../shared/contracts/desk.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'

/** The front desk (issue 21 §3, docs/decisions/0016): employees run it, customers cannot. */
let ctx: TestApp
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  employee = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

const search = (who: TestUser, q: string) => who.client.get<{ customers: CustomerMatch[] }>(`/api/desk/customers?q=${encodeURIComponent(q)}`)
const record = async (userId: string) => (await employee.client.get<{ customer: CustomerRecord }>(`/api/desk/customers/${userId}`)).body.customer

describe('finding a customer', () => {
  test('by a child’s name, an email, a name or phone digits, best match first; only staff may search', async () => {
    const parent = await createRegistrant(ctx)
    const tag = parent.id.slice(0, 6).toLowerCase().replace(/[^a-z]/g, 'x')
    await addChild(parent, { firstName: `Zephyr${tag}`, lastName: 'Quill' })
    await ctx.db.kysely.updateTable('users').set({ phone: '(555) 014-2671' }).where('id', '=', parent.id).execute()

    const byChild = await search(employee, `zephyr${tag} qu`)
    expect(byChild.status, byChild.text).toBe(200)
    expect(byChild.body.customers[0]).toMatchObject({ id: parent.id, matched: 'child', children: [`Zephyr${tag} Quill`] })
    expect((await search(employee, parent.email)).body.customers[0]).toMatchObject({ id: parent.id, matched: 'email' })
    expect((await search(employee, '5550142671')).body.customers.map((c) => c.id)).toContain(parent.id)
    expect((await search(employee, '%')).status).toBe(400)
    // A LIKE wildcard typed is a character, not "anything".
    expect((await search(employee, '%%%')).body.customers).toEqual([])

    expect((await search(await createUser(ctx), parent.email)).status).toBe(403)
    expect((await ctx.client().get(`/api/desk/customers?q=${parent.email}`)).status).toBe(401)
    expect((await search(await createUser(ctx, 'admin'), parent.email)).status).toBe(200)
  })
})

describe('a walk-in at the desk', () => {
  test('an employee creates the account, the customer signs the waiver on the staff screen, is registered, pays, and claims the account from the link', async () => {
    const leagueId = await createLeague(ctx, { name: 'Desk League', priceCents: 4500 })
    const email = `walk-in-${Date.now()}@example.com`
    const made = await employee.client.post<{ customer: CustomerRecord; claimLink: string | null }>('/api/desk/customers', { displayName: 'Wally Walkin', email, phone: '555-010-4242' })
    expect(made.status, made.text).toBe(201)
    const customer = made.body.customer
    expect(customer).toMatchObject({ displayName: 'Wally Walkin', email, role: 'customer', registrations: [] })
    expect(made.body.claimLink).toMatch(/\/resetPassword\?token=/)
    const again = await employee.client.post('/api/desk/customers', { displayName: 'Wally Again', email, phone: '555-010-4242' })
    expect(again.status).toBe(409)

    // Not yet signed: the engine refuses, as online.
    const unsigned = await employee.client.post(`/api/desk/customers/${customer.id}/registrations`, { leagueId })
    expect(unsigned.status).toBe(409)
    const signed = await employee.client.post<{ customer: CustomerRecord }>(`/api/desk/customers/${customer.id}/waiver`, { signedName: 'Wally Walkin', agree: 'yes' })
    expect(signed.status, signed.text).toBe(201)
    expect(signed.body.customer.waiver.signatures[0]).toMatchObject({ signedName: 'Wally Walkin', witnessedBy: employee.displayName })

    const registered = await employee.client.post<RegisterResult>(`/api/desk/customers/${customer.id}/registrations`, { leagueId }, { 'idempotency-key': `desk-${customer.id}` })
    expect(registered.status, registered.text).toBe(201)
    expect(registered.body.registration).toMatchObject({ status: 'confirmed', userId: customer.id, balanceCents: 4500 })
    const paid = await employee.client.post(`/api/admin/registrations/${registered.body.registration.id}/payments`, { amount: '45', method: 'cash', reference: '' })
    expect(paid.status, paid.text).toBe(201)
    expect(await record(customer.id)).toMatchObject({ balanceCents: 0, registrations: [expect.objectContaining({ paidCents: 4500 })] })

    // The customer chooses a password from the link and signs in.
    const token = new URL(made.body.claimLink!).searchParams.get('token')!
    const client = ctx.client()
    expect((await client.post('/api/auth/reset-password', { token, newPassword: 'walk-in-secret', confirmNewPassword: 'walk-in-secret' })).status).toBe(200)
    expect((await client.post('/api/auth/sign-in/email', { email, password: 'walk-in-secret' })).status).toBe(200)
  })

  test('staff put a walk-in on a team of a team league: on the roster at once, within its maximum; not a child, not a second team', async () => {
    const leagueId = await createLeague(ctx, { name: 'Desk Team League', sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMax: 2, teamPayment: 'player-fee', priceCents: 3000 })
    const team = await createTeam(await createRegistrant(ctx), leagueId, 'Desk Dribblers')
    const walkIn = await createRegistrant(ctx)
    const put = (who: TestUser, body: object) => employee.client.post<RegisterResult & { error: { message: string } }>(`/api/desk/customers/${who.id}/registrations`, body)

    const child = await addChild(walkIn)
    const asChild = await put(walkIn, { leagueId, teamId: team.id, childId: child })
    expect(asChild.status).toBe(400)
    expect(asChild.body.error.message).toBe('Teams take the account holder: choose them, not a child.')

    const joined = await put(walkIn, { leagueId, teamId: team.id })
    expect(joined.status, joined.text).toBe(201)
    expect(joined.body.registration).toMatchObject({ userId: walkIn.id, status: 'confirmed', offering: { kind: 'roster-place', details: { kind: 'roster-place', team: { id: team.id, name: 'Desk Dribblers' } } } })
    expect((await put(walkIn, { leagueId, teamId: team.id })).status).toBe(200)

    const full = await put(await createRegistrant(ctx), { leagueId, teamId: team.id })
    expect(full.status).toBe(409)
    const other = await createTeam(await createRegistrant(ctx), leagueId, 'Desk Dunkers')
    const second = await put(walkIn, { leagueId, teamId: other.id })
    expect(second.status).toBe(409)
    expect((await put(walkIn, { leagueId, teamId: 'no-such-team' })).status).toBe(404)
  })

  test('a customer cannot act at the desk', async () => {
    const customer = await createRegistrant(ctx)
    expect((await customer.client.post('/api/desk/customers', { displayName: 'Sneaky', email: 'sneaky@example.com', phone: '555-010-0000' })).status).toBe(403)
    expect((await customer.client.post(`/api/desk/customers/${customer.id}/waiver`, { signedName: 'X', agree: 'yes' })).status).toBe(403)
  })
})

describe('a password link from the desk', () => {
  test('without a mail server, staff get a one-time link to hand over; it works once', async () => {
    const customer = await createRegistrant(ctx)
    const res = await employee.client.post<{ emailed: boolean; link: string | null; expiresAt: string }>(`/api/desk/customers/${customer.id}/password-reset`, {})
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ emailed: false, link: expect.stringContaining('/resetPassword?token=') })
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(50 * 60_000)
    const token = new URL(res.body.link!).searchParams.get('token')!
    const reset = (password: string) => ctx.client().post('/api/auth/reset-password', { token, newPassword: password, confirmNewPassword: password })
    expect((await reset('brand-new-secret')).status).toBe(200)
    expect((await reset('second-try-secret')).status).toBe(400)
    expect((await ctx.client().post('/api/auth/sign-in/email', { email: customer.email, password: 'brand-new-secret' })).status).toBe(200)
  })
})

describe('a league’s registrants', () => {
  test('a team league lists each team’s players, captain first, with waiver and balance; the CSV has them all', async () => {
    const leagueId = await createLeague(ctx, { name: 'Desk Hoops', sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 6, teamPayment: 'player-fee', priceCents: 3000 })
    const [captain, player] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const team = await createTeam(captain, leagueId, 'Desk Dunkers Équipe')
    await join(player, team)
    const list = await employee.client.get<{ registrants: Registrant[] }>(`/api/desk/leagues/${leagueId}/registrants`)
    expect(list.status, list.text).toBe(200)
    expect(list.body.registrants.map((r) => [r.team?.name, r.name, r.isCaptain, r.waiverSigned, r.balanceCents])).toEqual([
      ['Desk Dunkers Équipe', captain.displayName, true, true, 3000],
      ['Desk Dunkers Équipe', player.displayName, false, true, 3000],
    ])
    const csv = await downloadCsv(ctx, employee, `/api/desk/leagues/${leagueId}/registrants.csv`)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.text.split('\r\n')[1]).toContain(`Desk Dunkers Équipe,Captain,${captain.displayName}`)
    expect(csv.text).toContain(player.email)
  })

  test('a kids league lists each child with age on the first day, guardian, emergency contact and medical notes', async () => {
    const leagueId = await createLeague(ctx, { name: 'Desk Kids', sport: 'kids', minAge: 4, maxAge: 12, startDate: daysFromToday(30) })
    const parent = await createRegistrant(ctx)
    const childId = await addChild(parent, { firstName: 'Mia', lastName: 'Desk', dateOfBirth: '2019-01-15', notes: 'Peanut allergy' })
    const signed = await parent.client.post('/api/waiver/signatures', { signedName: parent.displayName, agree: 'yes', childId })
    expect(signed.status).toBe(201)
    expect((await parent.client.post(`/api/leagues/${leagueId}/registrations`, { childId })).status).toBe(201)
    const list = await employee.client.get<{ registrants: Registrant[] }>(`/api/desk/leagues/${leagueId}/registrants`)
    expect(list.body.registrants).toEqual([
      expect.objectContaining({ name: 'Mia Desk', accountName: parent.displayName, emergencyContact: 'Alex Rivera (555) 010-9999', medicalNotes: 'Peanut allergy', waiverSigned: true }),
    ])
    expect(list.body.registrants[0]!.age).toBeGreaterThanOrEqual(7)
    expect((await (await createRegistrant(ctx)).client.get(`/api/desk/leagues/${leagueId}/registrants`)).status).toBe(403)
  })
})
