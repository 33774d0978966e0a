import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant, latestEmailTo, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { facilityToday } from '../../../shared/format.ts'
import { inTransaction } from '../../db/transaction.ts'
import { lineOfRegistration, recordPayment } from '../payments/orders.queries.ts'
import { takePlace } from './engine.ts'
import { findLeagueOffering, leaguePlaces } from '../../features/registrations/league-places.ts'
import { findRegistrationView } from './registrations.queries.ts'
import { confirmHeldPlace, expireLapsed } from './waitlist.ts'

/**
 * A place held awaiting payment (issue 22): it counts as taken while held, becomes the person's
 * when paid, and lapses to the waitlist when not paid by its deadline, as an unclaimed offer does.
 */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const MINUTE = 60_000

async function holdFor(user: TestUser, leagueId: string, now: Date, holdMinutes: number | null) {
  const offering = (await findLeagueOffering(ctx.db, leagueId))!
  const { registration } = await takePlace(ctx.db, {
    offering,
    userId: user.id,
    childId: null,
    waiverVersion: null,
    idempotencyKey: null,
    now,
    today: facilityToday(now, ctx.config.site.timeZone),
    siteUrl: ctx.config.publicUrl,
    kinds: ctx.kinds,
    ...(holdMinutes === null ? {} : { holdUntil: new Date(now.getTime() + holdMinutes * MINUTE) }),
  })
  return registration
}

const expire = (now: Date) => expireLapsed(ctx.db, { now, claimWindowMs: ctx.config.claimWindowMs, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })

test('a held place is taken while held, asked for again is the same place, and is confirmed once paid', async () => {
  const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 5000 })
  const [payer, next] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
  const now = new Date()
  const held = await holdFor(payer, leagueId, now, 30)
  expect(held).toMatchObject({ status: 'held', offerExpiresAt: new Date(now.getTime() + 30 * MINUTE).toISOString(), balanceCents: 5000 })
  expect(await latestEmailTo(ctx, payer.email)).toBeUndefined()
  expect((await holdFor(payer, leagueId, now, 30)).id).toBe(held.id)
  expect((await holdFor(next, leagueId, now, 30)).status).toBe('waitlisted')
  expect((await leaguePlaces(ctx.db, leagueId)).placesTaken).toBe(1)

  await inTransaction(ctx.db, async (tx) => {
    const line = (await lineOfRegistration(tx, held.id))!
    const paid = await recordPayment(tx, { orderId: line.orderId, amountCents: 5000, provider: 'stripe', externalId: `cs_test_${held.id}`, method: 'online', reference: null, recordedBy: null, now })
    expect(paid.status).toBe('recorded')
  })
  expect(await confirmHeldPlace(ctx.db, held.id, { actorId: null, now, timeZone: ctx.config.site.timeZone, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })).toBe('confirmed')
  expect(await findRegistrationView(ctx.db, ctx.kinds, held.id)).toMatchObject({ status: 'confirmed', balanceCents: 0 })
  expect((await latestEmailTo(ctx, payer.email))?.subject).toContain('Registration confirmed')
  // Paid and confirmed: the sweep long after leaves it be.
  expect(await expire(new Date(now.getTime() + 60 * MINUTE))).toBe(0)
  expect(await confirmHeldPlace(ctx.db, held.id, { actorId: null, now, timeZone: ctx.config.site.timeZone, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })).toBe('not-held')
})

test('a held place not paid by its deadline goes to the first on the waitlist, and a late payment finds it gone', async () => {
  const leagueId = await createLeague(ctx, { capacity: 1, priceCents: 5000 })
  const [slow, waiting] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
  const now = new Date()
  const held = await holdFor(slow, leagueId, now, 15)
  const queued = await holdFor(waiting, leagueId, now, null)
  expect(queued.status).toBe('waitlisted')

  expect(await expire(new Date(now.getTime() + 14 * MINUTE))).toBe(0)
  expect(await expire(new Date(now.getTime() + 15 * MINUTE))).toBe(1)
  expect((await findRegistrationView(ctx.db, ctx.kinds, held.id))?.status).toBe('expired')
  expect((await findRegistrationView(ctx.db, ctx.kinds, queued.id))?.status).toBe('offered')
  expect((await leaguePlaces(ctx.db, leagueId)).placesTaken).toBe(1)
  const told = await latestEmailTo(ctx, slow.email)
  expect(told?.subject).toContain('Registration not paid in time')
  expect(told?.text).toContain('was not paid in time and has gone to the next person')
  expect(await confirmHeldPlace(ctx.db, held.id, { actorId: null, now, timeZone: ctx.config.site.timeZone, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })).toBe('not-held')
})
