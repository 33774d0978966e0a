// npm run demo (scripts/start.mjs --demo): loads demo content into an empty database and prints the demo admin's and employee's sign-in.
// With --season [--seed N], the content is a generated season instead (src/server/demo-season.ts, issue 32).
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import { openForScript } from '../src/server/cli.ts'
import { insertAcademy } from '../src/server/features/academies/academies.queries.ts'
import { insertCamp } from '../src/server/features/camps/camps.queries.ts'
import { insertDemoDropIn } from '../src/server/features/drop-ins/drop-ins.queries.ts'
import { insertLeague } from '../src/server/features/leagues/leagues.queries.ts'
import { createOrUpdateUser } from '../src/server/features/users/create-user.ts'
import { DEMO_ACADEMIES, DEMO_ACADEMY_PEOPLE, DEMO_CAMPS, DEMO_DISCOUNT_CODE, DEMO_DROP_INS, DEMO_FREE_AGENTS, DEMO_LEAGUES, DEMO_ONLINE_PAYMENT, DEMO_AREAS, DEMO_SCHEDULE, DEMO_TEAMS, todaysDemoDropIn } from '../src/server/demo-content.ts'
import { offeringKinds } from '../src/server/app.ts'
import { takePlace } from '../src/server/core/registrations/engine.ts'
import { admit } from '../src/server/core/registrations/admission.ts'
import { findAcademyOffering } from '../src/server/features/academies/academy-kind.ts'
import { findLeagueOffering } from '../src/server/features/registrations/league-places.ts'
import { addChild } from '../src/server/core/children.queries.ts'
import { findAcademyForAdmin } from '../src/server/features/academies/academies.admin.queries.ts'
import { attendanceSheet, markAttendance } from '../src/server/features/academies/academy-attendance.queries.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { resolveAuthSecret } from '../src/server/auth/secret.ts'
import { takeDeskPayment } from '../src/server/core/registrations/registration-changes.ts'
import { createInvites, type Invites } from '../src/server/features/teams/invites.ts'
import { createTeam, joinTeam } from '../src/server/features/teams/team-entry.ts'
import { findTeamRow, teamState } from '../src/server/features/teams/teams.queries.ts'
import { currentWaiver, signWaiver } from '../src/server/core/waivers.queries.ts'
import { facilityToday } from '../src/shared/format.ts'
import { createProduct, findProductForAdmin, updateProduct, type ProductSettings } from '../src/server/features/products/products.queries.ts'
import { planColumns } from '../src/server/core/payments/products.queries.ts'
import type { Product } from '../src/shared/contracts/products.ts'
import { createDiscountCode } from '../src/server/features/products/discount-codes.queries.ts'
import { lineOfRegistration, recordPayment } from '../src/server/core/payments/orders.queries.ts'
import { inTransaction } from '../src/server/db/transaction.ts'
import { timestampParam } from '../src/server/db/values.ts'
import { createBackupSchedule } from '../src/server/features/backups/backup-schedule.ts'
import { generateSeason } from '../src/server/demo-season.ts'
import { createPlayingArea } from '../src/server/features/schedule/playing-areas.queries.ts'
import { findTeamLeague, setGameNights } from '../src/server/features/schedule/game-nights.queries.ts'
import { generateDraft, publishSchedule } from '../src/server/features/schedule/schedule-draft.queries.ts'
import { recordScore } from '../src/server/features/schedule/scores.queries.ts'
import { areaNamed, bookArea, weeklySlots, type PlacedProgram } from '../src/server/core/facility-calendar.queries.ts'
import { WEEKDAYS } from '../src/shared/academy-schedule.ts'

const { values: flags } = parseArgs({ options: { season: { type: 'boolean', default: false }, seed: { type: 'string', default: '1' } } })
if (!/^\d{1,9}$/.test(flags.seed)) {
  console.error(`--seed takes a whole number, not ${flags.seed}`)
  process.exit(1)
}
const { db, auth, config } = await openForScript()
const kinds = offeringKinds()
/** The demo's customers so far: each has a phone number of their own among 555-010-0100 to 0199, the ones kept for fiction. */
let customers = 0
try {
  const email = 'admin@demo.test'
  const password = randomBytes(9).toString('base64url')
  const admin = await createOrUpdateUser(db, auth, { email, password, displayName: 'Demo Admin', phone: '555-010-0000', role: 'admin' })
  // The front desk's account (docs/decisions/0016): everything a desk worker does, nothing more.
  const deskEmail = 'desk@demo.test'
  const deskPassword = randomBytes(9).toString('base64url')
  await createOrUpdateUser(db, auth, { email: deskEmail, password: deskPassword, displayName: 'Demo Front Desk', phone: '555-010-0001', role: 'employee' })
  const leagues = await db.kysely.selectFrom('leagues').select('id').limit(1).execute()
  if (leagues.length === 0 && flags.season) {
    const started = performance.now()
    const made = await generateSeason(db, { seed: Number(flags.seed), now: new Date(), timeZone: config.site.timeZone })
    console.log(
      `Generated a season (seed ${flags.seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s: ${made.leagues} leagues, ${made.academies} academies, ${made.camps} camps and ${made.dropIns} drop-in sessions, ${made.customers} customers, ${made.registrations} registrations, ${made.payments} payments and ${made.refunds} refunds over the past year.`,
    )
  } else if (leagues.length === 0) {
    const leagueIds = new Map<string, string>()
    for (const league of DEMO_LEAGUES) leagueIds.set(league.name, await insertLeague(db, league))
    const areaIds = await seedAreas(admin.id)
    const academyIds = new Map<string, string>()
    for (const academy of DEMO_ACADEMIES) {
      const id = await insertAcademy(db, academy)
      academyIds.set(academy.name, id)
      await bookDemoArea({ kind: 'academy', id, location: academy.location, slots: weeklySlots(academy) })
    }
    for (const camp of DEMO_CAMPS) {
      const id = await insertCamp(db, camp)
      await bookDemoArea({ kind: 'camp', id, location: camp.location, slots: weeklySlots({ ...camp, weekdays: WEEKDAYS }) })
    }
    const dropIns = [...DEMO_DROP_INS, todaysDemoDropIn(facilityToday(new Date(), config.site.timeZone))]
    for (const dropIn of dropIns) {
      const id = await insertDemoDropIn(db, dropIn)
      await bookDemoArea({ kind: 'drop-in', id, location: dropIn.location, slots: [dropIn], academyId: dropIn.academy === undefined ? null : academyIds.get(dropIn.academy)! })
    }
    for (const academy of DEMO_ACADEMIES.filter((a) => a.forChildren)) await seedFamilyDiscount(academyIds.get(academy.name)!, admin.id)
    const invites = createInvites(await resolveAuthSecret(db, config.authSecret))
    for (const team of DEMO_TEAMS) await seedTeam(leagueIds.get(team.league)!, team, invites, admin.id)
    await seedSchedule(leagueIds.get(DEMO_SCHEDULE.league)!, DEMO_SCHEDULE.areas.map((name) => areaIds.get(name)!), admin.id)
    for (const name of DEMO_FREE_AGENTS.people) await seedFreeAgent(leagueIds.get(DEMO_FREE_AGENTS.league)!, name)
    for (const people of DEMO_ACADEMY_PEOPLE) await seedAcademy(academyIds.get(people.academy)!, people, admin.id)
    await seedPriceList(leagueIds.get(DEMO_LEAGUES[0]!.name)!, admin.id)
    await seedOnlinePayment(academyIds.get(DEMO_ONLINE_PAYMENT.academy)!)
    await spreadSignUps()
    const emails = await keepDemoEmails()
    console.log(
      `Loaded ${DEMO_LEAGUES.length} leagues, ${DEMO_TEAMS.length} teams, ${DEMO_FREE_AGENTS.people.length} free agents, ${DEMO_ACADEMIES.length} academies with their participants and attendance so far, ${DEMO_CAMPS.length} camps, ${dropIns.length} drop-in sessions, a price list with an early-bird price running, a family discount and a payment plan on the children's academies, the discount code ${DEMO_DISCOUNT_CODE.code} and one place paid online.`,
    )
    console.log(`The ${emails} emails they would have sent are kept on the Emails page (${config.publicUrl}/outbox, as the demo admin), not sent.`)
  } else {
    console.log('The database already has leagues: demo content not loaded again.')
  }
  // The backup the server would make as it starts, made now: its line comes before the sign-ins, which stay last on the screen.
  const backups = createBackupSchedule({ db, backups: config.backups, log: { info: (_, message) => console.log(message), error: (err, message) => console.error(message, err) }, now: () => new Date() })
  if (backups.enabled) await backups.runIfDue()
  console.log('')
  console.log(`Demo admin:    ${email}`)
  console.log(`Password:      ${password}`)
  console.log(`Demo employee: ${deskEmail} (the front desk: ${config.publicUrl}/desk)`)
  console.log(`Password:      ${deskPassword}`)
  console.log(`Both passwords are new on every run of npm run demo. Sign in at ${config.publicUrl}/signIn`)
  console.log('')
} finally {
  await db.close()
}

/**
 * The emails the demo's sign-ups wrote (confirmations, team news) are kept in the outbox, as the
 * site keeps emails without a mail server: never sent to the made-up addresses, nor written to the
 * log one by one as the server starts, where they pushed the demo's sign-ins off the screen.
 */
async function keepDemoEmails(): Promise<number> {
  const { numUpdatedRows } = await db.kysely
    .updateTable('outbox')
    .set({ status: 'logged', sentAt: timestampParam(db.dialect, new Date()) })
    .where('status', '=', 'pending')
    .where('recipient', 'like', '%@demo.test')
    .executeTakeFirst()
  return Number(numUpdatedRows)
}

/**
 * The price list beyond the leagues' and academies' own fees (issue 24): the first league's fee
 * gets an early-bird price for another week, and a jersey in sizes is offered with it as an extra.
 */
async function seedPriceList(leagueId: string, adminId: string): Promise<void> {
  const now = new Date()
  const change = { by: adminId, now }
  const { productId } = await db.kysely.selectFrom('offerings').select('productId').where('leagueId', '=', leagueId).where('kind', '=', 'league-place').executeTakeFirstOrThrow()
  const until = addDays(facilityToday(now, config.site.timeZone), 7)
  await changeFee(productId!, (fee) => (fee.listPriceCents > 1000 ? { earlyBirdPriceCents: fee.listPriceCents - 1000, earlyBirdUntil: until } : {}), change)
  await createProduct(
    db,
    { name: 'Team jersey', purpose: 'extra', listPriceCents: 2500, earlyBirdPriceCents: null, earlyBirdUntil: null, familyDiscountPercent: null, planDepositCents: null, planDueDates: null, sizes: 'YS,YM,YL,S,M,L,XL', lateSignUpPrice: 'full', isActive: true, goesWith: [productId!] },
    change,
  )
  const today = facilityToday(now, config.site.timeZone)
  const { code, description, percentOff, days, maxUses } = DEMO_DISCOUNT_CODE
  const made = await createDiscountCode(
    db,
    { code, description, percentOff, amountOffCents: null, validFrom: today, validUntil: addDays(today, days), maxUses, maxUsesPerPerson: null, isActive: true },
    change,
  )
  if (made === 'taken') throw new Error(`The discount code ${code} exists already in a database without leagues`)
}

/**
 * The academy’s fee takes 10% off a family’s second and further children, and may be paid as a
 * $50 deposit and two parts a month apart, before any family signs up.
 */
async function seedFamilyDiscount(academyId: string, adminId: string): Promise<void> {
  const { productId } = await db.kysely.selectFrom('offerings').select('productId').where('academyId', '=', academyId).executeTakeFirstOrThrow()
  const today = facilityToday(new Date(), config.site.timeZone)
  const plan = { depositCents: 5000, dueDates: [addDays(today, 30), addDays(today, 60)] }
  await changeFee(productId!, (fee) => ({ familyDiscountPercent: 10, ...(fee.listPriceCents > plan.depositCents ? planColumns(plan) : {}) }), { by: adminId, now: new Date() })
}

/** Changes what `changes` answers of a product, the rest as it is. */
async function changeFee(productId: string, changes: (fee: Product) => Partial<ProductSettings>, change: { by: string; now: Date }): Promise<void> {
  const fee = await findProductForAdmin(db, productId)
  if (!fee) return
  const { id, usedBy: _usedBy, history: _history, goesWith: _goesWith, earlyBird, plan, sizes, ...settings } = fee
  const current: ProductSettings = { ...settings, earlyBirdPriceCents: earlyBird?.priceCents ?? null, earlyBirdUntil: earlyBird?.until ?? null, ...planColumns(plan), sizes: sizes.length > 0 ? sizes.join(',') : null }
  await updateProduct(db, id, { ...current, ...changes(fee) }, change)
}

/**
 * One family's first academy place paid online, recorded the way the Stripe webhook records a
 * paid Checkout session (issue 24), with ids in the shape of Stripe's test mode.
 */
async function seedOnlinePayment(academyId: string): Promise<void> {
  const now = new Date()
  const { guardian, card } = DEMO_ONLINE_PAYMENT
  const place = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select('r.id')
    .where('o.academyId', '=', academyId)
    .where('u.displayName', '=', guardian)
    .where('r.status', '=', 'confirmed')
    .orderBy('r.seq')
    .executeTakeFirstOrThrow()
  const token = place.id.replace(/-/g, '').slice(0, 24)
  const recorded = await inTransaction(db, async (tx) => {
    const line = (await lineOfRegistration(tx, place.id))!
    return recordPayment(tx, {
      orderId: line.orderId,
      amountCents: line.openCents,
      provider: 'stripe',
      externalId: `cs_test_demo_${token}`,
      method: 'online',
      reference: `pi_test_demo_${token}`,
      cardBrand: card.brand,
      cardLast4: card.last4,
      recordedBy: null,
      now,
      allocations: [{ orderLineId: line.id, amountCents: line.openCents }],
    })
  })
  if (recorded.status === 'over-balance') throw new Error(`The demo's online payment for ${guardian} is more than the place owes`)
}

/** A customer with an account and the waiver signed, as the sign-up pages leave one. */
async function demoCustomer(name: string, now: Date): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@demo.test`
  const phone = `555-010-01${String(customers++ % 100).padStart(2, '0')}`
  const { id } = await createOrUpdateUser(db, auth, { email, password: randomBytes(12).toString('base64url'), displayName: name, phone, role: 'customer' })
  const { version } = await currentWaiver(db)
  await signWaiver(db, { userId: id, childId: null, waiverVersion: version, signedName: name, ipAddress: null, userAgent: null, now })
  return id
}

/**
 * The demo's places are all taken as it loads; a season's are taken over weeks. Each offering's
 * places are spread, in the order they were taken, from the day it opened for registration to its
 * first day (or to now, if it has not begun), at times of day a family signs up (9 AM to 9 PM
 * in the default America/New_York), with their orders and lines: the Dashboard's counts and its sign-ups by week then read
 * like a season's.
 */
async function spreadSignUps(): Promise<void> {
  const now = Date.now()
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offeringFacts as f', 'f.offeringId', 'r.offeringId')
    .leftJoin('leagues as l', 'l.id', 'f.ownerId')
    .leftJoin('academies as a', 'a.id', 'f.ownerId')
    .leftJoin('orderLines as line', 'line.registrationId', 'r.id')
    .select(['r.id', 'r.offeringId', 'f.startDate', 'l.registrationDate as leagueOpens', 'a.registrationDate as academyOpens', 'line.id as lineId', 'line.orderId'])
    .where((eb) => eb.or([eb('l.id', 'is not', null), eb('a.id', 'is not', null)]))
    .orderBy('r.offeringId')
    .orderBy('r.seq')
    .execute()
  const byOffering = new Map<string, typeof rows>()
  for (const row of rows) byOffering.set(row.offeringId, [...(byOffering.get(row.offeringId) ?? []), row])
  for (const places of byOffering.values()) {
    const { startDate, leagueOpens, academyOpens } = places[0]!
    const opens = Date.parse(`${leagueOpens ?? academyOpens}T14:00:00Z`)
    const ends = Math.min(now, Date.parse(`${startDate}T01:00:00Z`))
    for (const [i, place] of places.entries()) {
      const at = ends > opens ? new Date(Math.min(now, atDaytime(opens + ((i + 1) / places.length) * (ends - opens)))) : new Date(now)
      const moment = timestampParam(db.dialect, at)
      await db.kysely.updateTable('registrations').set({ createdAt: moment }).where('id', '=', place.id).execute()
      if (place.lineId) {
        await db.kysely.updateTable('orderLines').set({ createdAt: moment }).where('id', '=', place.lineId).execute()
        await db.kysely.updateTable('orders').set({ createdAt: moment }).where('id', '=', place.orderId!).execute()
      }
    }
  }
}

/** `at` moved into 14:00–02:00 UTC (about 9 AM to 9 PM in New York), to the morning when it falls at night. */
function atDaytime(at: number): number {
  const hour = new Date(at).getUTCHours()
  return hour >= 2 && hour < 14 ? at + (14 - hour) * 3_600_000 : at
}

/** A free agent signed up on the Soccer Free Agent page, waiting for staff to place them. */
async function seedFreeAgent(leagueId: string, name: string): Promise<void> {
  const now = new Date()
  const today = facilityToday(now, config.site.timeZone)
  const userId = await demoCustomer(name, now)
  const offering = (await findLeagueOffering(db, leagueId))!
  const admission = await admit(db, offering, { userId, childId: null, today })
  await takePlace(db, { ...admission, offering, userId, idempotencyKey: null, now, today, siteUrl: config.publicUrl, kinds })
}

/**
 * An academy's participants signed up the way the sign-up page does it (the waiver signed for each
 * child, the age checked, a place or a waitlist position from the engine), then the coach's marks
 * for every session held so far: most came, one in five missed one.
 */
async function seedAcademy(academyId: string, people: (typeof DEMO_ACADEMY_PEOPLE)[number], coachId: string): Promise<void> {
  const now = new Date()
  const today = facilityToday(now, config.site.timeZone)
  const offering = (await findAcademyOffering(db, academyId))!
  const { version } = await currentWaiver(db)
  const place = async (userId: string, childId: string | null) => {
    const admission = await admit(db, offering, { userId, childId, today })
    await takePlace(db, { ...admission, offering, userId, idempotencyKey: null, now, today, siteUrl: config.publicUrl, kinds })
  }
  for (const name of people.adults ?? []) await place(await demoCustomer(name, now), null)
  for (const family of people.families ?? []) {
    const guardianId = await demoCustomer(family.guardian, now)
    const { phone } = await db.kysely.selectFrom('users').select('phone').where('id', '=', guardianId).executeTakeFirstOrThrow()
    const lastName = family.guardian.split(' ').at(-1)!
    for (const { firstName, age } of family.children) {
      // Half a year past their birthday on the first day.
      const dateOfBirth = addDays(offering.startDate, -Math.round((age + 0.5) * 365.25))
      const child = await addChild(db, guardianId, { firstName, lastName, dateOfBirth, emergencyContactName: family.guardian, emergencyContactPhone: phone!, notes: null }, now)
      await signWaiver(db, { userId: guardianId, childId: child.id, waiverVersion: version, signedName: family.guardian, ipAddress: null, userAgent: null, now })
      await place(guardianId, child.id)
    }
  }
  const academy = (await findAcademyForAdmin(db, academyId))!
  const { participants } = await attendanceSheet(db, academy, today)
  const held = academy.sessionDates.filter((date) => date < today)
  for (const [session, date] of held.entries()) {
    for (const [row, { registrationId }] of participants.entries()) {
      await markAttendance(db, academy, { registrationId, sessionDate: date, present: (row + session) % 5 !== 3 }, { userId: coachId, now })
    }
  }
}

/** A team made the way a captain and players make it: accounts, waivers, the team, joins, and the fee at the desk. */
/** The facility's courts and fields, made as an admin makes them: their ids by name. */
async function seedAreas(adminId: string): Promise<Map<string, string>> {
  const audit = { by: { id: adminId, name: 'Demo Admin', address: '127.0.0.1' }, now: new Date() }
  const ids = new Map<string, string>()
  for (const area of DEMO_AREAS) ids.set(area.name, (await createPlayingArea(db, area, audit)).id)
  return ids
}

/** Books the playing area a demo program's "Where" names, as saving it on its staff page does (none for a place off the courts). */
async function bookDemoArea(program: Omit<PlacedProgram, 'areaId'> & { location: string | null | undefined }): Promise<void> {
  const area = await areaNamed(db, program.location)
  if (area) await inTransaction(db, (tx) => bookArea(tx, { ...program, areaId: area.id }))
}

/** Adult Basketball's game nights on its courts and its published schedule, with the results of the games already played. */
async function seedSchedule(leagueId: string, areaIds: string[], adminId: string): Promise<void> {
  const now = new Date()
  const audit = { by: { id: adminId, name: 'Demo Admin', address: '127.0.0.1' }, now }
  const league = await findTeamLeague(db, leagueId)
  await setGameNights(db, league, { ...DEMO_SCHEDULE.nights, areaIds }, audit)
  await generateDraft(db, league, audit)
  await publishSchedule(db, league, audit)
  const today = facilityToday(now, config.site.timeZone)
  const played = await db.kysely.selectFrom('games').select(['id', 'awayTeamId', 'scoreVersion']).where('leagueId', '=', leagueId).where('date', '<', today).orderBy('date').orderBy('startTime').orderBy('id').execute()
  // Entered as the scorer's table enters them: a forfeit records the league's forfeit score.
  const scorer = { now, timeZone: config.site.timeZone, by: audit.by }
  for (const [i, game] of played.entries()) {
    const result = DEMO_SCHEDULE.results[i % DEMO_SCHEDULE.results.length]!
    const version = game.scoreVersion
    const input = result === 'forfeit-away' ? { outcome: 'forfeit' as const, version, forfeitedBy: game.awayTeamId } : { outcome: 'score' as const, version, homeScore: result[0], awayScore: result[1] }
    await recordScore(db, league, game.id, input, scorer)
  }
}

async function seedTeam(leagueId: string, team: (typeof DEMO_TEAMS)[number], invites: Invites, staffId: string): Promise<void> {
  const now = new Date()
  const request = (userId: string) => ({ userId, idempotencyKey: null, now, today: facilityToday(now, config.site.timeZone), siteUrl: config.publicUrl, kinds, facilityName: config.site.facilityName })
  const people: string[] = []
  for (const name of team.players) people.push(await demoCustomer(name, now))
  const [captain, ...players] = people
  const { teamId } = await createTeam(db, { ...request(captain!), leagueId, name: team.name })
  const row = await findTeamRow(db, leagueId, teamId)
  for (const player of players) await joinTeam(db, invites, { ...request(player), leagueId, teamId, invite: invites.codeOf(row!) })
  if (team.feePaid) {
    const entry = (await teamState(db, leagueId, teamId))!.entry!
    await takeDeskPayment(db, entry.registrationId, { amountCents: entry.balanceCents, method: 'card', reference: 'Demo' }, staffId, { now, timeZone: config.site.timeZone, siteUrl: config.publicUrl, kinds })
  }
}
