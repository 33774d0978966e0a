import type { Db } from '../../db/connect.ts'
import { toBool, toCount } from '../../db/values.ts'
import { amountDueOf, amountPaidOf } from '../../core/payments/orders.queries.ts'
import type { ReportProgram, SeasonSummary } from '../../../shared/contracts/reports.ts'
import { CHARGED_STATUSES, type OfferingKind } from '../../../shared/schemas/registration.ts'
import { academySessionRange, readSchedule } from '../../../shared/academy-schedule.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { teamsByState } from './registration-section.queries.ts'

interface Program extends ReportProgram {
  sport: string | null
  registrationDate: string
  /** A team league's roster minimum; undefined for any other program. */
  rosterMin?: number | null
}

/** Every league, academy and camp, active ones first, by name: what the Reports page offers. */
export async function listReportPrograms(db: Db): Promise<Program[]> {
  const programs = await readPrograms(db)
  return programs.sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name, 'en') || a.ownerId.localeCompare(b.ownerId))
}

async function readPrograms(db: Db, ownerId?: string): Promise<Program[]> {
  const columns = ['id', 'name', 'sport', 'isActive', 'registrationDate', 'startDate', 'endDate'] as const
  const [leagues, academies, camps] = await Promise.all([
    db.kysely.selectFrom('leagues').select([...columns, 'kind', 'rosterMin']).$if(ownerId !== undefined, (q) => q.where('id', '=', ownerId!)).execute(),
    db.kysely.selectFrom('academies').select([...columns, 'weekdays', 'startTime', 'endTime', 'skippedDates']).$if(ownerId !== undefined, (q) => q.where('id', '=', ownerId!)).execute(),
    db.kysely.selectFrom('camps').select(columns).$if(ownerId !== undefined, (q) => q.where('id', '=', ownerId!)).execute(),
  ])
  const program = (kind: ReportProgram['kind'], row: { id: string; name: string; sport: string | null; isActive: boolean | number; registrationDate: string; startDate: string; endDate: string }): Program => ({
    ownerId: row.id,
    kind,
    name: row.name,
    sport: row.sport,
    isActive: toBool(row.isActive),
    registrationDate: row.registrationDate,
    startDate: row.startDate,
    endDate: row.endDate,
  })
  return [
    ...leagues.map((l) => ({ ...program('league', l), ...(l.kind === 'team' ? { rosterMin: l.rosterMin } : {}) })),
    // An academy's dates are its first and last sessions, as its cards and receipts show them.
    ...academies.map((a) => {
      const { first, last } = academySessionRange({ ...a, sessionDates: readSchedule(a).sessionDates })
      return program('academy', { ...a, startDate: first, endDate: last })
    }),
    ...camps.map((c) => program('camp', c)),
  ]
}

/** The places a program's capacity counts: a team league's teams, another league's players, an academy's or a camp's participants. */
function placeKindOf(program: Program): OfferingKind {
  if (program.kind === 'academy') return 'academy-place'
  if (program.kind === 'camp') return 'camp-place'
  return program.rosterMin === undefined ? 'league-place' : 'team-place'
}

const ownerColumn = { league: 'o.leagueId', academy: 'o.academyId', camp: 'o.campId' } as const

/** Monday of a day's week. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))

/**
 * A league's, academy's or camp's season on one page (issue 32): its places against capacity and
 * waitlist as the engine counts them, a team league's teams by state, the money of every place in
 * it (a team's roster too) and its sign-ups per week; undefined when there is no such program.
 */
export async function seasonSummary(db: Db, ownerId: string, today: string, dayOf: (at: Date) => string): Promise<SeasonSummary | undefined> {
  const [program] = await readPrograms(db, ownerId)
  if (!program) return undefined
  const { rosterMin, registrationDate, ...shown } = program
  const owned = db.kysely.selectFrom('offerings as o').where(ownerColumn[program.kind], '=', ownerId)
  const [fill, places, collected, refunded, teams] = await Promise.all([
    owned.select(['o.capacity', 'o.placesTaken', 'o.waiting']).where('o.kind', '=', placeKindOf(program)).executeTakeFirst(),
    owned
      .innerJoin('registrations as r', 'r.offeringId', 'o.id')
      .select((eb) => ['r.status', 'r.createdAt', amountDueOf(eb).as('dueCents'), amountPaidOf(eb).as('paidCents')])
      .execute(),
    owned
      .innerJoin('registrations as r', 'r.offeringId', 'o.id')
      .innerJoin('orderLines as line', 'line.registrationId', 'r.id')
      .innerJoin('paymentAllocations as a', 'a.orderLineId', 'line.id')
      .select((eb) => eb.fn.sum<string | number>('a.amountCents').as('total'))
      .executeTakeFirst(),
    owned
      .innerJoin('registrations as r', 'r.offeringId', 'o.id')
      .innerJoin('orderLines as line', 'line.registrationId', 'r.id')
      .innerJoin('refundAllocations as ra', 'ra.orderLineId', 'line.id')
      .innerJoin('refunds as f', 'f.id', 'ra.refundId')
      .select((eb) => eb.fn.sum<string | number>('ra.amountCents').as('total'))
      .where('f.status', '=', 'succeeded')
      .executeTakeFirst(),
    rosterMin === undefined ? undefined : teamsByState(db, new Map([[ownerId, rosterMin]])),
  ])
  let outstandingCents = 0
  const perWeek = new Map<string, number>()
  const lastWeek = mondayOf(today < program.endDate ? today : program.endDate)
  for (let week = mondayOf(registrationDate < lastWeek ? registrationDate : lastWeek); week <= lastWeek; week = addDays(week, 7)) perWeek.set(week, 0)
  for (const place of places) {
    const owes = toCount(place.dueCents) - toCount(place.paidCents)
    if (CHARGED_STATUSES.includes(place.status) && owes > 0) outstandingCents += owes
    const week = mondayOf(dayOf(new Date(place.createdAt)))
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1)
  }
  return {
    program: shown,
    today,
    placesTaken: toCount(fill?.placesTaken),
    capacity: fill?.capacity === null || fill?.capacity === undefined ? null : toCount(fill.capacity),
    waiting: toCount(fill?.waiting),
    teams: teams?.get(ownerId) ?? null,
    money: { collectedCents: toCount(collected?.total), refundedCents: toCount(refunded?.total), outstandingCents },
    perWeek: [...perWeek].sort(([a], [b]) => a.localeCompare(b)).map(([weekStart, count]) => ({ weekStart, count })),
  }
}
