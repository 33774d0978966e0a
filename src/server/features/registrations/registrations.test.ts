import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { facilityToday, formatDate } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import type { Receipt, RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { leaguePlaces } from './league-places.ts'
import { recordPayment, recordRefund } from '../../core/payments/orders.queries.ts'
import { inTransaction } from '../../db/transaction.ts'

let ctx: TestApp
let clockOffsetMs = 0
const HOUR = 3_600_000

beforeAll(async () => {
  ctx = await startTestApp({ now: () => new Date(Date.now() + clockOffsetMs) })
})
afterAll(() => ctx.close())

const register = (user: TestUser, leagueId: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  user.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, body, headers)

async function mine(user: TestUser): Promise<RegistrationView[]> {
  return (await user.client.get<{ registrations: RegistrationView[] }>('/api/registrations/mine')).body.registrations
}

async function placesTaken(leagueId: string): Promise<number> {
  return (await leaguePlaces(ctx.db, leagueId)).placesTaken
}

/** The registration emails sent to an address, oldest first (the account's confirmation email left out). */
async function emailsTo(email: string): Promise<string[]> {
  const rows = await ctx.db.kysely
    .selectFrom('outbox')
    .select('subject')
    .where('recipient', '=', email)
    .where('subject', 'not like', 'Confirm your email address%')
    .orderBy('createdAt')
    .execute()
  return rows.map((r) => r.subject)
}

describe('capacity', () => {
  test('the last place is confirmed and the next person is waitlisted with their position', async () => {
    const league = await createLeague(ctx, { capacity: 2 })
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createRegistrant(ctx)))
    expect((await register(a!, league)).body.registration.status).toBe('confirmed')
    const second = await register(b!, league)
    expect(second.status).toBe(201)
    expect(second.body.registration).toMatchObject({ status: 'confirmed', waitlistPosition: null, priceCents: 4500, balanceCents: 4500 })
    const third = await register(c!, league)
    expect(third.body.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, waitlistSize: 1 })
    const fourth = await register(d!, league)
    expect(fourth.body.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 2, waitlistSize: 2 })
    expect(await placesTaken(league)).toBe(2)
  })

  test('thirty people registering at once for ten places: exactly ten confirmed, twenty waitlisted in order', async () => {
    const league = await createLeague(ctx, { capacity: 10 })
    const people = await Promise.all(Array.from({ length: 30 }, () => createRegistrant(ctx)))
    const results = await Promise.all(people.map((p) => register(p, league)))
    expect(results.every((r) => r.status === 201)).toBe(true)
    const statuses = results.map((r) => r.body.registration.status)
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(10)
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(20)
    const positions = results.map((r) => r.body.registration.waitlistPosition).filter((p) => p !== null)
    expect(new Set(positions).size).toBe(20)
    expect(await placesTaken(league)).toBe(10)
  })

  test('a league without a capacity takes everyone', async () => {
    const league = await createLeague(ctx, { capacity: null })
    const people = await Promise.all(Array.from({ length: 5 }, () => createRegistrant(ctx)))
    const results = await Promise.all(people.map((p) => register(p, league)))
    expect(results.map((r) => r.body.registration.status)).toEqual(Array(5).fill('confirmed'))
  })
})

describe('one registration per person, however often they submit', () => {
  test('a double submit at the same moment gives one registration', async () => {
    const league = await createLeague(ctx, { capacity: 5 })
    const user = await createRegistrant(ctx)
    const [first, second] = await Promise.all([register(user, league), register(user, league)])
    expect(first.body.registration.id).toBe(second.body.registration.id)
    expect([first.status, second.status].sort()).toEqual([200, 201])
    expect(await mine(user)).toHaveLength(1)
    expect(await placesTaken(league)).toBe(1)
  })

  test('a refresh later returns the same registration with 200', async () => {
    const league = await createLeague(ctx)
    const user = await createRegistrant(ctx)
    const first = await register(user, league)
    const again = await register(user, league)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ registration: first.body.registration, created: false })
  })

  test('a retry with the same Idempotency-Key settles to the same result', async () => {
    const league = await createLeague(ctx, { capacity: 1 })
    const user = await createRegistrant(ctx)
    const key = `retry-${randomUUID()}`
    const attempts = await Promise.all([1, 2, 3].map(() => register(user, league, {}, { 'idempotency-key': key })))
    expect(new Set(attempts.map((a) => a.body.registration.id)).size).toBe(1)
    expect(await placesTaken(league)).toBe(1)
  })

  test('the same Idempotency-Key for another league is refused, and a malformed key is a 400', async () => {
    const [l1, l2] = await Promise.all([createLeague(ctx), createLeague(ctx)])
    const user = await createRegistrant(ctx)
    const key = `key-${randomUUID()}`
    await register(user, l1, {}, { 'idempotency-key': key })
    expect((await register(user, l2, {}, { 'idempotency-key': key })).status).toBe(409)
    expect((await register(user, l2, {}, { 'idempotency-key': 'x' })).status).toBe(400)
  })

  test('after cancelling, the person may register again', async () => {
    const league = await createLeague(ctx)
    const user = await createRegistrant(ctx)
    const first = await register(user, league)
    expect((await user.client.post(`/api/registrations/${first.body.registration.id}/cancel`, {})).status).toBe(200)
    const again = await register(user, league)
    expect(again.status).toBe(201)
    expect(again.body.registration.id).not.toBe(first.body.registration.id)
  })
})

describe('waitlist promotion and the claim window', () => {
  test('a cancellation offers the place to the first waitlisted person, who is emailed and can claim it', async () => {
    const league = await createLeague(ctx, { capacity: 1 })
    const [holder, first, second] = await Promise.all([1, 2, 3].map(() => createRegistrant(ctx)))
    const held = await register(holder!, league)
    await register(first!, league)
    await register(second!, league)

    await holder!.client.post(`/api/registrations/${held.body.registration.id}/cancel`, {})
    const [offered] = await mine(first!)
    expect(offered).toMatchObject({ status: 'offered', waitlistPosition: null })
    expect(Date.parse(offered!.offerExpiresAt!) - Date.now()).toBeGreaterThan(47 * HOUR)
    expect(await emailsTo(first!.email)).toContain(`A place opened up: ${offered!.offering.name}`)
    expect((await mine(second!))[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, waitlistSize: 1 })
    expect(await placesTaken(league)).toBe(1)

    const claim = await first!.client.post<{ registration: RegistrationView }>(`/api/registrations/${offered!.id}/claim`, {})
    expect(claim.status).toBe(200)
    expect(claim.body.registration.status).toBe('confirmed')
    expect(await emailsTo(holder!.email)).toContain(`Registration cancelled: ${offered!.offering.name}`)
  })

  test('an offer not claimed in time goes to the next person', async () => {
    const league = await createLeague(ctx, { capacity: 1 })
    const [holder, first, second] = await Promise.all([1, 2, 3].map(() => createRegistrant(ctx)))
    const held = await register(holder!, league)
    await register(first!, league)
    await register(second!, league)
    await holder!.client.post(`/api/registrations/${held.body.registration.id}/cancel`, {})
    const [offer] = await mine(first!)

    const { expireLapsed } = await import('../../core/registrations/waitlist.ts')
    const later = new Date(Date.now() + 49 * HOUR)
    await expireLapsed(ctx.db, { now: later, claimWindowMs: 48 * HOUR, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })
    expect((await mine(first!))[0]!.status).toBe('expired')
    expect((await mine(second!))[0]!.status).toBe('offered')
    expect(await placesTaken(league)).toBe(1)

    clockOffsetMs = 49 * HOUR
    try {
      const late = await first!.client.post(`/api/registrations/${offer!.id}/claim`, {})
      expect(late.status).toBe(404)
    } finally {
      clockOffsetMs = 0
    }
  })

  test('claiming after the window (before the sweeper ran) is refused', async () => {
    const league = await createLeague(ctx, { capacity: 1 })
    const [holder, waiting] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const held = await register(holder!, league)
    await register(waiting!, league)
    await holder!.client.post(`/api/registrations/${held.body.registration.id}/cancel`, {})
    const [offer] = await mine(waiting!)
    clockOffsetMs = 48 * HOUR + 1000
    try {
      const res = await waiting!.client.post<{ error: { message: string } }>(`/api/registrations/${offer!.id}/claim`, {})
      expect(res.status).toBe(409)
      expect(res.body.error.message).toBe('The claim window for this place has passed.')
    } finally {
      clockOffsetMs = 0
    }
  })

  test('when nobody is waiting, a cancellation frees the place for the next registrant', async () => {
    const league = await createLeague(ctx, { capacity: 1 })
    const [a, b] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const held = await register(a!, league)
    await a!.client.post(`/api/registrations/${held.body.registration.id}/cancel`, {})
    expect(await placesTaken(league)).toBe(0)
    expect((await register(b!, league)).body.registration.status).toBe('confirmed')
  })

  test('someone else cannot cancel or claim my registration', async () => {
    const league = await createLeague(ctx)
    const [owner, other] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const held = await register(owner!, league)
    expect((await other!.client.post(`/api/registrations/${held.body.registration.id}/cancel`, {})).status).toBe(404)
    expect((await other!.client.post(`/api/registrations/${held.body.registration.id}/claim`, {})).status).toBe(404)
    expect((await mine(owner!))[0]!.status).toBe('confirmed')
  })
})

describe('waiver', () => {
  test('registration needs a signed current waiver; a new version makes people sign again', async () => {
    const league = await createLeague(ctx)
    const user = await createUser(ctx, 'customer')
    const unsigned = await register(user, league)
    expect(unsigned.status).toBe(409)
    expect(unsigned.body).toMatchObject({ error: { message: 'Please sign the current waiver before registering.', fields: { waiver: 'WAIVER_REQUIRED' } } })

    await signWaiver(user)
    expect((await register(user, league)).status).toBe(201)

    const admin = await createUser(ctx, 'admin')
    const published = await admin.client.post<{ waiver: { version: number } }>('/api/admin/waiver', { body: 'Version two of the waiver text, long enough.' })
    expect(published.status).toBe(201)
    const other = await createLeague(ctx)
    expect((await register(user, other)).status).toBe(409)
    await signWaiver(user)
    expect((await register(user, other)).status).toBe(201)
  })

  test('a signature stores the typed name, time, IP and version', async () => {
    const user = await createUser(ctx, 'customer')
    await signWaiver(user)
    const row = await ctx.db.kysely.selectFrom('waiverSignatures').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow()
    const { body } = await ctx.client().get<{ waiver: { version: number } }>('/api/waiver')
    expect(row).toMatchObject({ signedName: user.displayName, waiverVersion: body.waiver.version, ipAddress: '127.0.0.1', subjectKey: 'self' })
    expect(row.signedAt).toBeTruthy()
  })

  test('signing needs a typed name and the agreement box', async () => {
    const user = await createUser(ctx, 'customer')
    const res = await user.client.post('/api/waiver/signatures', { signedName: '' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      error: { fields: { signedName: 'Full name is required.', agree: 'Please tick the box to agree to the waiver.' } },
    })
  })

  test('only admins publish waivers', async () => {
    const employee = await createUser(ctx, 'employee')
    expect((await employee.client.post('/api/admin/waiver', { body: 'An employee should not be able to publish this.' })).status).toBe(403)
  })
})

describe('kids sports', () => {
  test('a guardian registers two children; each needs their own waiver signature', async () => {
    const league = await createLeague(ctx, { sport: 'kids', minAge: 6, maxAge: 12, startDate: daysFromToday(20) })
    const guardian = await createRegistrant(ctx)
    const sam = await addChild(guardian, { firstName: 'Sam', dateOfBirth: '2017-03-01' })
    const ava = await addChild(guardian, { firstName: 'Ava', dateOfBirth: '2019-08-15' })
    expect((await register(guardian, league, { childId: sam })).status).toBe(409)
    await signWaiver(guardian, sam)
    await signWaiver(guardian, ava)
    const first = await register(guardian, league, { childId: sam })
    const second = await register(guardian, league, { childId: ava })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(first.body.registration.child?.name).toBe('Sam Rivera')
    expect(second.body.registration.child?.name).toBe('Ava Rivera')
    expect(await mine(guardian)).toHaveLength(2)
  })

  test('a kids league needs a child, and the child must fit the age range on the start date', async () => {
    const league = await createLeague(ctx, { sport: 'kids', minAge: 6, maxAge: 9, startDate: '2030-09-01', endDate: '2030-12-01' })
    const guardian = await createRegistrant(ctx)
    expect((await register(guardian, league)).status).toBe(400)
    const tooOld = await addChild(guardian, { firstName: 'Max', dateOfBirth: '2020-08-31' })
    await signWaiver(guardian, tooOld)
    const res = await register(guardian, league, { childId: tooOld })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { message: expect.stringContaining('Max will be 10 when') } })
  })

  test('children go only into leagues meant for them, adults only into adult leagues (issue 9, item 6)', async () => {
    const adults = await createLeague(ctx, { name: 'Adult Soccer', sport: 'soccer' })
    const kids = await createLeague(ctx, { name: 'Little Kickers', sport: 'kids', minAge: 4, maxAge: 8 })
    const guardian = await createRegistrant(ctx)
    const five = await addChild(guardian, { firstName: 'Mia', dateOfBirth: daysFromToday(-5 * 366) })
    await signWaiver(guardian, five)
    const child = await register(guardian, adults, { childId: five })
    expect(child.status).toBe(400)
    expect(child.body).toMatchObject({
      error: { message: 'Adult Soccer is for adults. Mia can be registered in a Kids Sports league.', fields: { childId: expect.any(String) } },
    })
    expect((await register(guardian, kids)).status).toBe(400)
    expect((await register(guardian, kids, { childId: five })).status).toBe(201)
    expect(await mine(guardian)).toHaveLength(1)
  })

  test("another guardian's child cannot be registered or signed for", async () => {
    const league = await createLeague(ctx, { sport: 'kids' })
    const [guardian, stranger] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const child = await addChild(guardian!)
    expect((await stranger!.client.post('/api/waiver/signatures', { signedName: 'X', agree: 'yes', childId: child })).status).toBe(404)
    expect((await register(stranger!, league, { childId: child })).status).toBe(404)
  })

  test('child details are checked with the form rules', async () => {
    const guardian = await createUser(ctx, 'customer')
    const res = await guardian.client.post('/api/children', { firstName: 'Sam', dateOfBirth: '2999-01-01', emergencyContactPhone: 'abc' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      error: {
        message: 'Form incomplete.',
        fields: { lastName: 'Last name is required.', emergencyContactPhone: 'Please enter a valid phone number with its area code, or + and the country code.' },
      },
    })
  })
})

describe('league rules', () => {
  test('an inactive or unknown league is a 404; before the registration date is a 409 with the date', async () => {
    const user = await createRegistrant(ctx)
    const inactive = await createLeague(ctx, { isActive: false })
    expect((await register(user, inactive)).status).toBe(404)
    expect((await register(user, 'no-such-league')).status).toBe(404)
    const future = await createLeague(ctx, { name: 'Future League', registrationDate: '2099-01-05', startDate: '2099-02-01', endDate: '2099-03-01' })
    const res = await register(user, future)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: { message: 'Registration for Future League opens on 1/5/2099.' } })
  })

  test('registration closes when the league starts, unless staff set a later deadline (issue 9, item 7)', async () => {
    // The facility's days, as the server counts them.
    const day = (offset: number) => addDays(facilityToday(new Date(), ctx.config.site.timeZone), offset)
    const user = await createRegistrant(ctx)
    const started = await createLeague(ctx, { name: 'Started League', registrationDate: day(-40), startDate: day(-21), endDate: day(30) })
    const res = await register(user, started)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: { message: `Registration for Started League closed on ${formatDate(day(-22))}.` } })
    const startsToday = await createLeague(ctx, { registrationDate: day(-10), startDate: day(0), endDate: day(30) })
    expect((await register(user, startsToday)).status).toBe(409)
    const startsTomorrow = await createLeague(ctx, { registrationDate: day(-10), startDate: day(1), endDate: day(30) })
    expect((await register(user, startsTomorrow)).status).toBe(201)
    const lateDeadline = await createLeague(ctx, { registrationDate: day(-40), startDate: day(-21), registrationDeadline: day(0), endDate: day(30) })
    expect((await register(user, lateDeadline)).status).toBe(201)
    const pastDeadline = await createLeague(ctx, { registrationDate: day(-40), startDate: day(-21), registrationDeadline: day(-1), endDate: day(30) })
    expect((await register(user, pastDeadline)).status).toBe(409)
    expect(await placesTaken(started)).toBe(0)
  })

  test('a team league is not open for individual registration', async () => {
    const user = await createRegistrant(ctx)
    const team = await createLeague(ctx, { kind: 'team' })
    expect((await register(user, team)).status).toBe(404)
  })

  test('a signed-out visitor is asked to sign in', async () => {
    const league = await createLeague(ctx)
    const res = await ctx.client().post(`/api/leagues/${league}/registrations`, {})
    expect(res.status).toBe(401)
  })
})

describe('receipts', () => {
  test('the owner, employees and admins can open a receipt; another customer and visitors cannot', async () => {
    const league = await createLeague(ctx, { name: 'Receipt League', priceCents: 6000 })
    const owner = await createRegistrant(ctx)
    const { registration } = (await register(owner, league)).body
    const url = `/api/receipts/user/${owner.id}/league/${league}/registration/${registration.id}`

    const ownView = await owner.client.get<{ receipt: Receipt }>(url)
    expect(ownView.status).toBe(200)
    expect(ownView.body.receipt).toMatchObject({
      receiptNumber: registration.receiptNumber,
      offering: { kind: 'league-place', ownerId: league, name: 'Receipt League', details: { kind: 'league-place', league: { id: league } } },
      registrantName: owner.displayName,
      priceCents: 6000,
      paidCents: 0,
      balanceCents: 6000,
      status: 'confirmed',
      payments: [],
    })
    expect((await (await createUser(ctx, 'employee')).client.get(url)).status).toBe(200)
    expect((await (await createUser(ctx, 'admin')).client.get(url)).status).toBe(200)

    const other = await createUser(ctx, 'customer')
    const denied = await other.client.get(url)
    const missing = await other.client.get(`/api/receipts/user/${other.id}/league/${league}/registration/${randomUUID()}`)
    expect(denied.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(denied.body).toEqual(missing.body)
    expect((await ctx.client().get(url)).status).toBe(401)

    // Every id must belong to the same registration: swapping one gives 404.
    const otherLeague = await createLeague(ctx)
    expect((await owner.client.get(`/api/receipts/user/${owner.id}/league/${otherLeague}/registration/${registration.id}`)).status).toBe(404)
    expect((await owner.client.get(`/api/receipts/user/${owner.id}/league/${league}`)).body).toMatchObject({ receipt: { id: registration.id } })
  })

  test('an online payment shows its card, and a refund through Stripe whether it went through; a failed one is not counted', async () => {
    const league = await createLeague(ctx, { name: 'Card League', priceCents: 6000 })
    const owner = await createRegistrant(ctx)
    const { registration } = (await register(owner, league)).body
    const { orderId } = await ctx.db.kysely.selectFrom('orderLines').select('orderId').where('registrationId', '=', registration.id).executeTakeFirstOrThrow()
    const now = new Date()
    const paid = await inTransaction(ctx.db, (tx) =>
      recordPayment(tx, {
        orderId,
        amountCents: 6000,
        provider: 'stripe',
        externalId: `cs_test_${registration.id}`,
        method: 'online',
        reference: `pi_test_${registration.id}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        recordedBy: null,
        now,
      }),
    )
    if (paid.status !== 'recorded') throw new Error(`payment ${paid.status}`)
    const refund = async (amountCents: number, status: 'pending' | 'failed', at: Date) => {
      const done = await inTransaction(ctx.db, (tx) =>
        recordRefund(tx, { paymentId: paid.id, amountCents, externalId: `re_test_${status}_${registration.id}`, reason: null, recordedBy: null, now: at }),
      )
      if (done.status !== 'recorded') throw new Error(`refund ${done.status}`)
      await ctx.db.kysely.updateTable('refunds').set({ status }).where('id', '=', done.id).execute()
    }
    await refund(1000, 'pending', new Date(now.getTime() + 1000))
    await refund(2000, 'failed', new Date(now.getTime() + 2000))

    const url = `/api/receipts/user/${owner.id}/league/${league}/registration/${registration.id}`
    const { receipt } = (await owner.client.get<{ receipt: Receipt }>(url)).body
    expect(receipt.payments).toMatchObject([
      { move: 'payment', amountCents: 6000, method: 'online', reference: `pi_test_${registration.id}`, card: { brand: 'visa', last4: '4242' }, status: 'succeeded' },
      { move: 'refund', amountCents: -1000, method: 'online', status: 'pending' },
      { move: 'refund', amountCents: -2000, method: 'online', status: 'failed' },
    ])
    // Neither gave anything back yet: the pending one counts once Stripe confirms it, the failed one never.
    expect(receipt).toMatchObject({ paidCents: 6000, balanceCents: 0 })
    await ctx.db.kysely.updateTable('refunds').set({ status: 'succeeded' }).where('paymentId', '=', paid.id).where('status', '=', 'pending').execute()
    const settled = (await owner.client.get<{ receipt: Receipt }>(url)).body.receipt
    expect(settled).toMatchObject({ paidCents: 5000, balanceCents: 1000 })
  })
})

describe('desk payments and staff changes', () => {
  test("the pending list is searched by the registrant's name or email, or a child's name, % and _ taken as themselves", async () => {
    const league = await createLeague(ctx, { priceCents: 5000 })
    const kids = await createLeague(ctx, { sport: 'kids', priceCents: 3000 })
    const [one, two] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const admin = await createUser(ctx, 'admin')
    await ctx.db.kysely.updateTable('users').set({ displayName: 'Quinn Zebulon-Park' }).where('id', '=', one!.id).execute()
    const mine = (await register(one!, league)).body.registration
    const childId = await addChild(two!, { firstName: 'Xanthe', lastName: 'Okafor' })
    await signWaiver(two!, childId)
    const childs = (await register(two!, kids, { childId })).body.registration
    const search = async (q: string) =>
      (await admin.client.get<{ registrations: RegistrationView[] }>(`/api/admin/registrations?q=${encodeURIComponent(q)}`)).body.registrations.map((r) => r.id)

    expect(await search('zebulon')).toEqual([mine.id])
    expect(await search('  QUINN z ')).toEqual([mine.id])
    expect(await search(one!.email.toUpperCase())).toEqual([mine.id])
    expect(await search('xanthe oka')).toEqual([childs.id])
    expect(await search('%')).toEqual([])
    expect(await search('_')).toEqual(expect.not.arrayContaining([mine.id, childs.id]))
    const tooLong = await admin.client.get(`/api/admin/registrations?q=${'a'.repeat(101)}`)
    expect(tooLong.status).toBe(400)
    expect(tooLong.text).toContain('Search for at most 100 characters.')
  })

  test('a desk payment lowers the balance and is logged with who took it; a refund on cancel returns it', async () => {
    const league = await createLeague(ctx, { capacity: 1, priceCents: 5000 })
    const [customer, waiting] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const admin = await createUser(ctx, 'admin')
    const { registration } = (await register(customer!, league)).body
    await register(waiting!, league)

    const pending = await admin.client.get<{ registrations: RegistrationView[] }>(`/api/admin/registrations?leagueId=${league}`)
    expect(pending.body.registrations.map((r) => r.id)).toContain(registration.id)

    const paid = await admin.client.post<{ registration: RegistrationView }>(`/api/admin/registrations/${registration.id}/payments`, {
      amount: '30.00',
      method: 'cash',
      reference: 'Drawer 2',
    })
    expect(paid.status).toBe(201)
    expect(paid.body.registration).toMatchObject({ paidCents: 3000, balanceCents: 2000 })
    const tooMuch = await admin.client.post(`/api/admin/registrations/${registration.id}/payments`, { amount: '25', method: 'card' })
    expect(tooMuch.status).toBe(400)
    const badMethod = await admin.client.post(`/api/admin/registrations/${registration.id}/payments`, { amount: '5', method: 'bitcoin' })
    expect(badMethod.status).toBe(400)

    const cancelled = await admin.client.post<{ registration: RegistrationView }>(`/api/admin/registrations/${registration.id}/cancel`, { refund: true })
    expect(cancelled.body.registration).toMatchObject({ status: 'cancelled', paidCents: 0, balanceCents: 0 })
    expect((await mine(waiting!))[0]!.status).toBe('offered')

    const detail = await admin.client.get<{ history: { action: string; actorName: string | null }[]; payments: { move: string; amountCents: number; method: string }[] }>(
      `/api/admin/registrations/${registration.id}`,
    )
    expect(detail.body.history.map((h) => h.action)).toEqual(['confirmed', 'payment', 'cancelled'])
    expect(detail.body.history[1]!.actorName).toBe(admin.displayName)
    expect(detail.body.payments.map((p) => [p.move, p.amountCents, p.method])).toEqual([['payment', 3000, 'cash'], ['refund', -3000, 'cash']])
  })

  test('declining frees the place for the waitlist; ending twice is a 409', async () => {
    const league = await createLeague(ctx, { capacity: 1 })
    const [customer, waiting] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const admin = await createUser(ctx, 'admin')
    const { registration } = (await register(customer!, league)).body
    await register(waiting!, league)
    expect((await admin.client.post(`/api/admin/registrations/${registration.id}/decline`, {})).status).toBe(200)
    expect((await admin.client.post(`/api/admin/registrations/${registration.id}/decline`, {})).status).toBe(409)
    expect((await mine(waiting!))[0]!.status).toBe('offered')
    expect(await emailsTo(customer!.email)).toContain(`Registration declined: ${registration.offering.name}`)
  })

  test('customers cannot use the staff tools; employees run them at the desk (decision 0016)', async () => {
    const league = await createLeague(ctx)
    const customer = await createRegistrant(ctx)
    const { registration } = (await register(customer, league)).body
    const other = await createUser(ctx)
    expect((await other.client.get('/api/admin/registrations')).status).toBe(403)
    expect((await other.client.post(`/api/admin/registrations/${registration.id}/payments`, { amount: '1', method: 'cash' })).status).toBe(403)
    expect((await other.client.post(`/api/admin/registrations/${registration.id}/cancel`, {})).status).toBe(403)
    const employee = await createUser(ctx, 'employee')
    expect((await employee.client.get('/api/admin/registrations')).status).toBe(200)
    const paid = await employee.client.post<{ registration: { payments?: unknown; paidCents: number } }>(`/api/admin/registrations/${registration.id}/payments`, { amount: '1', method: 'cash' })
    expect(paid.status, paid.text).toBe(201)
    expect(paid.body.registration.paidCents).toBe(100)
  })
})

describe('emails', () => {
  test('a confirmation with the receipt link and a waitlist notice are queued in the outbox', async () => {
    const league = await createLeague(ctx, { capacity: 1, name: 'Email League' })
    const [a, b] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    const { registration } = (await register(a!, league)).body
    await register(b!, league)
    const confirmation = await ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', a!.email).where('subject', 'like', 'Registration confirmed%').executeTakeFirstOrThrow()
    expect(confirmation.subject).toBe('Registration confirmed: Email League')
    expect(confirmation.text).toContain(`/receipt/user/${a!.id}/league/${league}/registration/${registration.id}`)
    expect(await emailsTo(b!.email)).toEqual(['You are on the waitlist: Email League'])
  })
})
