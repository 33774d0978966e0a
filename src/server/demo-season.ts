import { sql, type Insertable } from 'kysely'
import type { Db } from './db/connect.ts'
import type { Database } from './db/schema.ts'
import { inTransaction } from './db/transaction.ts'
import { boolParam, timestampParam } from './db/values.ts'
import { insertAcademy } from './features/academies/academies.queries.ts'
import { insertCamp } from './features/camps/camps.queries.ts'
import { insertDropIn } from './features/drop-ins/drop-ins.queries.ts'
import { insertLeague } from './features/leagues/leagues.queries.ts'
import { teamNameKey } from './features/teams/team-name-key.ts'
import { planColumns } from './core/payments/products.queries.ts'
import { sessionStartsAt } from '../shared/academy-schedule.ts'
import { facilityToday } from '../shared/format.ts'
import { planAfterGivingBack } from '../shared/payment-plan.ts'
import { addDays } from '../shared/registration-window.ts'
import type { PaymentMethod } from '../shared/schemas/payments.ts'
import { ACCOUNT_HOLDER, type RegistrationStatus } from '../shared/schemas/registration.ts'
import type { Sport } from '../shared/sports.ts'

/**
 * A generated season (issue 32): 20 leagues and academies over a year, three children's camps and
 * weekly drop-in open gyms, 3 000 customers, nearly all of whom signed the current waiver, and
 * 6 000 registrations in the leagues and academies (a few hundred more in the camps and drop-ins)
 * with their orders, payments (online, cash, check, card at the desk), refunds and waitlists, the
 * same from the same seed. The programs are made by the app's own inserts; the people and their
 * money go in by bulk inserts into the tables the app writes, with the offerings' counters (places
 * taken, waiting, receipt numbers) set to match, as the engine keeps them. The dashboard's tests
 * and benches read it.
 */
export interface SeasonOptions {
  seed: number
  /** The day the season is seen from: a year of dates ends on it. */
  now: Date
  timeZone: string
}

export interface SeasonSummary {
  leagues: number
  academies: number
  camps: number
  dropIns: number
  customers: number
  registrations: number
  payments: number
  refunds: number
}

export const SEASON_SIZE = { offerings: 20, teamLeagues: 3, individualLeagues: 7, customers: 3000, registrations: 6000 } as const
/** The share of people the current waiver is signed for: a few have not signed it yet. */
const SIGNED_WAIVER = 0.985

const METHODS: readonly [PaymentMethod, number][] = [
  ['online', 0.45],
  ['card', 0.25],
  ['cash', 0.18],
  ['check', 0.12],
]
const FIRST = ['Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farid', 'Grace', 'Hiro', 'Imani', 'Jonas', 'Kira', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tariq', 'Uma', 'Victor', 'Wen', 'Yara', 'Zoe']
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Dubois', 'Evans', 'Fischer', 'García', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Müller', 'Nguyen', 'Okafor', 'Patel', 'Quist', 'Rossi', 'Silva', 'Tanaka']
const SPORTS: readonly Sport[] = ['soccer', 'basketball', 'football', 'baseball', 'kids']

/** A small seeded generator (mulberry32): the same seed, the same season. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const id = () => {
    const h = Array.from({ length: 32 }, () => int(0, 15).toString(16)).join('')
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`
  }
  const shuffled = <T>(items: readonly T[]) => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i)
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy
  }
  const pick = <T>(weighted: readonly [T, number][]) => {
    let r = next()
    for (const [value, weight] of weighted) if ((r -= weight) < 0) return value
    return weighted.at(-1)![0]
  }
  return { next, int, id, shuffled, pick }
}

interface Owner {
  kind: 'individual' | 'team' | 'academy' | 'camp' | 'drop-in'
  id: string
  name: string
  forChildren: boolean
  priceCents: number
  capacity: number
  opens: string
  starts: string
  ends: string
  plan: { depositCents: number; dueDates: string[] } | null
  /** How many sign up: left out, a share of the season's registrations (leagues and academies). */
  asks?: number
}

/** The places each kind of program (not a team league) signs people up in. */
const PLACES_OF = { individual: 'league-place', academy: 'academy-place', camp: 'camp-place', 'drop-in': 'drop-in-place' } as const

/** Loads a season into a database without one; answers what it made. */
export async function generateSeason(db: Db, { seed, now, timeZone }: SeasonOptions): Promise<SeasonSummary> {
  const rand = generator(seed)
  const today = facilityToday(now, timeZone)
  const owners = [...(await makeOwners(db, today, rand)), ...(await makeCampsAndDropIns(db, today, rand))]
  const ts = (date: Date) => timestampParam(db.dialect, date)
  const dayStart = (day: string) => sessionStartsAt(day, '00:00', timeZone)
  const between = (from: Date, until: Date) => new Date(from.getTime() + Math.floor(rand.next() * Math.max(1, until.getTime() - from.getTime())))
  const later = (from: Date, maxDays: number) => new Date(Math.min(now.getTime(), from.getTime() + Math.floor(rand.next() * maxDays * 86_400_000)))

  const rows = {
    users: [] as Insertable<Database['users']>[],
    children: [] as Insertable<Database['children']>[],
    waiverSignatures: [] as Insertable<Database['waiverSignatures']>[],
    teams: [] as Insertable<Database['teams']>[],
    offerings: [] as Insertable<Database['offerings']>[],
    registrations: [] as Insertable<Database['registrations']>[],
    registrationEvents: [] as Insertable<Database['registrationEvents']>[],
    orders: [] as Insertable<Database['orders']>[],
    orderLines: [] as Insertable<Database['orderLines']>[],
    payments: [] as Insertable<Database['payments']>[],
    paymentAllocations: [] as Insertable<Database['paymentAllocations']>[],
    refunds: [] as Insertable<Database['refunds']>[],
    refundAllocations: [] as Insertable<Database['refundAllocations']>[],
    dropInCheckIns: [] as Insertable<Database['dropInCheckIns']>[],
  }

  const waiver = await db.kysely.selectFrom('waivers').select('version').orderBy('version', 'desc').limit(1).executeTakeFirstOrThrow()
  // The people: customers, one child for every other one, and the desk staff who take payments.
  const yearAgo = dayStart(addDays(today, -400))
  const staff = [0, 1].map((i) => {
    const id = rand.id()
    rows.users.push({ id, displayName: `Season Desk ${i + 1}`, email: `season-desk-${i + 1}-${seed}@season.test`, emailVerified: boolParam(db.dialect, true), image: null, phone: null, role: 'employee', createdAt: ts(yearAgo), updatedAt: ts(yearAgo) })
    return id
  })
  const customers = Array.from({ length: SEASON_SIZE.customers }, (_, i) => {
    const first = FIRST[rand.int(0, FIRST.length - 1)]!
    const last = LAST[rand.int(0, LAST.length - 1)]!
    const id = rand.id()
    const joined = ts(between(yearAgo, dayStart(addDays(today, -365))))
    rows.users.push({ id, displayName: `${first} ${last}`, email: `${first.toLowerCase()}.${i}.${seed}@season.test`, emailVerified: boolParam(db.dialect, true), image: null, phone: `+1555${String(2_000_000 + i).padStart(7, '0')}`, role: 'customer', createdAt: joined, updatedAt: joined })
    return { id, last, name: `${first} ${last}`, joined }
  })
  // The current waiver, signed when the account was made, for the holder and (by the guardian) for each child: all but a few.
  const signed = new Set<string>()
  const sign = (guardian: { id: string; name: string; joined: string | Date }, childId: string | null) => {
    if (rand.next() >= SIGNED_WAIVER) return
    const subjectKey = childId ?? ACCOUNT_HOLDER
    signed.add(`${guardian.id} ${subjectKey}`)
    rows.waiverSignatures.push({ id: rand.id(), userId: guardian.id, waiverVersion: waiver.version, subjectKey, childId, signedName: guardian.name, signedAt: guardian.joined, ipAddress: null, userAgent: null, witnessedBy: null })
  }
  for (const customer of customers) sign(customer, null)
  const kids = customers.flatMap((guardian, i) => {
    if (i % 2 === 1) return []
    const id = rand.id()
    const dateOfBirth = addDays(today, -rand.int(6 * 365, 15 * 365))
    rows.children.push({ id, guardianId: guardian.id, firstName: FIRST[rand.int(0, FIRST.length - 1)]!, lastName: guardian.last, dateOfBirth, emergencyContactName: 'Season Contact', emergencyContactPhone: '+15550100100', notes: null, createdAt: ts(yearAgo), updatedAt: ts(yearAgo) })
    sign(guardian, id)
    return [{ userId: guardian.id, childId: id }]
  })
  const adults = customers.map((c) => ({ userId: c.id, childId: null as string | null }))

  const offeringOf = new Map<string, { id: string; kind: string; receiptPrefix: string }>()
  for (const row of await db.kysely.selectFrom('offerings').select(['id', 'kind', 'leagueId', 'academyId', 'campId', 'dropInId', 'receiptPrefix']).execute()) {
    offeringOf.set(`${row.kind}:${row.leagueId ?? row.academyId ?? row.campId ?? row.dropInId}`, row)
  }
  const counters = new Map<string, { placesTaken: number; waiting: number; seq: number }>()
  let paymentNumber = 0

  /** A sign-up at `at`: its registration, history, and (with a price) its order, payments and refunds. */
  const signUp = (owner: Owner, offering: { id: string; receiptPrefix: string }, who: { userId: string; childId: string | null }, at: Date, extra: { teamId?: string; leagueSlot?: string; priceCents?: number | null; full: boolean; mayCancel?: boolean }) => {
    const counter = counters.get(offering.id) ?? { placesTaken: 0, waiting: 0, seq: 0 }
    counters.set(offering.id, counter)
    counter.seq += 1
    const cancelled = !extra.full && extra.mayCancel !== false && rand.next() < 0.05
    const status: RegistrationStatus = extra.full ? 'waitlisted' : cancelled ? 'cancelled' : 'confirmed'
    if (status === 'confirmed') counter.placesTaken += 1
    if (status === 'waitlisted') counter.waiting += 1
    const id = rand.id()
    const endedAt = cancelled ? later(at, 20) : at
    const participantKey = who.childId ?? ACCOUNT_HOLDER
    const waiverVersion = signed.has(`${who.userId} ${participantKey}`) ? waiver.version : null
    rows.registrations.push({ id, offeringId: offering.id, userId: who.userId, participantKey, childId: who.childId, status, seq: counter.seq, receiptNumber: `${offering.receiptPrefix}-${String(counter.seq).padStart(5, '0')}`, idempotencyKey: null, offerExpiresAt: null, waiverVersion, teamId: extra.teamId ?? null, leagueSlot: extra.leagueSlot ?? null, createdAt: ts(at), updatedAt: ts(endedAt) })
    rows.registrationEvents.push({ id: rand.id(), registrationId: id, action: extra.full ? 'waitlisted' : 'confirmed', actorId: who.userId, details: null, at: ts(at) })
    if (cancelled) rows.registrationEvents.push({ id: rand.id(), registrationId: id, action: 'cancelled', actorId: who.userId, details: null, at: ts(endedAt) })
    const price = extra.priceCents === undefined ? owner.priceCents : extra.priceCents
    if (price === null) return
    const orderId = rand.id()
    const lineId = rand.id()
    const earlyBird = price >= 5000 && rand.next() < 0.3 ? 1000 : 0
    const plan = owner.plan
    rows.orders.push({ id: orderId, payerUserId: who.userId, createdAt: ts(at) })
    const line = { id: lineId, orderId, registrationId: id, productId: null, description: owner.name, listPriceCents: price, amountDueCents: price - earlyBird, planDepositCents: plan?.depositCents ?? null, planDueDates: plan?.dueDates.join(',') ?? null, createdAt: ts(at) }
    rows.orderLines.push(line)
    if (status === 'waitlisted') return
    const pay = (amountCents: number, when: Date) => {
      paymentNumber += 1
      const method = rand.pick(METHODS)
      const online = method === 'online'
      const paymentId = rand.id()
      rows.payments.push({
        id: paymentId,
        orderId,
        amountCents,
        provider: online ? 'stripe' : 'desk',
        externalId: online ? `cs_season_${seed}_${paymentNumber}` : null,
        method,
        reference: online ? `pi_season_${seed}_${paymentNumber}` : method === 'check' ? `Check ${1000 + paymentNumber}` : null,
        cardBrand: online ? 'visa' : null,
        cardLast4: online ? '4242' : null,
        recordedBy: online ? null : staff[paymentNumber % 2]!,
        recordedAt: ts(when),
      })
      rows.paymentAllocations.push({ paymentId, orderLineId: lineId, amountCents })
      return { paymentId, online, when }
    }
    const refund = (payment: { paymentId: string; online: boolean; when: Date }, amountCents: number, reason: string) => {
      const refundId = rand.id()
      const roll = rand.next()
      const status = !payment.online || roll < 0.9 ? 'succeeded' : roll < 0.95 ? 'pending' : 'failed'
      rows.refunds.push({ id: refundId, paymentId: payment.paymentId, amountCents, provider: payment.online ? 'stripe' : 'desk', externalId: payment.online ? `re_season_${seed}_${rows.refunds.length}` : null, reason, status, recordedBy: staff[0]!, recordedAt: ts(later(payment.when, 5)) })
      rows.refundAllocations.push({ refundId, orderLineId: lineId, amountCents })
    }
    const roll = rand.next()
    const paid: { paymentId: string; online: boolean; when: Date }[] = []
    if (plan) {
      // The deposit at sign-up, then each part on its day while the family keeps paying: some stop, and their next part is overdue.
      if (roll < 0.85) {
        paid.push(pay(Math.min(plan.depositCents, line.amountDueCents), later(at, 1)))
        const rest = line.amountDueCents - Math.min(plan.depositCents, line.amountDueCents)
        const each = Math.floor(rest / plan.dueDates.length)
        for (const [i, due] of plan.dueDates.entries()) {
          const part = i === plan.dueDates.length - 1 ? rest - each * (plan.dueDates.length - 1) : each
          const when = sessionStartsAt(due, '10:00', timeZone)
          if (part <= 0 || when > now || rand.next() < 0.2) break
          paid.push(pay(part, when))
        }
      }
    } else if (roll < 0.86) {
      paid.push(pay(line.amountDueCents, later(at, 3)))
    } else if (roll < 0.93) {
      const half = Math.floor(line.amountDueCents / 2)
      paid.push(pay(half, later(at, 2)))
    }
    if (paid.length === 0) return
    if (cancelled) {
      for (const payment of paid) {
        const row = rows.payments.find((p) => p.id === payment.paymentId)!
        refund(payment, row.amountCents, 'Cancelled: refunded')
      }
    } else if (rand.next() < 0.03) {
      // A refund that lowers the price: the line asks less by as much, so nothing more is owed; a plan's parts paid give the money back (planAfterGivingBack).
      const payment = paid[0]!
      const amount = Math.max(100, Math.floor(rows.paymentAllocations.find((a) => a.paymentId === payment.paymentId)!.amountCents / 5))
      const paidCents = rows.paymentAllocations.filter((a) => a.orderLineId === lineId).reduce((sum, a) => sum + a.amountCents, 0)
      if (plan) Object.assign(line, planColumns(planAfterGivingBack(plan, line.amountDueCents, paidCents, amount, facilityToday(now, timeZone))))
      line.amountDueCents -= amount
      refund(payment, amount, 'A scholarship: part of the fee given back')
    }
  }

  for (const owner of owners) {
    const opensAt = dayStart(owner.opens)
    const closesAt = new Date(Math.min(now.getTime(), dayStart(addDays(owner.ends, 1)).getTime()))
    const times = (count: number) => Array.from({ length: count }, () => between(opensAt, closesAt)).sort((a, b) => a.getTime() - b.getTime())
    if (owner.kind === 'team') {
      const entries = offeringOf.get(`team-place:${owner.id}`)!
      const people = rand.shuffled(adults)
      let next = 0
      for (const [n, at] of times(18).entries()) {
        const teamId = rand.id()
        const name = `${owner.name.split(' ')[0]} Team ${n + 1}`
        const captain = people[next++]!
        rows.teams.push({ id: teamId, leagueId: owner.id, name, nameKey: teamNameKey(name), captainUserId: captain.userId, captainEmail: null, holdExpiresAt: null, inviteNonce: rand.id(), pendingInvites: null, createdAt: ts(at), updatedAt: ts(at) })
        const full = n >= owner.capacity
        signUp(owner, entries, captain, at, { teamId, full, mayCancel: false })
        if (full) continue
        const roster = { id: rand.id(), receiptPrefix: `P${teamId.slice(0, 7)}` }
        rows.offerings.push({ id: roster.id, kind: 'roster-place', leagueId: owner.id, academyId: null, campId: null, dropInId: null, teamId, productId: null, capacity: 10, receiptPrefix: roster.receiptPrefix, createdAt: ts(at) })
        const players = rand.int(3, 10)
        for (let p = 0; p < players; p++) {
          const player = p === 0 ? captain : people[next++]!
          signUp(owner, roster, player, later(at, 14), { teamId, leagueSlot: owner.id, priceCents: null, full: false, mayCancel: false })
        }
      }
      continue
    }
    const offering = offeringOf.get(`${PLACES_OF[owner.kind]}:${owner.id}`)!
    // The season's registrations less those made so far, shared out over the leagues and academies left.
    const left = owners.slice(owners.indexOf(owner)).filter((o) => o.asks === undefined).length
    const asks = owner.asks ?? Math.floor((SEASON_SIZE.registrations - rows.registrations.length) / left)
    const people = rand.shuffled(owner.forChildren ? kids : adults).slice(0, asks)
    for (const [i, at] of times(asks).entries()) {
      const counter = counters.get(offering.id)
      signUp(owner, offering, people[i]!, at, { full: (counter?.placesTaken ?? 0) >= owner.capacity })
    }
    // A drop-in session held: most of those with a spot came and were checked in at the door.
    if (owner.kind === 'drop-in' && owner.starts < today) {
      const doors = dayStart(owner.starts).getTime() + 18.75 * 3_600_000
      for (const r of rows.registrations) {
        if (r.offeringId === offering.id && r.status === 'confirmed' && rand.next() < 0.85) rows.dropInCheckIns.push({ registrationId: r.id, checkedInAt: ts(new Date(doors + rand.int(0, 30) * 60_000)), checkedInBy: staff[0]! })
      }
    }
  }

  await inTransaction(db, async (tx) => {
    for (const table of Object.keys(rows) as (keyof typeof rows)[]) {
      const all = rows[table]
      const columns = Object.keys(all[0] ?? {}).length || 1
      const size = Math.max(1, Math.floor(30_000 / columns / 2))
      for (let i = 0; i < all.length; i += size) await tx.kysely.insertInto(table).values(all.slice(i, i + size)).execute()
    }
    for (const [id, counter] of counters) await tx.kysely.updateTable('offerings').set(counter).where('id', '=', id).execute()
  })
  // A year's rows arrived at once: the planner learns their numbers now, as it would over a year (PostgreSQL's first
  // plans for a table counted empty ran the Registration section's reads ten times as long).
  const filled = [...Object.keys(rows), 'offerings'].map((table) => sql.table(table))
  await (db.dialect === 'postgres' ? sql`analyze ${sql.join(filled)}` : sql`analyze`).execute(db.kysely)
  return {
    leagues: owners.filter((o) => o.kind === 'team' || o.kind === 'individual').length,
    academies: owners.filter((o) => o.kind === 'academy').length,
    camps: owners.filter((o) => o.kind === 'camp').length,
    dropIns: owners.filter((o) => o.kind === 'drop-in').length,
    customers: customers.length,
    registrations: rows.registrations.length,
    payments: rows.payments.length,
    refunds: rows.refunds.length,
  }
}

/** The four that staff closed once they ended. */
const CLOSED = new Set([3, 5, 8, 11])

/** The 20 leagues and academies through the app's own inserts, opening every 15 days over the year; four closed after they ended. */
async function makeOwners(db: Db, today: string, rand: ReturnType<typeof generator>): Promise<Owner[]> {
  const owners: Owner[] = []
  for (let i = 0; i < SEASON_SIZE.offerings; i++) {
    const opens = addDays(today, -360 + i * 15)
    const starts = addDays(opens, 75)
    const isActive = !CLOSED.has(i)
    const ends = addDays(starts, isActive ? 300 : 120)
    const sport = SPORTS[i % SPORTS.length]!
    const priceCents = 5000 + rand.int(0, 8) * 500
    const capacity = 250 + ((i * 37) % 100)
    const kind = i < SEASON_SIZE.teamLeagues ? 'team' : i < SEASON_SIZE.teamLeagues + SEASON_SIZE.individualLeagues ? 'individual' : 'academy'
    const name = `${sport[0]!.toUpperCase()}${sport.slice(1)} ${kind === 'academy' ? 'Academy' : kind === 'team' ? 'Team League' : 'League'} ${i + 1}`
    const dates = { registrationDate: opens, startDate: starts, endDate: ends }
    if (kind === 'academy') {
      const forChildren = i % 2 === 0
      const id = await insertAcademy(db, { name, sport, isActive, forChildren, minAge: forChildren ? 5 : null, maxAge: forChildren ? 16 : null, weekdays: [((i % 5) + 1) as 1 | 2 | 3 | 4 | 5], startTime: '17:00', endTime: '18:00', capacity, priceCents, ...dates })
      const plan = i % 3 === 0 ? { depositCents: 2000, dueDates: [addDays(starts, 30), addDays(starts, 60), addDays(starts, 90)] } : null
      owners.push({ kind, id, name, forChildren, priceCents, capacity, opens, starts, ends, plan })
    } else if (kind === 'team') {
      const id = await insertLeague(db, { name, sport, kind: 'team', isActive, teamCapacity: 16, rosterMin: 5, rosterMax: 10, teamPayment: 'team-fee', teamFeeCents: priceCents * 6, priceCents: 0, ...dates })
      owners.push({ kind, id, name, forChildren: false, priceCents: priceCents * 6, capacity: 16, opens, starts, ends, plan: null })
    } else {
      const forChildren = sport === 'kids'
      const id = await insertLeague(db, { name, sport, kind: 'individual', isActive, capacity, priceCents, ...(forChildren ? { minAge: 5, maxAge: 16 } : {}), ...dates })
      owners.push({ kind, id, name, forChildren, priceCents, capacity, opens, starts, ends, plan: null })
    }
  }
  return owners
}

/**
 * The children's camps (a week in the summer, one over Thanksgiving, one over the winter break) and
 * the Thursday evening open gym for adults, a drop-in from four weeks back to one ahead, each
 * through the app's own inserts.
 */
async function makeCampsAndDropIns(db: Db, today: string, rand: ReturnType<typeof generator>): Promise<Owner[]> {
  const owners: Owner[] = []
  const camps = [
    { name: 'Summer Soccer Camp', sport: 'soccer', starts: addDays(today, -140), days: 5, isActive: false, capacity: 40, asks: 48 },
    { name: 'Thanksgiving Basketball Camp', sport: 'basketball', starts: addDays(today, 5), days: 3, isActive: true, capacity: 30, asks: 26 },
    { name: 'Winter Break Multi-Sport Camp', sport: 'kids', starts: addDays(today, 30), days: 5, isActive: true, capacity: 40, asks: 22 },
  ] as const
  for (const camp of camps) {
    const opens = addDays(camp.starts, -75)
    const ends = addDays(camp.starts, camp.days - 1)
    const priceCents = 15_000 + rand.int(0, 4) * 2500
    const id = await insertCamp(db, { name: camp.name, sport: camp.sport, isActive: camp.isActive, capacity: camp.capacity, priceCents, minAge: 5, maxAge: 16, startTime: '09:00', endTime: '15:00', registrationDate: opens, startDate: camp.starts, endDate: ends })
    owners.push({ kind: 'camp', id, name: camp.name, forChildren: true, priceCents, capacity: camp.capacity, opens, starts: camp.starts, ends, plan: null, asks: camp.asks })
  }
  const thursday = addDays(today, (4 - new Date(`${today}T00:00:00Z`).getUTCDay() + 7) % 7)
  for (let week = -4; week <= 1; week++) {
    const date = addDays(thursday, week * 7)
    const opens = addDays(date, -14)
    const name = 'Thursday Open Gym'
    const id = await insertDropIn(db, { name, sport: 'basketball', isActive: true, capacity: 24, priceCents: 1000, forChildren: false, date, startTime: '19:00', endTime: '21:00', registrationDate: opens })
    const asks = date < today ? rand.int(16, 26) : date === today ? rand.int(12, 20) : rand.int(2, 8)
    owners.push({ kind: 'drop-in', id, name, forChildren: false, priceCents: 1000, capacity: 24, opens, starts: date, ends: date, plan: null, asks })
  }
  return owners
}
