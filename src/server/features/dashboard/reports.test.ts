import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AttendanceSheet } from '../../../shared/contracts/attendance.ts'
import type { MoneySection } from '../../../shared/contracts/dashboard-sections.ts'
import type { ReportsIndex, SeasonSummary } from '../../../shared/contracts/reports.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { generateSeason } from '../../demo-season.ts'
import { academyInput } from '../../../../tests/academy-places.ts'
import { insertAcademy } from '../academies/academies.queries.ts'
import { insertCamp } from '../camps/camps.queries.ts'
import { insertLeague } from '../leagues/leagues.queries.ts'

/**
 * The Reports of issue 32 on a generated season (payments online, in cash, by check and by card,
 * refunds), with one family added whose payer is named like a formula and whose names carry
 * accents: the payments file's sums are the Money section's figures, and every file is one a
 * spreadsheet opens safely.
 */
const NOW = new Date('2026-11-20T20:30:00Z')
const TODAY = '2026-11-20'
let ctx: TestApp
let admin: TestUser
let money: MoneySection
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Click")'

/** The family added to the season: a formula-named payer, a child with accents, a desk payment with a reference. */
const family = { leagueId: '', registrationId: '', childName: 'Zoë Núñez-Çelik' }

beforeAll(async () => {
  ctx = await startTestApp({ now: () => NOW })
  await generateSeason(ctx.db, { seed: 32, now: NOW, timeZone: ctx.config.site.timeZone })
  admin = await createUser(ctx, 'admin')
  family.leagueId = await insertLeague(ctx.db, {
    name: 'Fútbol Niños',
    sport: 'kids',
    kind: 'individual',
    description: null,
    isActive: true,
    registrationDate: addDays(TODAY, -10),
    startDate: addDays(TODAY, 20),
    endDate: addDays(TODAY, 90),
    priceCents: 6000,
    capacity: 20,
    minAge: 5,
    maxAge: 12,
  })
  const parent = await createUser(ctx, 'customer')
  await ctx.db.kysely.updateTable('users').set({ displayName: FORMULA_NAME }).where('id', '=', parent.id).execute()
  await signWaiver(parent)
  const child = await parent.client.post<{ child: { id: string } }>('/api/children', {
    firstName: 'Zoë',
    lastName: 'Núñez-Çelik',
    dateOfBirth: '2018-05-20',
    emergencyContactName: 'Ana Núñez',
    emergencyContactPhone: '555-010-9999',
    notes: '',
  })
  expect(child.status, child.text).toBe(201)
  await signWaiver(parent, child.body.child.id)
  const placed = await parent.client.post<{ registration: { id: string } }>(`/api/leagues/${family.leagueId}/registrations`, { childId: child.body.child.id })
  expect(placed.status, placed.text).toBe(201)
  family.registrationId = placed.body.registration.id
  const paid = await admin.client.post(`/api/admin/registrations/${family.registrationId}/payments`, { amount: '45.50', method: 'check', reference: 'Chèque 1042' })
  expect(paid.status, paid.text).toBe(201)
  const section = await admin.client.get<MoneySection>('/api/dashboard/money')
  expect(section.status, section.text).toBe(200)
  money = section.body
}, 120_000)
afterAll(() => ctx.close())

/**
 * A CSV answer as its bytes arrived (fetch's text() drops a byte order mark), read back as a
 * spreadsheet would: its byte order mark checked and taken off, its rows as records keyed by the header.
 */
async function download(path: string, as: TestUser = admin) {
  const res = await fetch(ctx.baseUrl + path, { headers: { cookie: as.client.cookieHeader() } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  expect(res.status, text).toBe(200)
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const records = parse(text, { bom: true, columns: true }) as Record<string, string>[]
  return { res, text, records }
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100)
const sumOf = (records: Record<string, string>[], type: 'Payment' | 'Refund') =>
  records.filter((r) => r['Type'] === type).reduce((sum, r) => sum + cents(r['Amount (dollars)']!), 0)

describe('the payments and refunds file', () => {
  test('for this season (no range given) its payments and refunds sum to the Money section’s season figures to the cent', async () => {
    const { res, records } = await download('/api/admin/reports/payments.csv')
    expect(records.length).toBeGreaterThan(1000)
    expect(sumOf(records, 'Payment')).toBe(money.takings.season.collectedCents)
    expect(-sumOf(records, 'Refund')).toBe(money.takings.season.refundedCents)
    expect(money.takings.season.refundedCents).toBeGreaterThan(0)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="payments-${money.seasonStart}-to-${TODAY}.csv"`)
  })

  test('for this week and for today its sums are the section’s week and today figures', async () => {
    const week = await download(`/api/admin/reports/payments.csv?from=${money.weekStart}&to=${TODAY}`)
    expect(sumOf(week.records, 'Payment')).toBe(money.takings.week.collectedCents)
    expect(-sumOf(week.records, 'Refund')).toBe(money.takings.week.refundedCents)
    const today = await download(`/api/admin/reports/payments.csv?from=${TODAY}&to=${TODAY}`)
    expect(sumOf(today.records, 'Payment')).toBe(money.takings.today.collectedCents)
    for (const method of ['cash', 'card', 'check', 'online'] as const) {
      const label = { cash: 'Cash', card: 'Card', check: 'Check', online: 'Online' }[method]
      expect(week.records.filter((r) => r['Type'] === 'Payment' && r['Method'] === label).reduce((sum, r) => sum + cents(r['Amount (dollars)']!), 0)).toBe(money.takings.week.byMethod[method])
    }
  })

  test('a desk payment’s row names its payer, method, reference and what it paid for; a payer named like a formula stays text', async () => {
    const { records } = await download(`/api/admin/reports/payments.csv?from=${TODAY}&to=${TODAY}`)
    const row = records.find((r) => r['Reference'] === 'Chèque 1042')
    expect(row).toMatchObject({
      Date: '2026-11-20 15:30',
      Type: 'Payment',
      Payer: `'${FORMULA_NAME}`,
      Method: 'Check',
      'Stripe payment intent': '',
      'Amount (dollars)': '45.50',
      'Paid for': `${family.childName}: Fútbol Niños`,
    })
  })

  test('an online payment carries its Stripe payment intent and checkout session, a refund through Stripe its refund id', async () => {
    const { records } = await download('/api/admin/reports/payments.csv')
    const online = records.find((r) => r['Type'] === 'Payment' && r['Method'] === 'Online')!
    expect(online['Stripe payment intent']).toMatch(/^pi_/)
    expect(online['Reference']).toBe('')
    const refund = records.find((r) => r['Type'] === 'Refund' && r['Stripe refund'] !== '')!
    expect(refund['Stripe refund']).toMatch(/^re_/)
    expect(Number(refund['Amount (dollars)'])).toBeLessThan(0)
  })

  test('the file starts with UTF-8’s byte order mark and keeps accents', async () => {
    const { res, text, records } = await download(`/api/admin/reports/payments.csv?from=${TODAY}&to=${TODAY}`)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    expect(records.map((r) => r['Paid for'])).toContain('Zoë Núñez-Çelik: Fútbol Niños')
  })
})

describe('the registrations file', () => {
  test('one league’s registrations with participant, age, guardian, contact, status, money and waiver', async () => {
    const { res, records } = await download(`/api/admin/reports/registrations.csv?program=${family.leagueId}&from=${TODAY}&to=${TODAY}`)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="registrations-f-tbol-ni-os-${TODAY}-to-${TODAY}.csv"`)
    expect(records).toEqual([
      expect.objectContaining({
        Program: 'Fútbol Niños',
        Kind: 'League',
        Participant: family.childName,
        Age: '8',
        Guardian: `'${FORMULA_NAME}`,
        Status: 'Confirmed',
        'Price (dollars)': '60.00',
        'Discounts (dollars)': '0.00',
        'Paid (dollars)': '45.50',
        'Balance (dollars)': '14.50',
        Waiver: 'Signed',
      }),
    ])
  })

  test('all programs’ registrations of the season are every registration made in it', async () => {
    const { records } = await download('/api/admin/reports/registrations.csv')
    const made = await ctx.db.kysely.selectFrom('registrations').select('createdAt').execute()
    const season = (await admin.client.get<ReportsIndex>('/api/admin/reports')).body.seasonStart
    const facilityDay = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.site.timeZone })
    expect(records.length).toBe(made.filter((r) => facilityDay.format(new Date(r.createdAt)) >= season).length)
    expect(records.length).toBeGreaterThan(500)
  })

  test('an unknown program is a 404 that says so', async () => {
    const res = await admin.client.get('/api/admin/reports/registrations.csv?program=nope')
    expect(res.status).toBe(404)
    expect(res.text).toContain('There is no such league, academy or camp.')
  })
})

const markOf = (sheet: AttendanceSheet, registrationId: string, day: string) => {
  const mark = sheet.marks.find((m) => m.registrationId === registrationId && m.sessionDate === day)
  return mark === undefined ? undefined : mark.present ? 'Present' : 'Absent'
}

describe('an academy’s attendance file', () => {
  test('its participants × sessions, present or absent as marked, blank where nobody marked', async () => {
    const index = (await admin.client.get<ReportsIndex>('/api/admin/reports')).body
    let sheet: AttendanceSheet | undefined
    for (const academy of index.programs.filter((p) => p.kind === 'academy')) {
      const res = await admin.client.get<AttendanceSheet>(`/api/admin/academies/${academy.ownerId}/attendance`)
      if (res.body.participants.length > 1 && res.body.sessions.some((d) => d <= TODAY)) sheet = res.body
    }
    expect(sheet).toBeDefined()
    const [first, second] = sheet!.participants
    const session = sheet!.sessions.filter((d) => d <= TODAY).at(-1)!
    for (const [who, present] of [[first!, true], [second!, false]] as const) {
      const marked = await admin.client.post(`/api/admin/academies/${sheet!.academy.id}/attendance`, { registrationId: who.registrationId, sessionDate: session, present })
      expect(marked.status, marked.text).toBe(200)
    }
    const { records } = await download(`/api/admin/reports/academies/${sheet!.academy.id}/attendance.csv?from=${session}&to=${session}`)
    expect(Object.keys(records[0]!)).toEqual(['Participant', 'Age', session])
    // In the sheet's order: names may repeat in a generated season.
    expect(records.map((r) => r['Participant'])).toEqual(sheet!.participants.map((p) => p.name))
    expect(records.map((r) => r[session])).toEqual(
      sheet!.participants.map((p) =>
        p.registrationId === first!.registrationId ? 'Present' : p.registrationId === second!.registrationId ? 'Absent' : (markOf(sheet!, p.registrationId, session) ?? ''),
      ),
    )
  })
})

describe('a season’s summary', () => {
  test('the added league: its place, the money taken and what is still owed, its sign-up this week', async () => {
    const res = await admin.client.get<SeasonSummary>(`/api/admin/reports/summary/${family.leagueId}`)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ placesTaken: 1, capacity: 20, waiting: 0, teams: null, money: { collectedCents: 4550, refundedCents: 0, outstandingCents: 1450 } })
    expect(res.body.perWeek.at(-1)).toEqual({ weekStart: money.weekStart, count: 1 })
  })

  test('a team league counts its teams; every generated program’s money adds up to the season’s (drop-ins have no summary)', async () => {
    const index = (await admin.client.get<ReportsIndex>('/api/admin/reports')).body
    let collected = 0
    let withTeams = 0
    for (const program of index.programs) {
      const res = await admin.client.get<SeasonSummary>(`/api/admin/reports/summary/${program.ownerId}`)
      expect(res.status, res.text).toBe(200)
      collected += res.body.money.collectedCents
      if (res.body.teams && res.body.teams.complete + res.body.teams.forming > 0) withTeams += 1
      expect(res.body.perWeek.reduce((sum, w) => sum + w.count, 0)).toBeGreaterThanOrEqual(res.body.placesTaken > 0 ? 1 : 0)
    }
    const all = await ctx.db.kysely
      .selectFrom('paymentAllocations as a')
      .innerJoin('orderLines as line', 'line.id', 'a.orderLineId')
      .innerJoin('registrations as r', 'r.id', 'line.registrationId')
      .innerJoin('offerings as o', 'o.id', 'r.offeringId')
      .select((eb) => eb.fn.sum<string | number>('a.amountCents').as('total'))
      .where('o.dropInId', 'is', null)
      .executeTakeFirst()
    expect(collected).toBe(Number(all?.total))
    expect(withTeams).toBeGreaterThan(0)
  })
})

describe('a program’s dates', () => {
  test('an academy’s are its first and last sessions, as its cards and receipts show them; a league’s and a camp’s their own days', async () => {
    // Set from a Sunday to a Sunday, meeting Tuesdays and Thursdays: it meets from 11/10 to 1/21.
    const academyId = await insertAcademy(ctx.db, academyInput({ name: 'Dated Skills Academy', registrationDate: '2026-10-01', startDate: '2026-11-08', endDate: '2027-01-24' }))
    const campId = await insertCamp(ctx.db, { name: 'Dated Camp', sport: 'soccer', isActive: true, minAge: 6, maxAge: 11, startTime: '09:00', endTime: '12:00', registrationDate: '2026-10-01', startDate: '2026-12-28', endDate: '2026-12-30', capacity: 20, priceCents: 15_000 }, NOW)
    const index = (await admin.client.get<ReportsIndex>('/api/admin/reports')).body
    const datesOf = (ownerId: string) => index.programs.filter((p) => p.ownerId === ownerId).map(({ startDate, endDate }) => ({ startDate, endDate }))
    expect(datesOf(academyId)).toEqual([{ startDate: '2026-11-10', endDate: '2027-01-21' }])
    expect(datesOf(campId)).toEqual([{ startDate: '2026-12-28', endDate: '2026-12-30' }])
    expect(datesOf(family.leagueId)).toEqual([{ startDate: addDays(TODAY, 20), endDate: addDays(TODAY, 90) }])
    const summary = await admin.client.get<SeasonSummary>(`/api/admin/reports/summary/${academyId}`)
    expect(summary.status, summary.text).toBe(200)
    expect(summary.body.program).toMatchObject({ startDate: '2026-11-10', endDate: '2027-01-21' })
  })
})

describe('who may download, and what a bad range gets', () => {
  test.each(['/api/admin/reports/payments.csv', '/api/admin/reports/registrations.csv', '/api/admin/reports'])('%s: an employee and a customer 403, a visitor 401', async (path) => {
    const [employee, customer] = await Promise.all([createUser(ctx, 'employee'), createUser(ctx, 'customer')])
    expect((await employee.client.get(path)).status).toBe(403)
    expect((await customer.client.get(path)).status).toBe(403)
    expect((await ctx.client().get(path)).status).toBe(401)
  })

  test.each([
    ['from after to', '?from=2026-11-20&to=2026-11-01', 'The first day (from) must not be after the last (to).'],
    ['a day that does not exist', '?from=2026-02-30', 'Enter a date such as 2027-01-05.'],
    ['words for a day', '?to=last-week', 'Enter a date such as 2027-01-05.'],
    ['a first day after today, the last left out', '?from=2026-12-01', 'The first day (2026-12-01) must not be after the last (2026-11-20).'],
  ])('%s is a 400 saying what is wrong', async (_what, query, message) => {
    for (const path of ['/api/admin/reports/payments.csv', '/api/admin/reports/registrations.csv']) {
      const res = await admin.client.get<{ error: { message: string } }>(path + query)
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.message).toBe(message)
    }
  })
})
