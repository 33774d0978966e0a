import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createTeam } from '../../../../tests/teams.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import type { AttentionKind } from '../../../shared/attention.ts'
import type { AttentionItem, AttentionSection } from '../../../shared/contracts/dashboard-sections.ts'
import type { TeamSummary } from '../../../shared/contracts/teams.ts'
import type { NewLeague } from '../leagues/leagues.queries.ts'
import { insertAcademy } from '../academies/academies.queries.ts'
import { insertDropIn } from '../drop-ins/drop-ins.queries.ts'

/**
 * The Dashboard's Needs attention section (issue 32, docs/decisions/0029): each kind of item
 * appears when its cause is made, through the site where it can be, and goes by itself when the
 * cause is fixed: a payment at the desk, a waiver signed, an offer or a held team claimed, a
 * retry, a later email or backup, or the clock moved on.
 */
const HOUR = 3_600_000
let clock = new Date()
let ctx: TestApp
let admin: TestUser

beforeAll(async () => {
  ctx = await startTestApp({ now: () => clock })
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())
afterEach(() => {
  clock = new Date()
})

const later = (hours: number) => new Date(Date.now() + hours * HOUR)
const at = (date: Date) => timestampParam(ctx.db.dialect, date)

async function itemsOf(kind: AttentionKind, who: string): Promise<AttentionItem[]> {
  const res = await admin.client.get<AttentionSection>('/api/dashboard/attention')
  expect(res.status, res.text).toBe(200)
  expect(res.body.counts[kind]).toBe(res.body.items.filter((i) => i.kind === kind).length)
  return res.body.items.filter((i) => i.kind === kind && i.who === who)
}

async function register(person: TestUser, leagueId: string): Promise<string> {
  const res = await person.client.post<{ registration: { id: string; status: string } }>(`/api/leagues/${leagueId}/registrations`, {})
  expect(res.status, res.text).toBe(201)
  return res.body.registration.id
}

async function payAtDesk(registrationId: string, amount: string) {
  const res = await admin.client.post(`/api/admin/registrations/${registrationId}/payments`, { amount, method: 'cash', reference: '' })
  expect(res.status, res.text).toBe(201)
}

const orderOf = async (registrationId: string) =>
  (await ctx.db.kysely.selectFrom('orderLines').select('orderId').where('registrationId', '=', registrationId).executeTakeFirstOrThrow()).orderId

const teamLeague = (overrides: Partial<NewLeague> = {}) =>
  createLeague(ctx, { sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMin: 1, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 40000, ...overrides })

describe('Needs attention', () => {
  test('is for admins only', async () => {
    expect((await ctx.client().get('/api/dashboard/attention')).status).toBe(401)
    expect((await (await createUser(ctx, 'employee')).client.get('/api/dashboard/attention')).status).toBe(403)
  })

  test('a place still owing once its league has started, until it is paid at the desk', async () => {
    const leagueId = await createLeague(ctx, { startDate: daysFromToday(2), priceCents: 4500 })
    const person = await createRegistrant(ctx)
    const registrationId = await register(person, leagueId)
    expect(await itemsOf('unpaid', person.displayName)).toEqual([])

    clock = later(3 * 24)
    const [item] = await itemsOf('unpaid', person.displayName)
    expect(item).toMatchObject({ what: expect.stringContaining('Owes $45.00'), link: `/desk/customer/${person.id}` })
    expect(Date.parse(item!.since)).toBeLessThan(clock.getTime())

    await payAtDesk(registrationId, '45.00')
    expect(await itemsOf('unpaid', person.displayName)).toEqual([])
  })

  test('an unpaid drop-in waits from the hour it started in the facility’s time zone, not from the start of its day', async () => {
    // Saturday 11/28/2026, 7:00 PM in New York is midnight UTC; 11:00 PM there is four hours later.
    clock = new Date('2026-11-28T15:00:00Z')
    const dropInId = await insertDropIn(ctx.db, { name: `Evening Open Gym ${randomUUID().slice(0, 6)}`, sport: 'basketball', isActive: true, forChildren: false, date: '2026-11-28', startTime: '19:00', endTime: '21:00', registrationDate: '2026-11-20', capacity: 15, priceCents: 1_000 }, clock)
    const person = await createRegistrant(ctx)
    const signUp = await person.client.post(`/api/drop-ins/${dropInId}/registrations`, { participants: [{ childId: null, photoConsent: true }] })
    expect(signUp.status, signUp.text).toBeLessThan(300)

    clock = new Date('2026-11-28T23:30:00Z')
    expect(await itemsOf('unpaid', person.displayName)).toEqual([])
    clock = new Date('2026-11-29T04:00:00Z')
    const [item] = await itemsOf('unpaid', person.displayName)
    expect(item).toMatchObject({ what: expect.stringContaining('Owes $10.00 on Evening Open Gym'), since: '2026-11-29T00:00:00.000Z' })
    expect(item!.what).toContain('which started on 11/28/2026')
  })

  test('an unpaid academy place waits from its first session, not from the day its range was set from', async () => {
    // Set from Sunday 11/8/2026, meeting Tuesdays at 6:00 PM: it started on Tuesday 11/10, 11:00 PM UTC.
    clock = new Date('2026-11-01T15:00:00Z')
    const academyId = await insertAcademy(ctx.db, { name: `Tuesday Skills ${randomUUID().slice(0, 6)}`, sport: 'soccer', isActive: true, forChildren: false, weekdays: [2], startTime: '18:00', endTime: '19:00', registrationDate: '2026-10-20', startDate: '2026-11-08', endDate: '2026-12-20', capacity: 16, priceCents: 18_000 })
    const person = await createRegistrant(ctx)
    const signUp = await person.client.post(`/api/academies/${academyId}/registrations`, { participants: [{ childId: null, photoConsent: true }] })
    expect(signUp.status, signUp.text).toBeLessThan(300)

    clock = new Date('2026-11-09T15:00:00Z')
    expect(await itemsOf('unpaid', person.displayName)).toEqual([])
    clock = new Date('2026-11-12T15:00:00Z')
    const [item] = await itemsOf('unpaid', person.displayName)
    expect(item).toMatchObject({ what: expect.stringContaining('which started on 11/10/2026'), since: '2026-11-10T23:00:00.000Z' })
  })

  test('a payment plan’s part past its day, until it is paid', async () => {
    const leagueId = await createLeague(ctx, { priceCents: 9000 })
    const { productId } = await ctx.db.kysely.selectFrom('offerings').select('productId').where('leagueId', '=', leagueId).executeTakeFirstOrThrow()
    await ctx.db.kysely.updateTable('products').set({ planDepositCents: 3000, planDueDates: daysFromToday(3) }).where('id', '=', productId!).execute()
    const person = await createRegistrant(ctx)
    const registrationId = await register(person, leagueId)
    expect(await itemsOf('plan-overdue', person.displayName)).toEqual([])

    clock = later(5 * 24)
    expect(await itemsOf('plan-overdue', person.displayName)).toEqual([expect.objectContaining({ what: expect.stringContaining('1 payment-plan part overdue') })])
    await payAtDesk(registrationId, '90.00')
    expect(await itemsOf('plan-overdue', person.displayName)).toEqual([])
  })

  test('a team still forming in the week before its roster deadline, until its fee is paid', async () => {
    const leagueId = await teamLeague({ rosterDeadline: daysFromToday(10) })
    const captain = await createRegistrant(ctx)
    const team = await createTeam(captain, leagueId, `Forming ${randomUUID().slice(0, 6)}`)
    expect(await itemsOf('team-forming', team.name)).toEqual([])

    clock = later(5 * 24)
    expect(await itemsOf('team-forming', team.name)).toEqual([expect.objectContaining({ link: `/league/${leagueId}/team/${team.id}` })])
    await payAtDesk(team.entry!.registrationId, '400.00')
    expect(await itemsOf('team-forming', team.name)).toEqual([])
  })

  test('a place offered from the waitlist within a day of lapsing, until it is claimed', async () => {
    const leagueId = await createLeague(ctx, { capacity: 1 })
    const first = await createRegistrant(ctx)
    const next = await createRegistrant(ctx)
    const taken = await register(first, leagueId)
    const waiting = await register(next, leagueId)
    expect((await first.client.post(`/api/registrations/${taken}/cancel`, {})).status).toBe(200)
    const offer = await ctx.db.kysely.selectFrom('registrations').select(['status', 'offerExpiresAt']).where('id', '=', waiting).executeTakeFirstOrThrow()
    expect(offer.status).toBe('offered')
    expect(await itemsOf('offer-expiring', next.displayName)).toEqual([])

    clock = new Date(new Date(offer.offerExpiresAt!).getTime() - 12 * HOUR)
    expect(await itemsOf('offer-expiring', next.displayName)).toHaveLength(1)
    const claimed = await next.client.post(`/api/registrations/${waiting}/claim`)
    expect(claimed.status, claimed.text).toBe(200)
    expect(await itemsOf('offer-expiring', next.displayName)).toEqual([])
  })

  test('a team place held for its captain, until the captain claims it', async () => {
    const leagueId = await teamLeague()
    const captain = await createRegistrant(ctx)
    const name = `Held ${randomUUID().slice(0, 6)}`
    const held = await admin.client.post<{ team: TeamSummary }>('/api/admin/teams', { leagueId, name, captainEmail: captain.email })
    expect(held.status, held.text).toBe(201)
    expect(await itemsOf('team-hold', name)).toEqual([expect.objectContaining({ what: expect.stringContaining(captain.email) })])

    const mail = await ctx.db.kysely.selectFrom('outbox').select('text').where('recipient', '=', captain.email).orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
    const invite = new URL(/https?:\/\/\S+signUp\?invite=\S+/.exec(mail.text)![0]).searchParams.get('invite')
    const claimed = await captain.client.post(`/api/leagues/${leagueId}/teams/${held.body.team.id}/claim`, { invite })
    expect(claimed.status, claimed.text).toBe(200)
    expect(await itemsOf('team-hold', name)).toEqual([])
  })

  test('a registered person without the current waiver, until it is signed', async () => {
    const leagueId = await createLeague(ctx)
    await ctx.db.kysely.updateTable('leagues').set({ waiverRequired: boolParam(ctx.db.dialect, false) }).where('id', '=', leagueId).execute()
    const person = await createUser(ctx)
    await register(person, leagueId)
    expect(await itemsOf('waiver-missing', person.displayName)).toEqual([expect.objectContaining({ link: `/desk/customer/${person.id}` })])
    await signWaiver(person)
    expect(await itemsOf('waiver-missing', person.displayName)).toEqual([])
  })

  test('a failed online payment on an order that still owes, until it is paid; a refund unconfirmed after a day, until confirmed', async () => {
    const leagueId = await createLeague(ctx, { priceCents: 4500 })
    const person = await createRegistrant(ctx)
    const registrationId = await register(person, leagueId)
    const now = new Date()
    await ctx.db.kysely
      .insertInto('checkouts')
      .values({ id: randomUUID(), provider: 'stripe', orderId: await orderOf(registrationId), payerUserId: person.id, amountCents: 4500, status: 'failed', externalId: null, url: null, expiresAt: at(now), paymentId: null, createdAt: at(now), updatedAt: at(now) })
      .execute()
    expect(await itemsOf('online-payment', person.displayName)).toEqual([expect.objectContaining({ what: expect.stringContaining('failed') })])
    await payAtDesk(registrationId, '45.00')
    expect(await itemsOf('online-payment', person.displayName)).toEqual([])

    const payment = await ctx.db.kysely.selectFrom('payments').select('id').where('orderId', '=', await orderOf(registrationId)).executeTakeFirstOrThrow()
    const refundId = randomUUID()
    await ctx.db.kysely
      .insertInto('refunds')
      .values({ id: refundId, paymentId: payment.id, amountCents: 1000, provider: 'stripe', externalId: null, reason: null, status: 'pending', recordedBy: null, recordedAt: at(now) })
      .execute()
    expect(await itemsOf('online-payment', person.displayName)).toEqual([])
    clock = later(25)
    expect(await itemsOf('online-payment', person.displayName)).toEqual([expect.objectContaining({ what: expect.stringContaining('not confirmed') })])
    await ctx.db.kysely.updateTable('refunds').set({ status: 'succeeded' }).where('id', '=', refundId).execute()
    expect(await itemsOf('online-payment', person.displayName)).toEqual([])
  })

  test('background work that gave up, until an admin sends it round again', async () => {
    const id = randomUUID()
    const now = at(new Date())
    const kind = `provider-refund`
    await ctx.db.kysely.insertInto('jobs').values({ id, kind, payload: JSON.stringify({ refundId: randomUUID() }), status: 'dead', attempts: 8, runAt: now, lastError: `answered 503 (${id})`, createdAt: now, updatedAt: now }).execute()
    const mine = async () => (await itemsOf('failed-work', kind)).filter((i) => i.what.includes(id))
    expect(await mine()).toHaveLength(1)
    expect((await admin.client.post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(200)
    expect(await mine()).toEqual([])
  })

  test('an email that could not be sent, until one with its subject reaches the address', async () => {
    const recipient = `bounced-${randomUUID().slice(0, 8)}@example.com`
    const email = (status: 'failed' | 'sent', when: Date) => ({
      id: randomUUID(),
      recipient,
      subject: 'Your receipt',
      text: 'Thank you.',
      status,
      lastError: status === 'failed' ? '550 mailbox unavailable' : null,
      nextAttemptAt: at(when),
      createdAt: at(when),
      sentAt: status === 'sent' ? at(when) : null,
    })
    await ctx.db.kysely.insertInto('outbox').values(email('failed', new Date(Date.now() - HOUR))).execute()
    expect(await itemsOf('email-failed', recipient)).toEqual([expect.objectContaining({ what: expect.stringContaining('550 mailbox unavailable'), link: '/outbox' })])
    await ctx.db.kysely.insertInto('outbox').values(email('sent', new Date())).execute()
    expect(await itemsOf('email-failed', recipient)).toEqual([])
  })

  test('a failed backup, until a later one is made', async () => {
    const backup = (status: 'failed' | 'done', when: Date) => ({
      id: randomUUID(),
      trigger: 'command' as const,
      status,
      file: '/backups/facility.db',
      sizeBytes: status === 'done' ? 1024 : null,
      error: status === 'failed' ? 'No space left on the disk' : null,
      startedAt: at(when),
      finishedAt: at(when),
    })
    expect(await itemsOf('backup', 'Backups')).toEqual([])
    await ctx.db.kysely.insertInto('backups').values(backup('failed', new Date(Date.now() - 2 * HOUR))).execute()
    expect(await itemsOf('backup', 'Backups')).toEqual([expect.objectContaining({ what: expect.stringContaining('No space left') })])
    await ctx.db.kysely.insertInto('backups').values(backup('done', new Date(Date.now() - HOUR))).execute()
    expect(await itemsOf('backup', 'Backups')).toEqual([])
  })

  test('lists the newest wait first and counts every kind', async () => {
    const res = await admin.client.get<AttentionSection>('/api/dashboard/attention')
    const since = res.body.items.map((i) => i.since)
    expect(since).toEqual([...since].sort().reverse())
    expect(Object.values(res.body.counts).reduce((a, b) => a + b, 0)).toBe(res.body.items.length)
  })
})
