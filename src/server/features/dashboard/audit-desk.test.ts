import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAcademy, placeChild } from '../../../../tests/academy-places.ts'
import { CHILD_FORM, createLeague, createUser, daysFromToday, productForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AuditAction } from '../../../shared/audit.ts'
import type { AuditEntry, AuditPage } from '../../../shared/contracts/audit.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { enqueueJob } from '../../core/jobs.ts'
import { inTransaction } from '../../db/transaction.ts'

/**
 * The desk's and the door's actions in the audit history (issue 32, docs/decisions/0027): each
 * writes its entry — who, what, before and after, from where — in the transaction of its change,
 * and a refused one writes none. SQLite and PostgreSQL.
 */

let ctx: TestApp
let admin: TestUser
let desk: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  ;[admin, desk] = await Promise.all([createUser(ctx, 'admin'), createUser(ctx, 'employee')])
})
afterAll(() => ctx.close())

/** The entries of one action on one record, newest first. */
async function entriesOf(action: AuditAction, entityId: string): Promise<AuditEntry[]> {
  const res = await admin.client.get<AuditPage>(`/api/audit?action=${action}`)
  expect(res.status, res.text).toBe(200)
  return res.body.entries.filter((e) => e.entityId === entityId)
}
const count = async () => Number((await ctx.db.kysely.selectFrom('auditEntries').select((f) => f.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

/** Runs a refused action and proves it wrote no entry. */
async function refusedWithoutEntry(act: () => Promise<{ status: number; text: string }>, status: number): Promise<void> {
  const before = await count()
  const res = await act()
  expect(res.status, res.text).toBe(status)
  expect(await count()).toBe(before)
}

const byDesk = { staffId: '', staffName: '', address: '127.0.0.1' }
beforeAll(() => Object.assign(byDesk, { staffId: desk.id, staffName: desk.displayName }))

async function walkIn(): Promise<CustomerRecord> {
  const made = await desk.client.post<{ customer: CustomerRecord }>('/api/desk/customers', { displayName: 'Wanda Walkin', email: `audit-walk-in-${randomUUID().slice(0, 8)}@example.com`, phone: '555-010-4242' })
  expect(made.status, made.text).toBe(201)
  return made.body.customer
}

const signAtDesk = (customerId: string, childId = '') => desk.client.post(`/api/desk/customers/${customerId}/waiver`, { signedName: 'Wanda Walkin', agree: 'yes', childId })

describe('a customer’s account at the desk: the entries on the customer', () => {
  test('a walk-in made, with what it was made with; the same address again writes nothing', async () => {
    const customer = await walkIn()
    const [entry] = await entriesOf('walk-in-created', customer.id)
    expect(entry).toMatchObject({ ...byDesk, entityKind: 'user', entityLabel: 'Wanda Walkin', before: null, after: { name: 'Wanda Walkin', email: customer.email, emailed: false } })
    await refusedWithoutEntry(() => desk.client.post('/api/desk/customers', { displayName: 'Wanda Again', email: customer.email, phone: '555-010-4242' }), 409)
  })

  test('a walk-in whose claim link fails keeps its entry: the account the desk made is on record', async () => {
    // The claim link's row refused for this desk member's walk-ins (a failure of the link's own transaction).
    const refusing = await createUser(ctx, 'employee')
    if (ctx.db.dialect === 'sqlite') {
      await sql`create trigger refuse_claim_link before insert on ${sql.table('passwordLinks')} when new.madeBy = ${sql.lit(refusing.id)} begin select raise(abort, 'no link'); end`.execute(ctx.db.kysely)
    } else {
      await sql`create function refuse_claim_link() returns trigger language plpgsql as $$ begin raise exception 'no link'; end $$`.execute(ctx.db.kysely)
      await sql`create trigger refuse_claim_link before insert on ${sql.table('passwordLinks')} for each row when (new."madeBy" = ${sql.lit(refusing.id)}) execute function refuse_claim_link()`.execute(ctx.db.kysely)
    }
    const email = `audit-walk-in-refused-${randomUUID().slice(0, 8)}@example.com`
    const made = await refusing.client.post('/api/desk/customers', { displayName: 'Lena Linkless', email, phone: '555-010-4243' })
    expect(made.status).toBe(500)
    const account = await ctx.db.kysely.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(account.role).toBe('customer')
    const [entry] = await entriesOf('walk-in-created', account.id)
    expect(entry).toMatchObject({ staffId: refusing.id, entityLabel: 'Lena Linkless', after: { name: 'Lena Linkless', email, emailed: false } })
  })

  test('a password link made by the desk and by an admin; for a staff account the desk is refused and writes nothing', async () => {
    const customer = await walkIn()
    expect((await desk.client.post(`/api/desk/customers/${customer.id}/password-reset`)).status).toBe(200)
    expect((await admin.client.post('/api/functions/makePasswordLink', { data: { userId: customer.id } })).status).toBe(200)
    const entries = await entriesOf('password-link', customer.id)
    expect(entries.map((e) => [e.staffId, e.after])).toEqual([
      [admin.id, { emailed: false }],
      [desk.id, { emailed: false }],
    ])
    await refusedWithoutEntry(() => desk.client.post(`/api/desk/customers/${admin.id}/password-reset`), 404)
  })

  test('a child added and changed: what it was made with, then only the fields that changed; a refused form writes nothing', async () => {
    const customer = await walkIn()
    const added = await desk.client.post<{ child: { id: string } }>(`/api/desk/customers/${customer.id}/children`, { ...CHILD_FORM, firstName: 'Nora' })
    expect(added.status, added.text).toBe(201)
    const childId = added.body.child.id
    expect((await entriesOf('child-added', customer.id))[0]).toMatchObject({ ...byDesk, entityLabel: 'Wanda Walkin: Nora Rivera', before: null, after: { childId, firstName: 'Nora' } })
    const changed = await desk.client.post(`/api/desk/customers/${customer.id}/children/${childId}`, { ...CHILD_FORM, firstName: 'Nora', emergencyContactName: 'Grandpa Joe' })
    expect(changed.status, changed.text).toBe(200)
    const [entry] = await entriesOf('child-changed', customer.id)
    expect(entry).toMatchObject({ before: { emergencyContactName: CHILD_FORM.emergencyContactName }, after: { emergencyContactName: 'Grandpa Joe' } })
    expect(Object.keys(entry!.after!)).toEqual(['emergencyContactName'])
    await refusedWithoutEntry(() => desk.client.post(`/api/desk/customers/${customer.id}/children/${childId}`, { ...CHILD_FORM, emergencyContactPhone: '12' }), 400)
    await refusedWithoutEntry(() => desk.client.post(`/api/desk/customers/${customer.id}/children/${randomUUID()}`, CHILD_FORM), 404)
  })

  test('a waiver signed on the staff screen: its version and the name signed; for another account’s child, nothing', async () => {
    const customer = await walkIn()
    expect((await signAtDesk(customer.id)).status).toBe(201)
    const [entry] = await entriesOf('waiver-signed-at-desk', customer.id)
    expect(entry).toMatchObject({ ...byDesk, before: null, after: { signedName: 'Wanda Walkin', childId: null } })
    expect(typeof entry!.after!.version).toBe('number')
    await refusedWithoutEntry(() => signAtDesk(customer.id, randomUUID()), 400)
  })
})

/** A league priced by a fee with a jersey offered beside it and a code for the fee, and a walk-in's place in it taken at the desk. */
async function placeAtDesk() {
  const saved = async (body: object) => {
    const res = await admin.client.post<{ product: Product }>('/api/admin/products', body)
    expect(res.status, res.text).toBe(201)
    return res.body.product
  }
  const fee = await saved(productForm({ listPrice: '80' }))
  const jersey = await saved({ ...productForm({ name: `Jersey ${fee.name}`, purpose: 'extra', listPrice: '25', sizes: 'S, M' }), goesWith: [fee.id] })
  const code = `AUDITDESK${randomUUID().slice(0, 6).toUpperCase()}`
  const codeForm = { code, description: '', percentOff: '25', amountOff: '', validFrom: '', validUntil: '', maxUses: '', maxUsesPerPerson: '', isActive: 'true', productIds: [fee.id] }
  expect((await admin.client.post('/api/admin/discount-codes', codeForm)).status).toBe(201)
  const leagueId = await createLeague(ctx, { priceCents: 8000, priceProductId: fee.id })
  const customer = await walkIn()
  expect((await signAtDesk(customer.id)).status).toBe(201)
  const placed = await desk.client.post<RegisterResult>(`/api/desk/customers/${customer.id}/registrations`, { leagueId })
  expect(placed.status, placed.text).toBe(201)
  return { jersey, code, customer, registration: placed.body.registration }
}

describe('places and orders at the desk', () => {
  test('a league place taken at the desk: the place as made; a league not open writes nothing', async () => {
    const { registration, customer } = await placeAtDesk()
    const [entry] = await entriesOf('signed-up-at-desk', registration.id)
    expect(entry).toMatchObject({ ...byDesk, entityKind: 'registration', entityLabel: `Wanda Walkin in ${registration.offering.name}`, before: null, after: { status: 'confirmed', priceCents: 8000, paidCents: 0 } })
    await refusedWithoutEntry(() => desk.client.post(`/api/desk/customers/${customer.id}/registrations`, { leagueId: randomUUID() }), 404)
  })

  test('an academy sign-up at the desk: one entry a participant; a child of another account writes nothing', async () => {
    const academyId = await createAcademy(ctx, { forChildren: false, minAge: null, maxAge: null })
    const customer = await walkIn()
    expect((await signAtDesk(customer.id)).status).toBe(201)
    const url = `/api/desk/customers/${customer.id}/academies/${academyId}/registrations`
    const res = await desk.client.post<{ registrations: RegistrationView[] }>(url, { participants: [{ childId: null, photoConsent: false }] })
    expect(res.status, res.text).toBe(201)
    const place = res.body.registrations[0]!
    expect((await entriesOf('signed-up-at-desk', place.id))[0]).toMatchObject({ ...byDesk, before: null, after: { status: place.status } })
    await refusedWithoutEntry(() => desk.client.post(url, { participants: [{ childId: randomUUID(), photoConsent: false }] }), 400)
  })

  test('a discount code applied and an extra sold on the order: what was added; an unknown code and a missing size write nothing', async () => {
    const { jersey, code, customer, registration } = await placeAtDesk()
    const orderId = registration.orderId!
    const orderUrl = `/api/desk/customers/${customer.id}/orders/${orderId}`
    await refusedWithoutEntry(() => desk.client.post(`${orderUrl}/discount-code`, { code: 'NO-SUCH-CODE' }), 400)
    expect((await desk.client.post(`${orderUrl}/discount-code`, { code })).status).toBe(200)
    expect((await entriesOf('discount-applied', customer.id))[0]).toMatchObject({ ...byDesk, before: null, after: { orderId, code } })
    await refusedWithoutEntry(() => desk.client.post(`${orderUrl}/extras`, { productId: jersey.id }), 400)
    expect((await desk.client.post(`${orderUrl}/extras`, { productId: jersey.id, size: 'M' })).status).toBe(201)
    expect((await entriesOf('extra-added', customer.id))[0]).toMatchObject({ ...byDesk, before: null, after: { orderId, description: `${jersey.name}, size M`, amountDueCents: 2500 } })
  })

  test('a receipt emailed again: to whom; for no such registration, nothing', async () => {
    const { registration, customer } = await placeAtDesk()
    expect((await desk.client.post(`/api/registrations/${registration.id}/receipt/email`)).status).toBe(200)
    expect((await entriesOf('receipt-emailed', registration.id))[0]).toMatchObject({ ...byDesk, before: null, after: { to: customer.email } })
    await refusedWithoutEntry(() => desk.client.post(`/api/registrations/${randomUUID()}/receipt/email`), 404)
  })
})

describe('teams and the door', () => {
  test('a team place held for a captain: the team as made; a name already taken writes nothing', async () => {
    const leagueId = await createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000 })
    const form = { leagueId, name: 'Audit Falcons', captainEmail: 'falcons-captain@example.com' }
    const made = await desk.client.post<{ team: { id: string } }>('/api/admin/teams', form)
    expect(made.status, made.text).toBe(201)
    expect((await entriesOf('team-held', made.body.team.id))[0]).toMatchObject({ ...byDesk, entityKind: 'team', before: null, after: { name: 'Audit Falcons', captainEmail: 'falcons-captain@example.com' } })
    await refusedWithoutEntry(() => desk.client.post('/api/admin/teams', form), 409)
  })

  test('a check-in at the door and its undoing: checked in before and after; a tap again writes nothing, a place that is no drop-in’s is refused', async () => {
    const day = daysFromToday(3)
    const dropIn = await admin.client.post<{ dropIn: { id: string } }>('/api/admin/drop-ins', {
      name: 'Audit Door Gym',
      sport: 'basketball',
      isActive: 'true',
      forChildren: 'false',
      date: day,
      startTime: '10:00',
      endTime: '12:00',
      registrationDate: daysFromToday(-1),
      price: '0',
      capacity: '20',
    })
    expect(dropIn.status, dropIn.text).toBe(201)
    const customer = await walkIn()
    expect((await signAtDesk(customer.id)).status).toBe(201)
    const taken = await desk.client.post<{ registrations: RegistrationView[] }>(`/api/desk/customers/${customer.id}/drop-ins/${dropIn.body.dropIn.id}/registrations`, {
      participants: [{ childId: null, photoConsent: false }],
    })
    expect(taken.status, taken.text).toBe(201)
    const place = taken.body.registrations[0]!
    const checkIn = (checkedIn: boolean) => desk.client.post(`/api/admin/drop-in-registrations/${place.id}/check-in`, { checkedIn })
    // Tapped twice at once: one check-in, one entry.
    expect((await Promise.all([checkIn(true), checkIn(true)])).map((r) => r.status)).toEqual([200, 200])
    await refusedWithoutEntry(() => checkIn(true), 200)
    expect((await checkIn(false)).status).toBe(200)
    const entries = await entriesOf('checked-in', place.id)
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ checkedIn: true }, { checkedIn: false }],
      [{ checkedIn: false }, { checkedIn: true }],
    ])
    expect(entries[0]).toMatchObject({ ...byDesk, entityLabel: 'Wanda Walkin in Audit Door Gym' })
    await refusedWithoutEntry(() => desk.client.post(`/api/admin/drop-in-registrations/${randomUUID()}/check-in`, { checkedIn: true }), 404)
  })

  test('an attendance mark: the mark before and after; the same mark again writes nothing, a day without a session is refused', async () => {
    const academyId = await createAcademy(ctx)
    const { registration } = await placeChild(ctx, academyId, { firstName: 'Sam' })
    const mark = (present: boolean, sessionDate = '2027-01-07') => desk.client.post(`/api/admin/academies/${academyId}/attendance`, { registrationId: registration.id, sessionDate, present })
    // Two tablets marking the same at the same moment: one mark, one entry.
    expect((await Promise.all([mark(true), mark(true)])).map((r) => r.status)).toEqual([200, 200])
    await refusedWithoutEntry(() => mark(true), 200)
    expect((await mark(false)).status).toBe(200)
    const entries = await entriesOf('attendance-marked', registration.id)
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ present: true }, { present: false, sessionDate: '2027-01-07' }],
      [{ present: null }, { present: true, sessionDate: '2027-01-07' }],
    ])
    expect(entries[0]).toMatchObject({ ...byDesk, entityLabel: `Sam Rivera in ${registration.offering.name}` })
    await refusedWithoutEntry(() => mark(true, '2027-01-06'), 400)
  })
})

describe('the dashboard’s background work', () => {
  test('a dead job sent round again: its attempts before and after; one not dead writes nothing', async () => {
    const id = await inTransaction(ctx.db, (tx) => enqueueJob(tx, { kind: 'provider-refund', payload: { refundId: randomUUID() }, now: new Date() }))
    await ctx.db.kysely.updateTable('jobs').set({ status: 'dead', attempts: 5, lastError: 'The provider answered 503.' }).where('id', '=', id).execute()
    expect((await admin.client.post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(200)
    expect((await entriesOf('job-retried', id))[0]).toMatchObject({
      staffId: admin.id,
      entityKind: 'job',
      entityLabel: 'Background job: provider-refund',
      before: { status: 'dead', attempts: 5, lastError: 'The provider answered 503.' },
      after: { status: 'pending', attempts: 0 },
    })
    await refusedWithoutEntry(() => admin.client.post(`/api/admin/jobs/${id}/retry`, {}), 404)
  })
})
