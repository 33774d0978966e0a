import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, leagueForm, productForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AuditAction } from '../../../shared/audit.ts'
import type { AuditEntry, AuditPage } from '../../../shared/contracts/audit.ts'
import type { Payment, RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { insertAcademy } from '../academies/academies.queries.ts'
import { createTeam, join } from '../../../../tests/teams.ts'

/**
 * The audit history (issue 32, docs/decisions/0027): every staff action writes its entry — who,
 * when, what changed, from where — in the transaction of its change, so an action refused or
 * failed leaves none; the history is read by admins only and never changed.
 */

let ctx: TestApp
let admin: TestUser
let employee: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  employee = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

const history = async (query = '') => {
  const res = await admin.client.get<AuditPage>(`/api/audit${query}`)
  expect(res.status, res.text).toBe(200)
  return res.body
}
/** The entries of one action on one record, newest first. */
const entriesOf = async (action: AuditAction, entityId: string) => (await history(`?action=${action}`)).entries.filter((e) => e.entityId === entityId)
const count = async () => Number((await ctx.db.kysely.selectFrom('auditEntries').select((f) => f.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

/** Runs a refused action and proves it wrote no entry. */
async function refusedWithoutEntry(act: () => Promise<{ status: number; text: string }>, status: number): Promise<void> {
  const before = await count()
  const res = await act()
  expect(res.status, res.text).toBe(status)
  expect(await count()).toBe(before)
}

const by = (user: TestUser) => ({ staffId: user.id, staffName: user.displayName, address: '127.0.0.1' })

/** A registrant's place in a league of $45, as they took it online. */
async function place(priceCents = 4500): Promise<RegistrationView> {
  const leagueId = await createLeague(ctx, { priceCents })
  const person = await createRegistrant(ctx)
  const res = await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})
  expect(res.status, res.text).toBe(201)
  return res.body.registration
}

const pay = (as: TestUser, registrationId: string, amount: string) =>
  as.client.post(`/api/admin/registrations/${registrationId}/payments`, { amount, method: 'cash', reference: 'R-1' })

describe('each staff action writes its entry, with what changed, in its own transaction', () => {
  test('a role change: the role before and after; refusing an admin their own role writes nothing', async () => {
    const person = await createUser(ctx)
    const res = await admin.client.post('/api/functions/setUserRole', { data: { userId: person.id, role: 'employee' } })
    expect(res.status, res.text).toBe(200)
    const [entry] = await entriesOf('role-changed', person.id)
    expect(entry).toMatchObject({ ...by(admin), entityKind: 'user', entityLabel: person.displayName, before: { role: 'customer' }, after: { role: 'employee' } })
    await refusedWithoutEntry(() => admin.client.post('/api/functions/setUserRole', { data: { userId: admin.id, role: 'customer' } }), 400)
    await refusedWithoutEntry(() => admin.client.post('/api/functions/setUserRole', { data: { userId: 'no-such-user', role: 'employee' } }), 404)
  })

  test('a league made and changed: the form as made, then only the fields that changed; a refused form writes nothing', async () => {
    const made = await admin.client.post<{ league: { id: string; name: string } }>('/api/admin/leagues', leagueForm({ capacity: '20' }))
    expect(made.status, made.text).toBe(201)
    const league = made.body.league
    expect((await entriesOf('league-created', league.id))[0]).toMatchObject({ ...by(admin), entityLabel: league.name, before: null, after: { name: league.name, capacity: '20' } })
    expect((await admin.client.post(`/api/admin/leagues/${league.id}`, { capacity: '24' })).status).toBe(200)
    expect((await entriesOf('league-changed', league.id))[0]).toMatchObject({ before: { capacity: '20' }, after: { capacity: '24' } })
    await refusedWithoutEntry(() => admin.client.post(`/api/admin/leagues/${league.id}`, { startDate: 'soon' }), 400)
  })

  test('an academy, a camp and a drop-in made and changed', async () => {
    const academy = await admin.client.post<{ academy: { id: string } }>('/api/admin/academies', {
      name: 'Audit Academy',
      sport: 'soccer',
      isActive: 'true',
      forChildren: 'false',
      weekdays: '2',
      startTime: '18:00',
      endTime: '19:00',
      registrationDate: daysFromToday(-1),
      startDate: daysFromToday(20),
      endDate: daysFromToday(60),
      price: '180',
      capacity: '16',
    })
    expect(academy.status, academy.text).toBe(201)
    const academyId = academy.body.academy.id
    expect((await admin.client.post(`/api/admin/academies/${academyId}`, { price: '200' })).status).toBe(200)
    expect((await entriesOf('academy-created', academyId))[0]).toMatchObject({ entityKind: 'academy', entityLabel: 'Audit Academy', after: { price: '180' } })
    expect((await entriesOf('academy-changed', academyId))[0]).toMatchObject({ before: { price: '180.00' }, after: { price: '200' } })

    const day = daysFromToday(30)
    const camp = await admin.client.post<{ camp: { id: string } }>('/api/admin/camps', {
      name: 'Audit Camp',
      sport: 'basketball',
      isActive: 'true',
      minAge: '8',
      maxAge: '12',
      startTime: '09:00',
      endTime: '15:00',
      registrationDate: daysFromToday(-1),
      startDate: day,
      endDate: day,
      price: '45',
      capacity: '20',
    })
    expect(camp.status, camp.text).toBe(201)
    expect((await admin.client.post(`/api/admin/camps/${camp.body.camp.id}`, { capacity: '22' })).status).toBe(200)
    expect((await entriesOf('camp-created', camp.body.camp.id))).toHaveLength(1)
    expect((await entriesOf('camp-changed', camp.body.camp.id))[0]).toMatchObject({ before: { capacity: '20' }, after: { capacity: '22' } })

    const dropIn = await admin.client.post<{ dropIn: { id: string } }>('/api/admin/drop-ins', {
      name: 'Audit Open Gym',
      sport: 'basketball',
      isActive: 'true',
      forChildren: 'false',
      date: day,
      startTime: '10:00',
      endTime: '12:00',
      registrationDate: daysFromToday(-1),
      price: '10',
      capacity: '20',
    })
    expect(dropIn.status, dropIn.text).toBe(201)
    expect((await admin.client.post(`/api/admin/drop-ins/${dropIn.body.dropIn.id}`, { endTime: '13:00' })).status).toBe(200)
    expect((await entriesOf('drop-in-created', dropIn.body.dropIn.id))).toHaveLength(1)
    expect((await entriesOf('drop-in-changed', dropIn.body.dropIn.id))[0]).toMatchObject({ before: { endTime: '12:00' }, after: { endTime: '13:00' } })
  })

  test('an academy session cancelled; one already past is refused and writes nothing', async () => {
    const start = [1, 2, 3, 4, 5, 6, 7].map((n) => daysFromToday(n + 7)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 2)!
    const academyId = await insertAcademy(ctx.db, {
      name: 'Audit Tuesday Academy',
      sport: 'soccer',
      isActive: true,
      forChildren: false,
      weekdays: [2],
      startTime: '18:00',
      endTime: '19:00',
      registrationDate: daysFromToday(-1),
      startDate: start,
      endDate: addDays(start, 21),
      capacity: 10,
      priceCents: 10_000,
    })
    const res = await admin.client.post(`/api/admin/academies/${academyId}/sessions/${addDays(start, 7)}/cancel`)
    expect(res.status, res.text).toBe(200)
    expect((await entriesOf('session-cancelled', academyId))[0]).toMatchObject({ entityLabel: 'Audit Tuesday Academy', before: null, after: { date: addDays(start, 7) } })
    await refusedWithoutEntry(() => admin.client.post(`/api/admin/academies/${academyId}/sessions/${addDays(start, 7)}/cancel`), 409)
  })

  test('a product on the price list and a discount code, made and changed; a code already taken writes nothing', async () => {
    const product = await admin.client.post<{ product: { id: string; name: string } }>('/api/admin/products', productForm())
    expect(product.status, product.text).toBe(201)
    const productId = product.body.product.id
    expect((await admin.client.post(`/api/admin/products/${productId}`, { listPrice: '50' })).status).toBe(200)
    expect((await entriesOf('product-created', productId))[0]).toMatchObject({ entityLabel: product.body.product.name, after: { listPrice: '45' } })
    expect((await entriesOf('product-changed', productId))[0]).toMatchObject({ before: { listPrice: '45.00' }, after: { listPrice: '50' } })

    const code = `AUDIT${Math.random().toString(36).slice(2, 6).toUpperCase()}`
    const codeForm = { code, description: '', percentOff: '10', amountOff: '', validFrom: '', validUntil: '', maxUses: '', maxUsesPerPerson: '', isActive: 'true' }
    const made = await admin.client.post<{ discountCode: { id: string } }>('/api/admin/discount-codes', codeForm)
    expect(made.status, made.text).toBe(201)
    const codeId = made.body.discountCode.id
    expect((await admin.client.post(`/api/admin/discount-codes/${codeId}`, { percentOff: '15' })).status).toBe(200)
    expect((await entriesOf('discount-code-created', codeId))[0]).toMatchObject({ entityLabel: code, after: { percentOff: '10', productIds: [] } })
    expect((await entriesOf('discount-code-changed', codeId))[0]).toMatchObject({ before: { percentOff: '10' }, after: { percentOff: '15' } })
    await refusedWithoutEntry(() => admin.client.post('/api/admin/discount-codes', codeForm), 409)
  })

  test('a desk payment and an adjustment: the money before and after; more than the balance writes nothing', async () => {
    const registration = await place()
    expect((await pay(employee, registration.id, '20')).status).toBe(201)
    const [paid] = await entriesOf('desk-payment', registration.id)
    expect(paid).toMatchObject({
      ...by(employee),
      entityKind: 'registration',
      entityLabel: `${registration.registrantName} in ${registration.offering.name}`,
      before: { paidCents: 0, balanceCents: 4500 },
      after: { paidCents: 2000, balanceCents: 2500, payment: { amountCents: 2000, method: 'cash', reference: 'R-1' } },
    })
    await refusedWithoutEntry(() => pay(employee, registration.id, '100'), 400)

    const adjusted = await admin.client.post(`/api/admin/registrations/${registration.id}/adjustments`, { amount: '5', reason: 'Scholarship' })
    expect(adjusted.status, adjusted.text).toBe(201)
    expect((await entriesOf('adjustment', registration.id))[0]).toMatchObject({
      before: { priceCents: 4500, balanceCents: 2500 },
      after: { priceCents: 4000, balanceCents: 2000, adjustment: { amountCents: 500, reason: 'Scholarship' } },
    })
    await refusedWithoutEntry(() => admin.client.post(`/api/admin/registrations/${registration.id}/adjustments`, { amount: '99', reason: 'Too much' }), 400)
  })

  test('a refund from a place’s panel: the money before and after; a refused refund writes nothing', async () => {
    const registration = await place()
    expect((await pay(employee, registration.id, '45')).status).toBe(201)
    const detail = await admin.client.get<{ payments: Payment[] }>(`/api/admin/registrations/${registration.id}`)
    const payment = detail.body.payments[0]!
    const refund = (amount: string, as = admin) => as.client.post(`/api/admin/payments/${payment.id}/refunds`, { amount, reason: 'Moved away', lineId: payment.lineId, lowerPrice: true })
    const res = await refund('15')
    expect(res.status, res.text).toBe(201)
    expect((await entriesOf('refund', registration.id))[0]).toMatchObject({
      ...by(admin),
      before: { priceCents: 4500, paidCents: 4500 },
      after: { priceCents: 3000, paidCents: 3000, refund: { paymentId: payment.id, amountCents: 1500, reason: 'Moved away', lowerPrice: true } },
    })
    await refusedWithoutEntry(() => refund('500'), 400)
    await refusedWithoutEntry(() => refund('5', employee), 403)
  })

  test('a cancellation and a decline: the status before and after; ending a place already ended writes nothing', async () => {
    const cancelled = await place()
    expect((await employee.client.post(`/api/admin/registrations/${cancelled.id}/cancel`, {})).status).toBe(200)
    expect((await entriesOf('cancelled', cancelled.id))[0]).toMatchObject({ ...by(employee), before: { status: 'confirmed' }, after: { status: 'cancelled', refunded: false } })
    await refusedWithoutEntry(() => employee.client.post(`/api/admin/registrations/${cancelled.id}/cancel`, {}), 409)
    await refusedWithoutEntry(async () => {
      const other = await place()
      return employee.client.post(`/api/admin/registrations/${other.id}/cancel`, { refund: true })
    }, 403)

    const declined = await place()
    expect((await admin.client.post(`/api/admin/registrations/${declined.id}/decline`, {})).status).toBe(200)
    expect((await entriesOf('declined', declined.id))[0]).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'declined' } })
  })

  test('a participant moved to another academy: where from and where to; a move to a full academy writes nothing', async () => {
    const academy = (name: string, capacity: number) =>
      insertAcademy(ctx.db, {
        name,
        sport: 'soccer',
        isActive: true,
        forChildren: false,
        weekdays: [2, 4],
        startTime: '18:00',
        endTime: '19:00',
        registrationDate: daysFromToday(-1),
        startDate: daysFromToday(20),
        endDate: daysFromToday(60),
        capacity,
        priceCents: 10_000,
      })
    const [from, to, full] = [await academy('Audit From Academy', 5), await academy('Audit To Academy', 5), await academy('Audit Full Academy', 0)]
    const person = await createRegistrant(ctx)
    const signedUp = await person.client.post<{ registrations: RegistrationView[] }>(`/api/academies/${from}/registrations`, { participants: [{ childId: null, photoConsent: false }] })
    expect(signedUp.status, signedUp.text).toBe(201)
    const registrationId = signedUp.body.registrations[0]!.id
    await refusedWithoutEntry(() => employee.client.post(`/api/admin/academy-registrations/${registrationId}/move`, { academyId: full }), 409)
    const moved = await employee.client.post(`/api/admin/academy-registrations/${registrationId}/move`, { academyId: to })
    expect(moved.status, moved.text).toBe(200)
    expect((await entriesOf('moved', registrationId))[0]).toMatchObject({ ...by(employee), before: { in: 'Audit From Academy' }, after: { in: 'Audit To Academy' } })
  })

  test('a player moved to another team of the league: the league with the team left and the team joined, as their kind names them', async () => {
    const leagueId = await createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 4, teamPayment: 'player-fee', priceCents: 5000 })
    const [c1, c2, player] = [await createRegistrant(ctx), await createRegistrant(ctx), await createRegistrant(ctx)]
    const [from, to] = [await createTeam(c1, leagueId, 'Audit Strikers'), await createTeam(c2, leagueId, 'Audit Keepers')]
    const joined = await join(player, from)
    expect(joined.status, joined.text).toBe(201)
    const registrationId = joined.body.team.players.find((p) => p.userId === player.id)!.registrationId
    const moved = await employee.client.post(`/api/admin/players/${registrationId}/move`, { teamId: to.id })
    expect(moved.status, moved.text).toBe(200)
    expect((await entriesOf('moved', registrationId))[0]).toMatchObject({ ...by(employee), before: { in: `${from.leagueName}, Audit Strikers` }, after: { in: `${to.leagueName}, Audit Keepers` } })
  })

  test('teams imported: one entry a team, in its own transaction; a dry run writes nothing', async () => {
    const leagueId = await createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000 })
    const text = `Audit Hawks,hawks-${Date.now()}@example.com,p1@example.com\nAudit Owls,owls-${Date.now()}@example.com`
    await refusedWithoutEntry(() => employee.client.post('/api/admin/teams/import', { leagueId, text }), 200)
    const res = await employee.client.post('/api/admin/teams/import', { leagueId, text, commit: true })
    expect(res.status, res.text).toBe(200)
    const imported = (await history('?action=teams-imported')).entries.filter((e) => e.entityLabel.startsWith('Audit '))
    expect(imported.map((e) => e.after?.name).sort()).toEqual(['Audit Hawks', 'Audit Owls'])
    expect(imported[0]).toMatchObject({ ...by(employee), entityKind: 'team', before: null })
  })

  test('a waiver version published: the text before and after', async () => {
    const res = await admin.client.post<{ waiver: { version: number } }>('/api/admin/waiver', { body: 'The audited waiver text, long enough to publish.' })
    expect(res.status, res.text).toBe(201)
    const [entry] = await entriesOf('waiver-published', String(res.body.waiver.version))
    expect(entry).toMatchObject({ before: { version: res.body.waiver.version - 1 }, after: { version: res.body.waiver.version, body: 'The audited waiver text, long enough to publish.' } })
  })
})

/** Two entries of one field as [before, after], the one changing it from `first` first (two saves in one millisecond list in either order). */
function inOrder(entries: AuditEntry[], field: string, first: unknown): unknown[][] {
  expect(entries).toHaveLength(2)
  const sides = entries.map((e) => [e.before?.[field], e.after?.[field]])
  const earlier = sides.find(([before]) => before === first)
  expect(earlier, JSON.stringify(sides)).toBeDefined()
  return [earlier!, sides.find((side) => side !== earlier)!]
}

describe('what a record was is read in the change’s transaction, so a change made meanwhile is not lost from it', () => {
  test('desk payments taken at once: each entry starts from where the one before left the money', async () => {
    const registration = await place()
    const paid = await Promise.all(['5', '5', '5', '5'].map((amount) => pay(employee, registration.id, amount)))
    expect(paid.map((res) => res.status)).toEqual([201, 201, 201, 201])
    const entries = (await entriesOf('desk-payment', registration.id)).map((e) => [e.before?.paidCents, e.after?.paidCents])
    expect(entries.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([[0, 500], [500, 1000], [1000, 1500], [1500, 2000]])
  })

  test('a cancellation while a desk payment goes through: the cancellation’s before holds the payment it followed', async () => {
    for (let round = 0; round < 3; round++) {
      const registration = await place()
      const [paid, cancelled] = await Promise.all([pay(employee, registration.id, '20'), employee.client.post(`/api/admin/registrations/${registration.id}/cancel`, {})])
      expect(cancelled.status, cancelled.text).toBe(200)
      const [entry] = await entriesOf('cancelled', registration.id)
      // Taken, the payment went first (an ended place takes none): the cancellation ended a place owing what the payment left, and changed no payment.
      expect(entry).toMatchObject({ before: { status: 'confirmed', balanceCents: paid.status === 201 ? 2500 : 4500 }, after: { status: 'cancelled', refunded: false } })
      expect(entry!.before).not.toHaveProperty('paidCents')
    }
  })

  test('a league and a product changed by two admins at once: the second entry’s before is the first one’s after', async () => {
    const other = await createUser(ctx, 'admin')
    const made = await admin.client.post<{ league: { id: string } }>('/api/admin/leagues', leagueForm({ capacity: '20' }))
    const leagueId = made.body.league.id
    const saved = await Promise.all([admin.client.post(`/api/admin/leagues/${leagueId}`, { capacity: '24' }), other.client.post(`/api/admin/leagues/${leagueId}`, { capacity: '30' })])
    expect(saved.map((res) => res.status)).toEqual([200, 200])
    const [firstLeague, secondLeague] = inOrder(await entriesOf('league-changed', leagueId), 'capacity', '20')
    expect(secondLeague![0]).toBe(firstLeague![1])

    const product = await admin.client.post<{ product: { id: string } }>('/api/admin/products', productForm())
    const productId = product.body.product.id
    const changed = await Promise.all([admin.client.post(`/api/admin/products/${productId}`, { listPrice: '50' }), other.client.post(`/api/admin/products/${productId}`, { listPrice: '60' })])
    expect(changed.map((res) => res.status)).toEqual([200, 200])
    const [firstProduct, secondProduct] = inOrder(await entriesOf('product-changed', productId), 'listPrice', '45.00')
    expect(Number(secondProduct![0])).toBe(Number(firstProduct![1]))
  })

  test('an academy changed by two admins at once: the second entry’s before is the first one’s after', async () => {
    const other = await createUser(ctx, 'admin')
    const academyId = await insertAcademy(ctx.db, {
      name: 'Audit Busy Academy',
      sport: 'soccer',
      isActive: true,
      forChildren: false,
      weekdays: [2],
      startTime: '18:00',
      endTime: '19:00',
      registrationDate: daysFromToday(-1),
      startDate: daysFromToday(20),
      endDate: daysFromToday(60),
      capacity: 10,
      priceCents: 10_000,
    })
    const saved = await Promise.all([admin.client.post(`/api/admin/academies/${academyId}`, { capacity: '12' }), other.client.post(`/api/admin/academies/${academyId}`, { capacity: '14' })])
    expect(saved.map((res) => res.status)).toEqual([200, 200])
    const [first, second] = inOrder(await entriesOf('academy-changed', academyId), 'capacity', '10')
    expect(second![0]).toBe(first![1])
  })
})

describe('the recorder and the table', () => {
  const entry = (staffId: string) => ({
    by: { id: staffId, name: 'Recorder Test', address: '10.0.0.1' },
    action: 'league-changed' as const,
    entity: { kind: 'league' as const, id: 'league-x', label: 'League X' },
    before: { capacity: 1 },
    after: { capacity: 2 },
    now: new Date(),
  })

  test('an entry written in a transaction that then fails is gone with it; outside a transaction it is refused', async () => {
    const staffId = `rolled-back-${Date.now()}`
    await expect(
      inTransaction(ctx.db, async (tx) => {
        await recordStaffAction(tx, entry(staffId))
        throw new Error('the change failed after its entry')
      }),
    ).rejects.toThrow('the change failed after its entry')
    await expect(recordStaffAction(ctx.db, entry(staffId))).rejects.toThrow(/transaction of its change/)
    expect((await history(`?staffId=${staffId}`)).entries).toEqual([])
  })

  test('an entry cannot be changed or deleted, even by the site’s own queries', async () => {
    const staffId = `kept-${Date.now()}`
    await inTransaction(ctx.db, (tx) => recordStaffAction(tx, entry(staffId)))
    await expect(ctx.db.kysely.updateTable('auditEntries').set({ staffName: 'Someone else' }).where('staffId', '=', staffId).execute()).rejects.toThrow(/append only/)
    await expect(ctx.db.kysely.deleteFrom('auditEntries').where('staffId', '=', staffId).execute()).rejects.toThrow(/append only/)
    await expect(sql`delete from ${sql.table('auditEntries')}`.execute(ctx.db.kysely)).rejects.toThrow(/append only/)
    expect((await history(`?staffId=${staffId}`)).entries).toHaveLength(1)
  })
})

describe('reading the history', () => {
  test('admins only: an employee is refused, a signed-out visitor asked to sign in', async () => {
    expect((await employee.client.get('/api/audit')).status).toBe(403)
    expect((await ctx.client().get('/api/audit')).status).toBe(401)
  })

  test('newest first, by staff member, kind, days and record, a page at a time', async () => {
    const clerk = await createUser(ctx, 'employee')
    const registration = await place(10_000)
    for (const amount of ['1', '2', '3']) expect((await pay(clerk, registration.id, amount)).status).toBe(201)
    const mine = await history(`?staffId=${clerk.id}`)
    expect(mine.entries.map((e: AuditEntry) => e.after?.payment)).toMatchObject([{ amountCents: 300 }, { amountCents: 200 }, { amountCents: 100 }])
    expect(mine.staff).toContainEqual({ id: clerk.id, name: clerk.displayName })
    expect((await history(`?staffId=${clerk.id}&action=refund`)).entries).toEqual([])
    expect((await history(`?entityKind=registration&entityId=${registration.id}`)).entries).toHaveLength(3)

    const today = daysFromToday(0)
    expect((await history(`?staffId=${clerk.id}&from=${today}&to=${today}`)).entries).toHaveLength(3)
    expect((await history(`?staffId=${clerk.id}&from=${addDays(today, 1)}`)).entries).toEqual([])
    expect((await history(`?staffId=${clerk.id}&to=${addDays(today, -1)}`)).entries).toEqual([])

    const first = await history('')
    expect(first).toMatchObject({ page: 1, pageSize: 25 })
    const times = first.entries.map((e) => e.at)
    expect(times).toEqual([...times].sort().reverse())
    if (first.hasMore) expect((await history('?page=2')).entries[0]!.at <= times.at(-1)!).toBe(true)
  })

  test('bad filters are refused in words, never a 500', async () => {
    const refused = async (query: string, message: RegExp) => {
      const res = await admin.client.get<{ error: { message: string } }>(`/api/audit${query}`)
      expect(res.status, res.text).toBe(400)
      expect(res.text).toMatch(message)
    }
    await refused('?action=deleted-everything', /Choose a kind of action from the list/)
    await refused('?from=2027-02-30', /Enter a date such as/)
    await refused('?from=2027-03-02&to=2027-03-01', /first day must not be after the last/)
    await refused('?page=0', /Page must be a whole number/)
    await refused('?entityKind=registration', /Give both entityKind and entityId/)
  })

  test('any mix of its filters, however odd, is answered or refused in words', async () => {
    const value = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', '2027-01-05', '2027-13-01', '1e3', '-1', 'refund', 'registration', "' OR 1=1 --", '\u0000'))
    const key = fc.constantFrom('staffId', 'action', 'from', 'to', 'entityKind', 'entityId', 'page')
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 5 }), async (pairs) => {
        const res = await admin.client.get<{ error?: { message: string } }>(`/api/audit?${new URLSearchParams(pairs).toString()}`)
        expect(res.status, res.text).toBeLessThan(500)
        if (res.status !== 200) expect(res.body.error?.message.length, res.text).toBeGreaterThan(0)
      }),
      { numRuns: 30, seed: 32 },
    )
  })
})
