import type http from 'node:http'
import Stripe from 'stripe'
import type { Db } from '../../src/server/db/connect.ts'
import { boolParam } from '../../src/server/db/values.ts'
import { leaguePlaces } from '../../src/server/features/registrations/league-places.ts'
import type { RegisterResult } from '../../src/shared/contracts/registrations.ts'
import { FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe } from '../../tests/fake-stripe.ts'
import { post, send } from './rush-http.ts'

/**
 * The checkout rush (issue 24, "Done means"): N families sign up at once for a league of C places
 * paid at sign-up. The first C are held and open their Stripe checkouts at once; every fourth of
 * them abandons (its session expires), the others pay, all at once. Each released place is offered
 * to the next on the waitlist, who claims it (a claimed place is confirmed and paid later) and pays
 * it online at once too. Stripe's events are delivered three times: twice at once, spread over
 * the instances, as Stripe's concurrent deliveries and retries would, then once more in order by
 * the fake itself (it sends one at a time). The waitlisted try to pay too. Correct: exactly C places
 * confirmed and paid, every waitlisted family refused at checkout, nobody charged without a place, every abandoned place expired and offered on, and our ledger equal to
 * the fake Stripe's record session by session.
 */
export interface CheckoutRushDeps {
  db: Db
  fake: FakeStripe
  agent: http.Agent
  ports: number[]
  publicUrl: string
  leagueId: string
  cookies: string[]
  capacity: number
  /** What the registrations cost the database (rush.ts). */
  measure(): Promise<() => Promise<object>>
}

interface Fired {
  status: number
  body: string
  ms: number
}

export async function checkoutRush(deps: CheckoutRushDeps): Promise<{ result: object; ok: boolean }> {
  const { db, fake, agent, ports, publicUrl, leagueId, cookies, capacity: C } = deps
  const N = cookies.length
  const problems: string[] = []
  const unexpected = (step: string, fired: Fired[], allowed: number[]) => {
    const bad = fired.filter((f) => !allowed.includes(f.status))
    for (const f of bad.slice(0, 5)) problems.push(`${step}: ${f.status} ${f.body.slice(0, 160)}`)
    return bad.length
  }
  await db.kysely.updateTable('leagues').set({ payAtSignUp: boolParam(db.dialect, true) }).where('id', '=', leagueId).execute()

  // 1. Everyone signs up at once: C held while they pay, the rest waitlisted.
  console.error(`Firing ${N} sign-ups paid at sign-up for ${C} places at ${ports.length} instance(s)...`)
  const cost = await deps.measure()
  const signingUp = await fireAll(
    cookies.map((cookie, i) => () => post(agent, ports[i % ports.length]!, `/api/leagues/${leagueId}/registrations`, cookie, publicUrl, `rush-${i}-key`, {})),
  )
  const registerCost = await cost()
  let errors = unexpected('sign-up', signingUp.answers, [201])
  const families = signingUp.answers.map((a, i) => ({ cookie: cookies[i]!, registration: a.status === 201 ? (JSON.parse(a.body) as RegisterResult).registration : null }))
  const cookieOf = new Map(families.flatMap((f) => (f.registration ? [[f.registration.id, f.cookie] as const] : [])))
  const { id: offeringId } = await leaguePlaces(db, leagueId)
  const waitlistBySeq = (await db.kysely.selectFrom('registrations').select('id').where('offeringId', '=', offeringId).where('status', '=', 'waitlisted').orderBy('seq').execute()).map((r) => r.id)
  const held = families.filter((f) => f.registration?.status === 'held')

  // 2. The held families open their checkouts at once.
  console.error(`Opening ${held.length} checkouts at once...`)
  const opening = await fireAll(held.map((f, i) => () => post(agent, ports[i % ports.length]!, `/api/orders/${f.registration!.orderId}/checkout`, f.cookie, publicUrl, `checkout-${i}`, {})))
  errors += unexpected('checkout', opening.answers, [201])
  const sessionIds = opening.answers.flatMap((a) => (a.status === 201 ? [(JSON.parse(a.body) as { url: string }).url.split('/pay/')[1]!] : []))

  // 2b. The waitlisted try to pay too, at once: each is refused, as there is no place to pay for (issue 30).
  const waiting = families.filter((f) => f.registration?.status === 'waitlisted')
  console.error(`${waiting.length} waitlisted families try to pay at once...`)
  const waitingPay = await fireAll(waiting.map((f, i) => () => post(agent, ports[i % ports.length]!, `/api/orders/${f.registration!.orderId}/checkout`, f.cookie, publicUrl, `waiting-${i}`, {})))
  errors += unexpected('waitlisted checkout', waitingPay.answers, [409])

  // 3. Every fourth abandons its page (Stripe expires it), the others pay: all at once.
  const abandoned = sessionIds.filter((_, i) => i % 4 === 3)
  const paying = sessionIds.filter((_, i) => i % 4 !== 3)
  console.error(`${paying.length} pay and ${abandoned.length} abandon at once; Stripe's events delivered at once...`)
  const firstRound = await settle(deps, () => [...paying.map((id) => fake.pay(id)), ...abandoned.map((id) => fake.expire(id))])
  errors += unexpected('webhook', [...firstRound.atOnce.answers, ...firstRound.inOrder], [200])

  // 4. The released places were offered on: their takers claim them and pay online, all at once.
  const offered = (await placesWithOrders(db, offeringId)).filter((r) => r.status === 'offered')
  console.error(`${offered.length} offered places claimed, and paid online, at once...`)
  const claiming = await fireAll(offered.map((r, i) => () => post(agent, ports[i % ports.length]!, `/api/registrations/${r.id}/claim`, cookieOf.get(r.id)!, publicUrl, `claim-${i}`, {})))
  errors += unexpected('claim', claiming.answers, [200])
  const payingLater = await fireAll(offered.map((r, i) => () => post(agent, ports[i % ports.length]!, `/api/orders/${r.orderId}/checkout`, cookieOf.get(r.id)!, publicUrl, `later-${i}`, {})))
  errors += unexpected('checkout later', payingLater.answers, [201])
  const laterSessionIds = payingLater.answers.flatMap((a) => (a.status === 201 ? [(JSON.parse(a.body) as { url: string }).url.split('/pay/')[1]!] : []))
  const secondRound = await settle(deps, () => laterSessionIds.map((id) => fake.pay(id)))
  errors += unexpected('webhook', [...secondRound.atOnce.answers, ...secondRound.inOrder], [200])

  // 5. Read what happened, here and at the fake Stripe.
  const places = await leaguePlaces(db, leagueId)
  const rows = await placesWithOrders(db, offeringId)
  const statusOf = new Map(rows.map((r) => [r.id, r.status]))
  const count = (status: string) => rows.filter((r) => r.status === status).length
  const placeOfSession = new Map(
    (
      await db.kysely
        .selectFrom('checkouts as c')
        .innerJoin('checkoutLines as cl', 'cl.checkoutId', 'c.id')
        .innerJoin('orderLines as ol', 'ol.id', 'cl.orderLineId')
        .select(['c.externalId', 'ol.registrationId'])
        .where('ol.registrationId', 'in', rows.map((r) => r.id))
        .execute()
    ).map((r) => [r.externalId, r.registrationId]),
  )
  const payments = await db.kysely
    .selectFrom('payments as p')
    .select(['p.externalId', 'p.amountCents', 'p.orderId'])
    .where('p.provider', '=', 'stripe')
    .where('p.orderId', 'in', rows.map((r) => r.orderId ?? ''))
    .execute()
  const placeOfOrder = new Map(rows.map((r) => [r.orderId, r.id]))
  const paidSessions = fake.sessions().filter((s) => s.payment_status === 'paid')
  const expiredSessions = fake.sessions().filter((s) => s.status === 'expired')
  const recorded = new Map(payments.map((p) => [p.externalId, p.amountCents]))
  const ledgerDiffers = paidSessions.filter((s) => recorded.get(s.id) !== s.amount_total).length + payments.filter((p) => !paidSessions.some((s) => s.id === p.externalId)).length
  const chargedWithoutPlace = paidSessions.filter((s) => statusOf.get(placeOfSession.get(s.id) ?? '') !== 'confirmed').length
  const paidNotConfirmed = payments.filter((p) => statusOf.get(placeOfOrder.get(p.orderId) ?? '') !== 'confirmed').length
  const expiredNotReleased = expiredSessions.filter((s) => statusOf.get(placeOfSession.get(s.id) ?? '') !== 'expired').length
  const events = await db.kysely
    .selectFrom('registrationEvents')
    .select(['registrationId', 'action'])
    .where('registrationId', 'in', rows.map((r) => r.id))
    .where('action', 'in', ['hold-expired', 'offered'])
    .execute()
  const offeredIds = events.filter((e) => e.action === 'offered').map((e) => e.registrationId)
  const released = events.filter((e) => e.action === 'hold-expired').length
  // First come, first served: the places went to the first on the waitlist.
  const offeredOutOfTurn = offeredIds.filter((id) => !waitlistBySeq.slice(0, released).includes(id)).length
  const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0)
  // Nobody waitlisted at the end was charged, and no payment is kept on a place that is not its payer's.
  const waitlistedOrders = rows.filter((r) => r.status === 'waitlisted').map((r) => r.orderId ?? '')
  const waitlistedCharged = payments.filter((p) => waitlistedOrders.includes(p.orderId)).length

  const k = abandoned.length
  const result = {
    mode: 'checkout',
    registrations: N,
    capacity: C,
    held: held.length,
    waitlisted: N - held.length - signingUp.answers.filter((a) => a.status !== 201).length,
    registerSeconds: seconds(signingUp.ms),
    perSecond: Math.round(N / (signingUp.ms / 1000)),
    p99Ms: p99(signingUp.answers),
    ...registerCost,
    checkouts: sessionIds.length + laterSessionIds.length,
    checkoutSeconds: seconds(opening.ms),
    checkoutsPerSecond: Math.round(sessionIds.length / (opening.ms / 1000)),
    checkoutP99Ms: p99(opening.answers),
    paid: paying.length,
    abandoned: k,
    offered: offeredIds.length,
    claimed: claiming.answers.filter((a) => a.status === 200).length,
    paidLater: laterSessionIds.length,
    webhooksAtOnce: firstRound.atOnce.answers.length + secondRound.atOnce.answers.length,
    webhookSeconds: seconds(firstRound.atOnce.ms + secondRound.atOnce.ms),
    webhooksPerSecond: Math.round((firstRound.atOnce.answers.length + secondRound.atOnce.answers.length) / ((firstRound.atOnce.ms + secondRound.atOnce.ms) / 1000)),
    webhookP99Ms: p99([...firstRound.atOnce.answers, ...secondRound.atOnce.answers]),
    waitlistedRefused: waitingPay.answers.filter((a) => a.status === 409).length,
    waitlistedCharged,
    webhooksInOrder: firstRound.inOrder.length + secondRound.inOrder.length,
    confirmed: count('confirmed'),
    expired: count('expired'),
    stillWaitlisted: count('waitlisted'),
    placesTaken: places.placesTaken,
    payments: payments.length,
    paidCents: sum(payments.map((p) => p.amountCents)),
    stripePaidCents: sum(paidSessions.map((s) => s.amount_total)),
    ledgerDiffers,
    chargedWithoutPlace,
    paidNotConfirmed,
    expiredNotReleased,
    offeredOutOfTurn,
    errors,
  }
  const ok =
    result.held === C &&
    result.waitlisted === N - C &&
    result.confirmed === C &&
    result.placesTaken === C &&
    count('held') === 0 &&
    count('offered') === 0 &&
    result.expired === k &&
    released === k &&
    result.offered === k &&
    result.claimed === k &&
    result.stillWaitlisted === N - C - k &&
    result.payments === C &&
    paidSessions.length === C &&
    expiredSessions.length === k &&
    result.paidCents === result.stripePaidCents &&
    ledgerDiffers === 0 &&
    chargedWithoutPlace === 0 &&
    result.waitlistedRefused === N - C &&
    waitlistedCharged === 0 &&
    paidNotConfirmed === 0 &&
    expiredNotReleased === 0 &&
    offeredOutOfTurn === 0 &&
    errors === 0
  for (const problem of problems) console.error(`  ${problem}`)
  return { result, ok }
}

/** The offering's registrations, first come first, each with the order its line is on. */
function placesWithOrders(db: Db, offeringId: string) {
  return db.kysely
    .selectFrom('registrations as r')
    .leftJoin('orderLines as ol', 'ol.registrationId', 'r.id')
    .select(['r.id', 'r.status', 'ol.orderId'])
    .where('r.offeringId', '=', offeringId)
    .orderBy('r.seq')
    .execute()
}

/** Runs every request at once: their answers, each with its time, and how long the whole took. */
async function fireAll(requests: (() => Promise<{ status: number; body: string }>)[]): Promise<{ answers: Fired[]; ms: number }> {
  const started = performance.now()
  const answers = await Promise.all(
    requests.map(async (request) => {
      const t0 = performance.now()
      const answer = await request()
      return { ...answer, ms: performance.now() - t0 }
    }),
  )
  return { answers, ms: performance.now() - started }
}

/**
 * The fates decided at the fake Stripe (its deliveries held), then the events they made delivered
 * twice at once, each time to another instance, as Stripe's concurrent deliveries and retries
 * would, and then once more, in order, by the fake itself, which sends one at a time.
 */
async function settle({ fake, agent, ports }: CheckoutRushDeps, decide: () => Promise<void>[]) {
  const before = new Set(fake.events().map((e) => e.id))
  fake.holdDeliveries(true)
  await Promise.all(decide())
  const made = fake.events().filter((e) => !before.has(e.id))
  const deliveries = [0, 1].flatMap((round) =>
    made.map((event, i) => () => {
      const payload = JSON.stringify(event, null, 2)
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET })
      return send(agent, ports[(i + round) % ports.length]!, '/api/stripe/webhook', { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload)
    }),
  )
  const atOnce = await fireAll(deliveries)
  const inOrder = await fake.deliverHeld()
  fake.holdDeliveries(false)
  return { atOnce, inOrder: inOrder.map((status) => ({ status, body: 'delivered in order by the fake', ms: 0 })) }
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2))

function p99(answers: Fired[]): number {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0)
}
