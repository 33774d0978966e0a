import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createLeague, createRegistrant, createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { facilityToday } from '../../../shared/format.ts'
import { endRegistration } from './registration-changes.ts'
import { takePlace, type PlaceRequest } from './engine.ts'
import { findLeagueOffering, leaguePlaces } from '../../features/registrations/league-places.ts'
import { findRegistrationView } from './registrations.queries.ts'

/**
 * The engine groups the place requests for one offering that arrive together (docs/decisions/0006):
 * requests started in the same turn of the event loop are written as one group. These tests start
 * them together and check what the group boundaries must not change.
 */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

async function requestFor(leagueId: string, user: TestUser, overrides: Partial<PlaceRequest> = {}): Promise<PlaceRequest> {
  const offering = await findLeagueOffering(ctx.db, leagueId)
  if (!offering) throw new Error('no offering')
  const now = new Date()
  return {
    offering,
    userId: user.id,
    childId: null,
    waiverVersion: 1,
    idempotencyKey: randomUUID(),
    now,
    today: facilityToday(now, 'America/Toronto'),
    siteUrl: 'http://localhost:3000',
    kinds: ctx.kinds,
    ...overrides,
  }
}

async function rowsOf(leagueId: string) {
  const places = await leaguePlaces(ctx.db, leagueId)
  const rows = await ctx.db.kysely.selectFrom('registrations').select(['userId', 'status', 'seq']).where('offeringId', '=', places.id).orderBy('seq').execute()
  return { places, rows }
}

describe('a group of requests', () => {
  test('where the capacity runs out in the middle: the first ones placed, the rest waitlisted in order, each told its position', async () => {
    const league = await createLeague(ctx, { capacity: 3 })
    const people = await Promise.all(Array.from({ length: 7 }, () => createRegistrant(ctx)))
    const reqs = await Promise.all(people.map((p) => requestFor(league, p)))
    const results = await Promise.all(reqs.map((r) => takePlace(ctx.db, r)))

    expect(results.map((r) => r.registration.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'waitlisted', 'waitlisted', 'waitlisted', 'waitlisted'])
    expect(results.map((r) => r.registration.waitlistPosition)).toEqual([null, null, null, 1, 2, 3, 4])
    expect(results.every((r) => r.created && r.registration.waitlistSize === 4)).toBe(true)
    const { places, rows } = await rowsOf(league)
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(rows.map((r) => r.userId)).toEqual(people.map((p) => p.id))
    expect([places.placesTaken, places.waiting]).toEqual([3, 4])
  })

  test("each is answered with its registration as any later read shows it, its offering's facts included", async () => {
    const league = await createLeague(ctx, { capacity: 2 })
    const people = await Promise.all(Array.from({ length: 4 }, () => createRegistrant(ctx)))
    const reqs = await Promise.all(people.map((p) => requestFor(league, p)))
    const answers = (await Promise.all(reqs.map((r) => takePlace(ctx.db, r)))).map((r) => r.registration)

    const reads = await Promise.all(answers.map((a) => findRegistrationView(ctx.db, ctx.kinds, a.id)))
    expect(answers).toEqual(reads)
    expect(answers[0]!.offering).toEqual(expect.objectContaining({ kind: 'league-place', ownerId: league, name: expect.stringMatching(/\S/), startDate: expect.stringMatching(/^\d{4}-/) }))
  })

  test('with the same person twice (a double click, a retried key): one registration, both answered with it', async () => {
    const league = await createLeague(ctx, { capacity: 5 })
    const [twice, other] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const first = await requestFor(league, twice!)
    const reqs = [first, await requestFor(league, other!), await requestFor(league, twice!), { ...first }]
    const results = await Promise.all(reqs.map((r) => takePlace(ctx.db, r)))

    const ids = results.map((r) => r.registration.id)
    expect(ids[0]).toBe(ids[2])
    expect(ids[0]).toBe(ids[3])
    expect(results.filter((r) => r.created)).toHaveLength(2)
    const { places, rows } = await rowsOf(league)
    expect(rows).toHaveLength(2)
    expect(places.placesTaken).toBe(2)
  })

  test('a failed statement fails only its own request; the others of the group are placed', async () => {
    const league = await createLeague(ctx, { capacity: 5 })
    const people = await Promise.all(Array.from({ length: 4 }, () => createRegistrant(ctx)))
    const reqs = await Promise.all(people.map((p) => requestFor(league, p)))
    // No such child: the registration's foreign key refuses this one row of the group's insert.
    reqs[1] = { ...reqs[1]!, childId: randomUUID() }
    const outcomes = await Promise.allSettled(reqs.map((r) => takePlace(ctx.db, r)))

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    const { places, rows } = await rowsOf(league)
    expect(rows.map((r) => r.userId)).toEqual([people[0]!.id, people[2]!.id, people[3]!.id])
    expect(rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed'])
    expect(places.placesTaken).toBe(3)
  })

  test('a key used for another league is refused alone', async () => {
    const [leagueA, leagueB] = await Promise.all([createLeague(ctx, { capacity: 5 }), createLeague(ctx, { capacity: 5 })])
    const [person, other] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const key = randomUUID()
    await takePlace(ctx.db, await requestFor(leagueA, person!, { idempotencyKey: key }))
    // Both requests are ready before either is sent: a refusal must meet its handler at once.
    const requests = [await requestFor(leagueB, person!, { idempotencyKey: key }), await requestFor(leagueB, other!)]
    const outcomes = await Promise.allSettled(requests.map((request) => takePlace(ctx.db, request)))
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { reason: 'conflict' } })
    expect(outcomes[1]!.status).toBe('fulfilled')
    expect((await rowsOf(leagueB)).rows).toHaveLength(1)
  })
})

test("an offering's waitlist count follows every move into and out of the waitlist", async () => {
  const league = await createLeague(ctx, { capacity: 1 })
  const people = await Promise.all(Array.from({ length: 4 }, () => createRegistrant(ctx)))
  const staff = await createUser(ctx, 'admin')
  const made = []
  for (const p of people) made.push(await takePlace(ctx.db, await requestFor(league, p)))
  const counted = async () => {
    const { places, rows } = await rowsOf(league)
    return [places.waiting, rows.filter((r) => r.status === 'waitlisted').length]
  }
  expect(await counted()).toEqual([3, 3])
  const context = { now: new Date(), claimWindowMs: 3_600_000, siteUrl: 'http://localhost:3000', kinds: ctx.kinds }
  // The confirmed one leaves: the first waiting is offered the place.
  await endRegistration(ctx.db, made[0]!.registration.id, 'cancelled', { actorId: staff.id, refund: false, ctx: context })
  expect(await counted()).toEqual([2, 2])
  // A waiting one leaves.
  await endRegistration(ctx.db, made[3]!.registration.id, 'cancelled', { actorId: staff.id, refund: false, ctx: context })
  expect(await counted()).toEqual([1, 1])
  const last = await takePlace(ctx.db, await requestFor(league, await createRegistrant(ctx)))
  expect(last.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 2, waitlistSize: 2 })
  expect(await counted()).toEqual([2, 2])
})

test('requests waiting for their group count in the backlog that turns requests away when the database is overloaded', async () => {
  const league = await createLeague(ctx, { capacity: 5 })
  const people = await Promise.all(Array.from({ length: 6 }, () => createRegistrant(ctx)))
  const reqs = await Promise.all(people.map((p) => requestFor(league, p)))
  const before = ctx.db.backlog()
  const taking = reqs.map((r) => takePlace(ctx.db, r))
  expect(ctx.db.backlog()).toBe(before + 6)
  await Promise.all(taking)
  // Served, they leave the backlog; the app's own work (a sweep) may still be counted for a moment
  // after, so the backlog is awaited to drain rather than read once.
  await vi.waitFor(() => expect(ctx.db.backlog()).toBe(0))
})
