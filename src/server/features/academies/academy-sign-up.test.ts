import { afterAll, beforeAll, expect, test } from 'vitest'
import { addChild, createUser, daysFromToday, latestEmailTo, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { addDays } from '../../../shared/registration-window.ts'
import type { AcademyReceipt, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { insertAcademy, type NewAcademy } from './academies.queries.ts'

/**
 * Signing up for an academy (issue 23): several children in one action and one order, the age of
 * each on the first day, the waiver for each, places then the waitlist, the receipt, and a family
 * cancelling before the first session.
 */

let ctx: TestApp
/** The server's clock: moved past the first session to see a cancellation refused. */
let clock: Date | null = null
beforeAll(async () => {
  ctx = await startTestApp({ now: () => clock ?? new Date() })
})
afterAll(() => ctx.close())

const FIRST_DAY = daysFromToday(30)

const academy = (overrides: Partial<NewAcademy> = {}): NewAcademy => ({
  name: `Skills Academy ${Math.random().toString(36).slice(2, 8)}`,
  sport: 'soccer',
  coach: 'Coach Daniela Ortiz',
  location: 'Field 1',
  isActive: true,
  forChildren: true,
  minAge: 8,
  maxAge: 10,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  startTime: '18:00',
  endTime: '19:00',
  registrationDate: daysFromToday(-1),
  startDate: FIRST_DAY,
  endDate: addDays(FIRST_DAY, 13),
  capacity: 16,
  priceCents: 18_000,
  ...overrides,
})

/** A date of birth making a child `years` old on the first day, less `daysShort` days. */
const bornYearsBefore = (years: number, daysShort = 0) => addDays(`${Number(FIRST_DAY.slice(0, 4)) - years}${FIRST_DAY.slice(4)}`, daysShort)

async function guardianWith(children: Record<string, string>): Promise<{ parent: TestUser; ids: Record<string, string> }> {
  const parent = await createUser(ctx)
  const ids: Record<string, string> = {}
  for (const [firstName, dateOfBirth] of Object.entries(children)) {
    ids[firstName] = await addChild(parent, { firstName, dateOfBirth, notes: `${firstName} is allergic to peanuts` })
    await signWaiver(parent, ids[firstName])
  }
  return { parent, ids }
}

const signUp = (user: TestUser, academyId: string, participants: { childId: string | null; photoConsent: boolean }[], key?: string) =>
  user.client.post<AcademySignUpResult & { error: { message: string; fields?: Record<string, string> } }>(
    `/api/academies/${academyId}/registrations`,
    { participants },
    key ? { 'idempotency-key': key } : {},
  )

const placesOf = (academyId: string) =>
  ctx.db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select(['r.id', 'r.status', 'r.photoConsent'])
    .where('o.academyId', '=', academyId)
    .execute()

test('two children signed up in one action take two places on one order, with each photo choice, and the email lists the sessions', async () => {
  const id = await insertAcademy(ctx.db, academy())
  const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(8) })
  const res = await signUp(parent, id, [
    { childId: ids.Maya!, photoConsent: true },
    { childId: ids.Leo!, photoConsent: false },
  ])
  expect(res.status, res.text).toBe(201)
  expect(res.body.registrations.map((r) => [r.child?.name, r.status])).toEqual([
    ['Maya Rivera', 'confirmed'],
    ['Leo Rivera', 'confirmed'],
  ])
  const orders = await ctx.db.kysely
    .selectFrom('orderLines')
    .select('orderId')
    .where(
      'registrationId',
      'in',
      res.body.registrations.map((r) => r.id),
    )
    .execute()
  expect(new Set(orders.map((o) => o.orderId)).size).toBe(1)
  const consent = new Map((await placesOf(id)).map((p) => [p.id, Boolean(p.photoConsent)]))
  expect(res.body.registrations.map((r) => consent.get(r.id))).toEqual([true, false])

  const email = await latestEmailTo(ctx, parent.email)
  expect(email?.text).toMatch(/Mondays, Tuesdays.*6:00 PM – 7:00 PM\. 14 sessions: /)
})

test('a child too old or too young on the first day is refused with the reason, and nobody of the action takes a place', async () => {
  const id = await insertAcademy(ctx.db, academy())
  const { parent, ids } = await guardianWith({
    Ada: bornYearsBefore(8),
    Ben: bornYearsBefore(8, 1),
    Cy: bornYearsBefore(11, 1),
    Dee: bornYearsBefore(11),
  })
  // Ada turns 8 on the first day and Cy is 10 until the day after it: both fit.
  const fits = await signUp(parent, id, [
    { childId: ids.Ada!, photoConsent: false },
    { childId: ids.Cy!, photoConsent: false },
  ])
  expect(fits.status, fits.text).toBe(201)

  const tooYoung = await signUp(parent, id, [{ childId: ids.Ben!, photoConsent: true }])
  expect(tooYoung.status).toBe(400)
  expect(tooYoung.body.error.message).toMatch(/^Ben will be 7 when Skills Academy \w+ starts; this academy is for ages 8–10\.$/)

  const other = await guardianWith({ Eve: bornYearsBefore(9), Dee: bornYearsBefore(11) })
  const mixed = await signUp(other.parent, id, [
    { childId: other.ids.Eve!, photoConsent: true },
    { childId: other.ids.Dee!, photoConsent: true },
  ])
  expect(mixed.status).toBe(400)
  expect(mixed.body.error.message).toMatch(/^Dee will be 11 when/)
  expect(await placesOf(id)).toHaveLength(2)
})

test('a participant without the signed waiver is named, and nothing is taken until it is signed', async () => {
  const id = await insertAcademy(ctx.db, academy())
  const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9) })
  const unsigned = await addChild(parent, { firstName: 'Noa', dateOfBirth: bornYearsBefore(9) })
  const res = await signUp(parent, id, [
    { childId: ids.Maya!, photoConsent: true },
    { childId: unsigned, photoConsent: true },
  ])
  expect(res.status).toBe(409)
  expect(res.body.error.message).toBe('Please sign the current waiver for Noa before signing up.')
  expect(res.body.error.fields).toEqual({ waiver: 'WAIVER_REQUIRED', participant: unsigned })
  expect(await placesOf(id)).toHaveLength(0)
  await signWaiver(parent, unsigned)
  expect((await signUp(parent, id, [{ childId: unsigned, photoConsent: true }])).status).toBe(201)
})

test('the same sign-up sent again answers the places it made, on no new order; the same child twice in one action is refused', async () => {
  const id = await insertAcademy(ctx.db, academy())
  const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(9) })
  const participants = [
    { childId: ids.Maya!, photoConsent: true },
    { childId: ids.Leo!, photoConsent: true },
  ]
  const orders = () => ctx.db.kysely.selectFrom('orders').select('id').where('payerUserId', '=', parent.id).execute()
  const first = await signUp(parent, id, participants, 'academy-key-0001')
  const again = await signUp(parent, id, participants, 'academy-key-0001')
  expect(again.status, again.text).toBe(200)
  expect(again.body).toMatchObject({ created: false, registrations: first.body.registrations.map((r) => ({ id: r.id })) })
  expect(await orders()).toHaveLength(1)

  const twice = await signUp(parent, id, [participants[0]!, participants[0]!])
  expect(twice.status).toBe(400)
  expect(twice.body.error.message).toBe('Each person can be signed up once.')
})

test('an adults’ class takes the account holder and refuses a child; a missing photo choice is refused in words', async () => {
  const id = await insertAcademy(ctx.db, academy({ forChildren: false, minAge: null, maxAge: null, name: 'Adult Beginners' }))
  const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9) })
  await signWaiver(parent)
  const child = await signUp(parent, id, [{ childId: ids.Maya!, photoConsent: true }])
  expect(child.status).toBe(400)
  expect(child.body.error.message).toBe('Adult Beginners is for adults.')
  const noChoice = await parent.client.post(`/api/academies/${id}/registrations`, { participants: [{ childId: null }] })
  expect(noChoice.status).toBe(400)
  expect(noChoice.text).toContain('Say for each participant whether photos may be taken of them.')
  expect((await signUp(parent, id, [{ childId: null, photoConsent: false }])).status).toBe(201)
})

test('30 families signing up at once for 10 places: exactly 10 places, 20 on the waitlist in order, never more', async () => {
  const id = await insertAcademy(ctx.db, academy({ capacity: 10 }))
  const families = await Promise.all(Array.from({ length: 30 }, () => guardianWith({ Kid: bornYearsBefore(9) })))
  const answers = await Promise.all(families.map(({ parent, ids }) => signUp(parent, id, [{ childId: ids.Kid!, photoConsent: true }])))
  expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201))
  const statuses = answers.map((a) => a.body.registrations[0]!.status)
  expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(10)
  const positions = answers.flatMap((a) => a.body.registrations.flatMap((r) => r.waitlistPosition ?? []))
  expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  const offering = await ctx.db.kysely.selectFrom('offerings').select(['placesTaken', 'waiting']).where('academyId', '=', id).executeTakeFirstOrThrow()
  expect(offering).toEqual({ placesTaken: 10, waiting: 20 })
})

test('15 families signing two children each up at once for 10 places: 10 places, 20 waiting, each family on one order', async () => {
  const id = await insertAcademy(ctx.db, academy({ capacity: 10 }))
  const families = await Promise.all(Array.from({ length: 15 }, () => guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(10) })))
  const answers = await Promise.all(
    families.map(({ parent, ids }) =>
      signUp(parent, id, [
        { childId: ids.Maya!, photoConsent: true },
        { childId: ids.Leo!, photoConsent: false },
      ]),
    ),
  )
  expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201))
  const places = await placesOf(id)
  expect(places.filter((p) => p.status === 'confirmed')).toHaveLength(10)
  expect(places.filter((p) => p.status === 'waitlisted')).toHaveLength(20)
  const orders = await ctx.db.kysely
    .selectFrom('orderLines as l')
    .innerJoin('orders as o', 'o.id', 'l.orderId')
    .select(['o.payerUserId', 'l.orderId'])
    .where('l.registrationId', 'in', places.map((p) => p.id))
    .execute()
  for (const { parent } of families) expect(new Set(orders.filter((o) => o.payerUserId === parent.id).map((o) => o.orderId)).size).toBe(1)
})

test('a family cancelling before the first session offers the place to the waitlist, who claim it; after the first session only the desk cancels', async () => {
  const id = await insertAcademy(ctx.db, academy({ capacity: 1 }))
  const first = await guardianWith({ Maya: bornYearsBefore(9) })
  const next = await guardianWith({ Leo: bornYearsBefore(9) })
  const placed = (await signUp(first.parent, id, [{ childId: first.ids.Maya!, photoConsent: true }])).body.registrations[0]!
  const waiting = (await signUp(next.parent, id, [{ childId: next.ids.Leo!, photoConsent: true }])).body.registrations[0]!
  expect([placed.status, waiting.status, waiting.waitlistPosition]).toEqual(['confirmed', 'waitlisted', 1])

  expect((await first.parent.client.post(`/api/registrations/${placed.id}/cancel`)).status).toBe(200)
  const mine = await next.parent.client.get<{ registrations: RegistrationView[] }>('/api/registrations/mine')
  expect(mine.body.registrations.find((r) => r.id === waiting.id)?.status).toBe('offered')
  const claimed = await next.parent.client.post<{ registration: RegistrationView }>(`/api/registrations/${waiting.id}/claim`)
  expect(claimed.body.registration.status).toBe('confirmed')

  clock = new Date(`${FIRST_DAY}T23:00:00Z`)
  try {
    const late = await next.parent.client.post<{ error: { message: string } }>(`/api/registrations/${waiting.id}/cancel`)
    expect(late.status).toBe(409)
    expect(late.body.error.message).toMatch(/began on .* Ask the front desk/)
  } finally {
    clock = null
  }
})

test('the receipt lists every place a person took in the academy, to them and staff; anyone else gets 404 and no medical notes leave the desk', async () => {
  const id = await insertAcademy(ctx.db, academy())
  const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(9) })
  await signUp(parent, id, [
    { childId: ids.Maya!, photoConsent: true },
    { childId: ids.Leo!, photoConsent: true },
  ])
  const url = `/api/receipts/user/${parent.id}/academy/${id}`
  const own = await parent.client.get<{ receipt: AcademyReceipt }>(url)
  expect(own.status, own.text).toBe(200)
  expect(own.body.receipt.academy).toMatchObject({ id, coach: 'Coach Daniela Ortiz', startTime: '18:00' })
  expect(own.body.receipt.academy.sessionDates).toHaveLength(14)
  expect(own.body.receipt.places.map((p) => [p.child?.name, p.priceCents, p.balanceCents])).toEqual([
    ['Maya Rivera', 18_000, 18_000],
    ['Leo Rivera', 18_000, 18_000],
  ])
  expect(own.text).not.toContain('peanuts')

  const stranger = await createUser(ctx)
  expect((await stranger.client.get(url)).status).toBe(404)
  expect((await stranger.client.get(`/api/receipts/user/${stranger.id}/academy/${id}`)).status).toBe(404)
  const staff = await createUser(ctx, 'employee')
  expect((await staff.client.get(url)).status).toBe(200)
})

test('a child removed while their family’s sign-up of two is written ends one way: both signed up and the child kept, or the child gone and the sign-up refused', async () => {
  const id = await insertAcademy(ctx.db, academy({ capacity: 40 }))
  for (let round = 0; round < 10; round++) {
    const { parent, ids } = await guardianWith({ Maya: bornYearsBefore(9), Leo: bornYearsBefore(8) })
    const [signing, removing] = await Promise.all([
      signUp(parent, id, [
        { childId: ids.Maya!, photoConsent: false },
        { childId: ids.Leo!, photoConsent: false },
      ]),
      parent.client.post(`/api/children/${ids.Leo!}/remove`, {}),
    ])
    expect(signing.status, signing.text).toBeLessThan(500)
    if (removing.status === 200) {
      expect([404, 409], signing.text).toContain(signing.status)
      // Nothing half written: no place for the other child, no order.
      expect(await ctx.db.kysely.selectFrom('registrations').select('id').where('userId', '=', parent.id).execute()).toEqual([])
      expect(await ctx.db.kysely.selectFrom('orders').select('id').where('payerUserId', '=', parent.id).execute()).toEqual([])
    } else {
      expect(removing.status, removing.text).toBe(409)
      expect(signing.status, signing.text).toBe(201)
    }
  }
})
