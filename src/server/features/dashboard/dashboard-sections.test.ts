import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { MoneySection, RegistrationSection } from '../../../shared/contracts/dashboard-sections.ts'
import { generateSeason } from '../../demo-season.ts'

/**
 * The Dashboard's Registration and Money sections on a generated season (issue 32), checked
 * against figures worked out here from the raw tables in plain JavaScript: the facility's day of
 * each time read with Intl, balances summed from allocations, plan parts from their days.
 */
const NOW = new Date('2026-11-20T20:30:00Z')
let ctx: TestApp
let admin: TestUser
let raw: Awaited<ReturnType<typeof readTables>>

beforeAll(async () => {
  ctx = await startTestApp({ now: () => NOW })
  await generateSeason(ctx.db, { seed: 32, now: NOW, timeZone: ctx.config.site.timeZone })
  admin = await createUser(ctx, 'admin')
  raw = await readTables()
}, 60_000)
afterAll(() => ctx.close())

async function readTables() {
  const k = ctx.db.kysely
  const [leagues, academies, camps, dropIns, offerings, registrations, lines, payments, allocations, refunds, refundAllocations, users, children] = await Promise.all([
    k.selectFrom('leagues').selectAll().execute(),
    k.selectFrom('academies').selectAll().execute(),
    k.selectFrom('camps').selectAll().execute(),
    k.selectFrom('dropIns').selectAll().execute(),
    k.selectFrom('offerings').selectAll().execute(),
    k.selectFrom('registrations').selectAll().execute(),
    k.selectFrom('orderLines').selectAll().execute(),
    k.selectFrom('payments').selectAll().execute(),
    k.selectFrom('paymentAllocations').selectAll().execute(),
    k.selectFrom('refunds').selectAll().execute(),
    k.selectFrom('refundAllocations').selectAll().execute(),
    k.selectFrom('users').select(['id', 'displayName']).execute(),
    k.selectFrom('children').select(['id', 'firstName', 'lastName']).execute(),
  ])
  return { leagues, academies, camps, dropIns, offerings, registrations, lines, payments, allocations, refunds, refundAllocations, users, children }
}

let dayFormat: Intl.DateTimeFormat | undefined
const facilityDay = (at: Date | string | number) => {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.site.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  return dayFormat.format(new Date(at))
}
const isYes = (value: boolean | number) => value === true || value === 1
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** Today, Monday of this week, and the season's first day, worked out from the rows. */
function expectedPeriods() {
  const today = facilityDay(NOW)
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay()
  const weekStart = plusDays(today, -((weekday + 6) % 7))
  const firsts = [...raw.leagues, ...raw.academies].filter((p) => isYes(p.isActive)).map((p) => p.registrationDate)
  const first = firsts.reduce((a, b) => (a < b ? a : b))
  const yearBack = plusDays(today, -364)
  return { today, weekStart, seasonStart: first < yearBack ? yearBack : first }
}

/** What each registration was paid, refunds that went through taken off. */
function paidByRegistration(): Map<string, number> {
  const lineOf = new Map(raw.lines.map((l) => [l.id, l]))
  const succeeded = new Set(raw.refunds.filter((f) => f.status === 'succeeded').map((f) => f.id))
  const paid = new Map<string, number>()
  const add = (lineId: string, cents: number) => {
    const registrationId = lineOf.get(lineId)?.registrationId
    if (registrationId) paid.set(registrationId, (paid.get(registrationId) ?? 0) + cents)
  }
  for (const a of raw.allocations) add(a.orderLineId, Number(a.amountCents))
  for (const a of raw.refundAllocations) if (succeeded.has(a.refundId)) add(a.orderLineId, -Number(a.amountCents))
  return paid
}

function dueByRegistration(): Map<string, number> {
  const due = new Map<string, number>()
  for (const l of raw.lines) if (l.registrationId) due.set(l.registrationId, (due.get(l.registrationId) ?? 0) + Number(l.amountDueCents))
  return due
}

describe('the Registration section on a generated season', () => {
  let section: RegistrationSection
  beforeAll(async () => {
    const res = await admin.client.get<RegistrationSection>('/api/dashboard/registration')
    expect(res.status, res.text).toBe(200)
    section = res.body
  })

  test('its periods are the facility’s today, this week from Monday and the season from the first active league’s registration day', () => {
    expect({ today: section.today, weekStart: section.weekStart, seasonStart: section.seasonStart }).toEqual(expectedPeriods())
  })

  test('each active league, academy and camp, and each drop-in session to come, shows its places taken, capacity and waitlist as its registrations stand', () => {
    const { today } = expectedPeriods()
    const active = new Map([...raw.leagues, ...raw.academies, ...raw.camps].filter((p) => isYes(p.isActive)).map((p) => [p.id, p]))
    const expected = raw.offerings
      .filter((o) => {
        const league = raw.leagues.find((l) => l.id === o.leagueId)
        if (o.academyId) return active.has(o.academyId) && o.kind === 'academy-place'
        if (o.campId) return active.has(o.campId) && o.kind === 'camp-place'
        if (o.dropInId) return raw.dropIns.some((d) => d.id === o.dropInId && isYes(d.isActive) && d.date >= today)
        return league !== undefined && active.has(league.id) && o.kind === (league.kind === 'team' ? 'team-place' : 'league-place')
      })
      .map((o) => {
        const mine = raw.registrations.filter((r) => r.offeringId === o.id)
        return {
          ownerId: o.leagueId ?? o.academyId ?? o.campId ?? o.dropInId,
          placesTaken: mine.filter((r) => ['confirmed', 'held', 'offered'].includes(r.status)).length,
          capacity: o.capacity,
          waiting: mine.filter((r) => r.status === 'waitlisted').length,
        }
      })
    expect(expected).toHaveLength(20)
    expect(expected.filter((p) => raw.camps.some((c) => c.id === p.ownerId) || raw.dropIns.some((d) => d.id === p.ownerId)).every((p) => p.placesTaken > 0)).toBe(true)
    expect(expected.some((p) => p.waiting > 0)).toBe(true)
    expect(section.programs.map(({ ownerId, placesTaken, capacity, waiting }) => ({ ownerId, placesTaken, capacity, waiting })).sort((a, b) => a.ownerId!.localeCompare(b.ownerId!))).toEqual(
      expected.sort((a, b) => a.ownerId!.localeCompare(b.ownerId!)),
    )
  })

  test('a team league counts its teams complete (roster minimum on it, nothing owed) and forming', () => {
    const paid = paidByRegistration()
    const due = dueByRegistration()
    const owes = (r: { id: string }) => (due.get(r.id) ?? 0) - (paid.get(r.id) ?? 0) > 0
    const holds = (r: { status: string }) => r.status === 'confirmed' || r.status === 'held'
    const teamLeagues = raw.leagues.filter((l) => l.kind === 'team' && isYes(l.isActive))
    expect(teamLeagues.length).toBeGreaterThan(0)
    for (const league of teamLeagues) {
      const kindOf = new Map(raw.offerings.filter((o) => o.leagueId === league.id).map((o) => [o.id, o.kind]))
      const counts = { complete: 0, forming: 0 }
      const teamIds = new Set(raw.registrations.filter((r) => kindOf.get(r.offeringId) === 'team-place').map((r) => r.teamId!))
      for (const teamId of teamIds) {
        const entry = raw.registrations.filter((r) => r.teamId === teamId && kindOf.get(r.offeringId) === 'team-place').at(-1)!
        if (!holds(entry)) continue
        const roster = raw.registrations.filter((r) => r.teamId === teamId && kindOf.get(r.offeringId) === 'roster-place' && holds(r))
        counts[roster.length >= (league.rosterMin ?? 1) && !owes(entry) && !roster.some(owes) ? 'complete' : 'forming'] += 1
      }
      expect(counts.complete + counts.forming).toBeGreaterThan(0)
      expect(section.programs.find((p) => p.ownerId === league.id)?.teams).toEqual(counts)
    }
  })

  test('sign-ups today, this week, this season and per day are those made in active leagues, academies, camps and drop-ins on each facility day', () => {
    const { today, weekStart, seasonStart } = expectedPeriods()
    const active = new Set([...raw.leagues, ...raw.academies, ...raw.camps, ...raw.dropIns].filter((p) => isYes(p.isActive)).map((p) => p.id))
    const ownerOf = new Map(raw.offerings.map((o) => [o.id, o.leagueId ?? o.academyId ?? o.campId ?? o.dropInId]))
    const days = raw.registrations.filter((r) => active.has(ownerOf.get(r.offeringId) ?? '')).map((r) => facilityDay(r.createdAt))
    const since = (from: string) => days.filter((d) => d >= from && d <= today).length
    expect(section.registrations).toEqual({ today: since(today), week: since(weekStart), season: since(seasonStart) })
    expect(section.registrations.today).toBeGreaterThan(0)
    expect(section.registrations.season).toBeGreaterThan(4000)
    const perDay = new Map<string, number>()
    for (let day = seasonStart; day <= today; day = plusDays(day, 1)) perDay.set(day, 0)
    for (const day of days) if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1)
    expect(section.perDay).toEqual([...perDay].map(([day, count]) => ({ day, count })))
  })
})

describe('the Money section on a generated season', () => {
  let section: MoneySection
  beforeAll(async () => {
    const res = await admin.client.get<MoneySection>('/api/dashboard/money')
    expect(res.status, res.text).toBe(200)
    section = res.body
  })

  test('collected today, this week and this season by method, and refunds that went through, agree to the cent', () => {
    const { today, weekStart, seasonStart } = expectedPeriods()
    const takings = (from: string) => {
      const byMethod = { cash: 0, card: 0, check: 0, online: 0 }
      for (const p of raw.payments) {
        const day = facilityDay(p.recordedAt)
        if (day >= from && day <= today) byMethod[p.method] += Number(p.amountCents)
      }
      const refundedCents = raw.refunds
        .filter((f) => f.status === 'succeeded' && facilityDay(f.recordedAt) >= from && facilityDay(f.recordedAt) <= today)
        .reduce((sum, f) => sum + Number(f.amountCents), 0)
      return { collectedCents: byMethod.cash + byMethod.card + byMethod.check + byMethod.online, byMethod, refundedCents }
    }
    expect(section.takings).toEqual({ today: takings(today), week: takings(weekStart), season: takings(seasonStart) })
    expect(section.takings.today.collectedCents).toBeGreaterThan(0)
    for (const method of ['cash', 'card', 'check', 'online'] as const) expect(section.takings.season.byMethod[method]).toBeGreaterThan(0)
    expect(section.takings.season.refundedCents).toBeGreaterThan(0)
    expect(section.pendingRefundsCents).toBe(raw.refunds.filter((f) => f.status === 'pending').reduce((sum, f) => sum + Number(f.amountCents), 0))
  })

  test('outstanding balances are what held places owe, the ten largest first with who holds them', () => {
    const paid = paidByRegistration()
    const due = dueByRegistration()
    const owing = raw.registrations
      .filter((r) => r.status === 'confirmed' || r.status === 'held')
      .map((r) => ({ r, balanceCents: (due.get(r.id) ?? 0) - (paid.get(r.id) ?? 0) }))
      .filter((o) => o.balanceCents > 0)
    expect(section.outstanding.totalCents).toBe(owing.reduce((sum, o) => sum + o.balanceCents, 0))
    expect(section.outstanding.registrations).toBe(owing.length)
    expect(section.outstanding.largest.map((o) => o.balanceCents)).toEqual(
      owing
        .map((o) => o.balanceCents)
        .sort((a, b) => b - a)
        .slice(0, 10),
    )
    const top = section.outstanding.largest[0]!
    const row = raw.registrations.find((r) => r.id === top.registrationId)!
    const child = raw.children.find((c) => c.id === row.childId)
    expect(top).toMatchObject({ userId: row.userId, receiptNumber: row.receiptNumber, participant: child ? `${child.firstName} ${child.lastName}` : raw.users.find((u) => u.id === row.userId)!.displayName })
  })

  test('overdue plan parts are the parts past their day that payments have not covered', () => {
    const { today } = expectedPeriods()
    const paid = paidByRegistration()
    let parts = 0
    let amountCents = 0
    const registrations = new Set<string>()
    const placeOf = new Map(raw.registrations.map((r) => [r.id, r]))
    for (const line of raw.lines) {
      const place = placeOf.get(line.registrationId ?? '')
      if (!place || !line.planDueDates || (place.status !== 'confirmed' && place.status !== 'held')) continue
      const dueCents = Number(line.amountDueCents)
      const covered = paid.get(place.id) ?? 0
      if (covered >= dueCents) continue
      const deposit = Math.min(Number(line.planDepositCents), dueCents)
      const dates = line.planDueDates.split(',')
      const each = Math.floor((dueCents - deposit) / dates.length)
      let cumulative = deposit
      dates.forEach((date, i) => {
        const part = i === dates.length - 1 ? dueCents - deposit - each * (dates.length - 1) : each
        cumulative += part
        if (date < today && covered < cumulative) {
          parts += 1
          amountCents += Math.min(part, cumulative - covered)
          registrations.add(place.id)
        }
      })
    }
    expect(parts).toBeGreaterThan(0)
    expect(section.overduePlanParts).toEqual({ parts, registrations: registrations.size, amountCents })
  })
})

describe('the sections are the manager’s', () => {
  test('an employee and a customer are refused, a visitor asked to sign in', async () => {
    const [employee, customer] = await Promise.all([createUser(ctx, 'employee'), createUser(ctx)])
    for (const url of ['/api/dashboard/registration', '/api/dashboard/money']) {
      expect((await employee.client.get(url)).status).toBe(403)
      expect((await customer.client.get(url)).status).toBe(403)
      expect((await ctx.client().get(url)).status).toBe(401)
    }
  })
})
