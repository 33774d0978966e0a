import { sql } from 'kysely'
import type { BackupConfig } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import type { OfferingFactsView } from '../../db/schema.ts'
import { timestampParam, toCount, toIso } from '../../db/values.ts'
import { amountDueOf, amountPaidOf } from '../../core/payments/orders.queries.ts'
import { latestBackups } from '../backups/backups.queries.ts'
import { owingPlaces } from './place-balances.queries.ts'
import { academySessionRange, readSchedule, sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { ATTENTION_KINDS, type AttentionKind } from '../../../shared/attention.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { belowMinimum } from './attention-programs.queries.ts'
import { failedWebhooks } from './attention-webhooks.queries.ts'
import type { Found } from './attention-found.ts'
import { ATTENTION_ITEMS_LISTED, type AttentionSection } from '../../../shared/contracts/dashboard-sections.ts'
import { countOf, facilityToday, formatDate, formatDateTime } from '../../../shared/format.ts'
import { balanceCents, formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { planParts } from '../../../shared/payment-plan.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import { teamStatusOf } from '../../../shared/schemas/team.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A team still forming this many days before its roster deadline needs a word with its captain. */
export const FORMING_WARNING_DAYS = 7
/** A waitlist offer lapsing within this long, unclaimed, is worth a call. */
export const OFFER_WARNING_MS = DAY
/** An online payment or refund still pending after this long is stuck. */
export const PENDING_TOO_LONG_MS = DAY

interface Seen {
  db: Db
  now: Date
  today: string
  timeZone: string
  backups: BackupConfig
  dayStarts: Map<string, string>
}

/**
 * The Dashboard's Needs attention section (issue 32, docs/decisions/0029): every problem the
 * tables show, each read from the state of its rows at `now`, so an item goes by itself once its
 * cause is gone: nothing is ever marked done. Reads the views every kind of place fills
 * (offeringFacts: a place's name and days) and names no kind of offering.
 */
export async function attentionSection(deps: { db: Db; now: Date; timeZone: string; backups: BackupConfig; kinds: Kinds }): Promise<AttentionSection> {
  const seen: Seen = { ...deps, today: facilityToday(deps.now, deps.timeZone), dayStarts: new Map() }
  const facts = await offeringFacts(deps.db)
  const found = await Promise.all([
    owedPlaces(seen, facts),
    formingTeams(seen),
    lapsingOffers(seen, facts),
    heldTeams(seen),
    unsignedWaivers(seen),
    stuckRefunds(seen),
    failedWork(seen),
    unsentEmails(seen),
    backup(seen),
    belowMinimum(seen, deps.kinds),
    failedWebhooks(seen),
  ])
  const items = found.flat().sort((a, b) => (a.since === b.since ? a.kind.localeCompare(b.kind) || a.who.localeCompare(b.who) : a.since < b.since ? 1 : -1))
  const counts = Object.fromEntries(ATTENTION_KINDS.map((k) => [k, 0])) as Record<AttentionKind, number>
  for (const item of items) counts[item.kind] += 1
  const listed = items.slice(0, ATTENTION_ITEMS_LISTED).map(({ what, link, ...item }) => ({ ...item, what: what(), link: link() }))
  return { asOf: deps.now.toISOString(), counts, items: listed }
}


/** The instant a facility day starts, worked out once a day (each costs two time-zone formatters). */
function dayStart(seen: Seen, day: string): string {
  let start = seen.dayStarts.get(day)
  if (start === undefined) seen.dayStarts.set(day, (start = sessionStartsAt(day, '00:00', seen.timeZone).toISOString()))
  return start
}
const participantOf = (row: { firstName: string | null; lastName: string | null; displayName: string }) => (row.firstName ? `${row.firstName} ${row.lastName}` : row.displayName)

/** Each offering's name, days and schedule (the offeringFacts view, whatever its kind), read once: a few hundred rows. */
type Fact = Pick<OfferingFactsView, 'name' | 'startDate' | 'endDate' | 'weekdays' | 'startTime' | 'skippedDates'>
type Facts = Map<string, Fact>
async function offeringFacts(db: Db): Promise<Facts> {
  const rows = await db.kysely.selectFrom('offeringFacts').select(['offeringId', 'name', 'startDate', 'endDate', 'weekdays', 'startTime', 'skippedDates']).execute()
  return new Map(rows.map(({ offeringId, ...facts }) => [offeringId, facts]))
}

/**
 * When an offering began: its first session (an academy's need not be the day its range was set
 * from) at its start time in the facility's time zone; a league, which has no start time, at the
 * start of its first day. Its callers work it out once per offering (each costs two time-zone formatters).
 */
function startOf(seen: Seen, program: Fact): { date: string; at: string } {
  const sessionDates = program.weekdays === null ? [] : readSchedule({ ...program, weekdays: program.weekdays, endTime: null, skippedDates: program.skippedDates ?? '' }).sessionDates
  const { first } = academySessionRange({ ...program, sessionDates })
  return { date: first, at: program.startTime ? sessionStartsAt(first, program.startTime, seen.timeZone).toISOString() : dayStart(seen, first) }
}

/**
 * Places held (confirmed, or held while paying) that owe (place-balances.queries.ts, as the Money
 * section reads them): under a payment plan, its parts past their day; without one, a balance
 * still owed once the place's league or academy has started. An order that still owes after its
 * online payment failed, or with one still clearing after a day.
 */
async function owedPlaces(seen: Seen, facts: Facts): Promise<Found[]> {
  const places = await owingPlaces(seen.db)
  const items: Found[] = []
  const owingOrders = new Set<string>()
  const starts = new Map<string, { date: string; at: string }>()
  for (const place of places) {
    const owed = place.balanceCents
    const program = facts.get(place.offeringId)
    if (!program) continue
    owingOrders.add(place.orderId)
    const who = place.participant
    const link = () => href('deskCustomer', { userId: place.userId })
    if (place.plan) {
      const late = planParts(place.plan, place.dueCents, place.paidCents, seen.today).filter((p) => p.state === 'overdue')
      if (late.length === 0) continue
      const lateCents = late.reduce((sum, p) => sum + p.amountCents - p.paidCents, 0)
      const first = late[0]!.dueDate!
      items.push({ kind: 'plan-overdue', who, what: () => `${countOf(late.length, 'payment-plan part')} overdue on ${program.name}: ${formatMoney(lateCents)}, due since ${formatDate(first)}`, since: dayStart(seen, first), link })
    } else if (program.startDate <= seen.today) {
      const started = starts.get(place.offeringId) ?? startOf(seen, program)
      starts.set(place.offeringId, started)
      if (started.at > seen.now.toISOString()) continue
      items.push({ kind: 'unpaid', who, what: () => `Owes ${formatMoney(owed)} on ${program.name}, which started on ${formatDate(started.date)}`, since: started.at, link })
    }
  }
  return [...items, ...(await stuckCheckouts(seen, owingOrders))]
}

/** Each owing order's newest payment page, when it failed or is still clearing after a day. */
async function stuckCheckouts(seen: Seen, owingOrders: Set<string>): Promise<Found[]> {
  if (owingOrders.size === 0) return []
  const { db } = seen
  const rows = await db.kysely
    .selectFrom('checkouts as k')
    .innerJoin('users as u', 'u.id', 'k.payerUserId')
    .select(['k.orderId', 'k.payerUserId', 'k.status', 'k.amountCents', 'k.createdAt', 'k.updatedAt', 'u.displayName'])
    .where('k.status', 'in', ['failed', 'processing'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('checkouts as later')
            .select('later.id')
            .whereRef('later.orderId', '=', 'k.orderId')
            .whereRef('later.createdAt', '>', 'k.createdAt'),
        ),
      ),
    )
    .execute()
  const tooOld = seen.now.getTime() - PENDING_TOO_LONG_MS
  return rows
    .filter((k) => owingOrders.has(k.orderId) && (k.status === 'failed' || Date.parse(toIso(k.createdAt)) <= tooOld))
    .map((k) => ({
      kind: 'online-payment' as const,
      who: k.displayName,
      what: () => k.status === 'failed' ? `An online payment of ${formatMoney(k.amountCents)} failed and the order still owes` : `An online payment of ${formatMoney(k.amountCents)} has been clearing for more than a day`,
      since: toIso(k.status === 'failed' ? k.updatedAt : k.createdAt),
      link: () => href('deskCustomer', { userId: k.payerUserId }),
    }))
}

/** A payment's newest refund, when it failed or the provider has not confirmed it after a day. */
async function stuckRefunds(seen: Seen): Promise<Found[]> {
  const { db } = seen
  const rows = await db.kysely
    .selectFrom('refunds as f')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .innerJoin('orders as o', 'o.id', 'p.orderId')
    .innerJoin('users as u', 'u.id', 'o.payerUserId')
    .select(['f.status', 'f.amountCents', 'f.recordedAt', 'o.payerUserId', 'u.displayName'])
    .where((eb) =>
      eb.or([
        eb('f.status', '=', 'failed'),
        eb.and([eb('f.status', '=', 'pending'), eb('f.recordedAt', '<=', timestampParam(db.dialect, new Date(seen.now.getTime() - PENDING_TOO_LONG_MS)))]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refunds as later')
            .select('later.id')
            .whereRef('later.paymentId', '=', 'f.paymentId')
            .whereRef('later.recordedAt', '>', 'f.recordedAt'),
        ),
      ),
    )
    .execute()
  return rows.map((f) => ({
    kind: 'online-payment' as const,
    who: f.displayName,
    what: () => f.status === 'failed' ? `A refund of ${formatMoney(f.amountCents)} failed: nothing went back` : `A refund of ${formatMoney(f.amountCents)} is not confirmed by the payment provider after a day`,
    since: toIso(f.recordedAt),
    link: () => href('deskCustomer', { userId: f.payerUserId }),
  }))
}

/** Teams of a league whose roster deadline is within a week, still forming (shared/schemas/team.ts `teamStatusOf`). */
async function formingTeams(seen: Seen): Promise<Found[]> {
  const { db, today } = seen
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('leagues as l', 'l.id', 'o.leagueId')
    .innerJoin('teams as t', 't.id', 'r.teamId')
    .select((eb) => ['t.id as teamId', 't.name as teamName', 'l.id as leagueId', 'l.name as leagueName', 'l.rosterMin', 'l.rosterDeadline', 'o.kind', 'r.status', amountDueOf(eb).as('dueCents'), amountPaidOf(eb).as('paidCents')])
    .where('l.rosterDeadline', '>=', today)
    .where('l.rosterDeadline', '<=', addDays(today, FORMING_WARNING_DAYS))
    .where('o.kind', 'in', ['team-place', 'roster-place'])
    .execute()
  type Place = { status: (typeof rows)[number]['status']; balanceCents: number }
  const teams = new Map<string, { row: (typeof rows)[number]; entry?: Place; players: Place[] }>()
  for (const row of rows) {
    const team = teams.get(row.teamId) ?? { row, players: [] }
    const place = { status: row.status, balanceCents: balanceCents({ status: row.status, priceCents: toCount(row.dueCents), paidCents: toCount(row.paidCents) }) }
    if (row.kind === 'team-place') team.entry = place
    else team.players.push(place)
    teams.set(row.teamId, team)
  }
  const items: Found[] = []
  for (const { row, entry, players } of teams.values()) {
    if (!entry || teamStatusOf(entry, players, row.rosterMin) !== 'forming') continue
    const onRoster = players.filter((p) => p.status === 'confirmed' || p.status === 'held').length
    const deadline = row.rosterDeadline!
    items.push({
      kind: 'team-forming',
      who: row.teamName,
      what: () => `Still forming in ${row.leagueName} (${countOf(onRoster, 'player')}${row.rosterMin ? ` of ${row.rosterMin}` : ''}, fees owed or players missing); roster deadline ${formatDate(deadline)}`,
      since: dayStart(seen, addDays(deadline, -FORMING_WARNING_DAYS)),
      link: () => href('leagueTeam', { leagueId: row.leagueId, teamId: row.teamId }),
    })
  }
  return items
}

/** Places offered from a waitlist that lapse within a day, not claimed yet. */
async function lapsingOffers(seen: Seen, facts: Facts): Promise<Found[]> {
  const { db, now } = seen
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select(['r.userId', 'r.offeringId', 'r.offerExpiresAt', 'r.updatedAt', 'u.displayName', 'c.firstName', 'c.lastName'])
    .where('r.status', '=', 'offered')
    .where('r.offerExpiresAt', '>', timestampParam(db.dialect, now))
    .where('r.offerExpiresAt', '<=', timestampParam(db.dialect, new Date(now.getTime() + OFFER_WARNING_MS)))
    .execute()
  return rows.map((r) => ({
    kind: 'offer-expiring' as const,
    who: participantOf(r),
    what: () => `The place offered in ${facts.get(r.offeringId)?.name ?? 'a program'} lapses unclaimed at ${formatDateTime(toIso(r.offerExpiresAt!))}`,
    since: toIso(r.updatedAt),
    link: () => href('deskCustomer', { userId: r.userId }),
  }))
}

/** Team places staff hold for a captain who has not claimed them. */
async function heldTeams(seen: Seen): Promise<Found[]> {
  const rows = await seen.db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select(['t.id', 't.leagueId', 't.name', 't.captainEmail', 't.holdExpiresAt', 't.createdAt', 'l.name as leagueName'])
    .where('t.captainUserId', 'is', null)
    .where('t.captainEmail', 'is not', null)
    .execute()
  return rows.map((t) => ({
    kind: 'team-hold' as const,
    who: t.name,
    what: () => `The place in ${t.leagueName} held for its captain ${t.captainEmail} is not claimed${t.holdExpiresAt ? ` (the hold lapses at ${formatDateTime(toIso(t.holdExpiresAt))})` : ''}`,
    since: toIso(t.createdAt),
    link: () => href('leagueTeam', { leagueId: t.leagueId, teamId: t.id }),
  }))
}

/** People confirmed in something not yet over whose current waiver is not signed for them: one item a person. */
async function unsignedWaivers(seen: Seen): Promise<Found[]> {
  const { db } = seen
  const current = await db.kysely.selectFrom('waivers').select(['version', 'publishedAt']).orderBy('version', 'desc').limit(1).executeTakeFirst()
  if (!current) return []
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .innerJoin('offeringFacts as f', 'f.offeringId', 'r.offeringId')
    .leftJoin('waiverSignatures as w', (join) => join.onRef('w.userId', '=', 'r.userId').onRef('w.subjectKey', '=', 'r.participantKey').on('w.waiverVersion', '=', current.version))
    .select(['r.userId', 'r.participantKey', 'r.createdAt', 'u.displayName', 'c.firstName', 'c.lastName', 'f.name as program'])
    .where('r.status', '=', 'confirmed')
    .where('f.endDate', '>=', seen.today)
    .where('w.id', 'is', null)
    .orderBy('r.createdAt')
    .execute()
  const published = toIso(current.publishedAt)
  const people = new Map<string, { row: (typeof rows)[number]; programs: string[] }>()
  for (const row of rows) {
    const key = `${row.userId} ${row.participantKey}`
    const person = people.get(key) ?? { row, programs: [] }
    if (!person.programs.includes(row.program)) person.programs.push(row.program)
    people.set(key, person)
  }
  return [...people.values()].map(({ row, programs }) => {
    const registered = toIso(row.createdAt)
    return {
      kind: 'waiver-missing' as const,
      who: participantOf(row),
      what: () => `Has not signed the current waiver (version ${current.version})${row.participantKey === ACCOUNT_HOLDER ? '' : ' (a guardian signs for them)'}; registered for ${programs.join(', ')}`,
      since: registered > published ? registered : published,
      link: () => href('deskCustomer', { userId: row.userId }),
    }
  })
}

/** Background work (core/jobs.ts) that gave up after its tries: a provider's refund, an email's sending. */
async function failedWork(seen: Seen): Promise<Found[]> {
  const rows = await seen.db.kysely.selectFrom('jobs').select(['kind', 'lastError', 'attempts', 'updatedAt']).where(sql<boolean>`status = 'dead'`).execute()
  return rows.map((job) => ({
    kind: 'failed-work' as const,
    who: job.kind,
    what: () => `Gave up after ${countOf(toCount(job.attempts), 'try', 'tries')}: ${job.lastError ?? 'no reason given'}`,
    since: toIso(job.updatedAt),
    link: () => `${href('dashboard')}#jobs-heading`,
  }))
}

/** Emails the outbox gave up on, unless one with the same subject went to the address since. */
async function unsentEmails(seen: Seen): Promise<Found[]> {
  const rows = await seen.db.kysely
    .selectFrom('outbox as m')
    .select(['m.recipient', 'm.subject', 'm.lastError', 'm.createdAt'])
    .where('m.status', '=', 'failed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox as again')
            .select('again.id')
            .whereRef('again.recipient', '=', 'm.recipient')
            .whereRef('again.subject', '=', 'm.subject')
            .whereRef('again.createdAt', '>', 'm.createdAt')
            .where('again.status', 'in', ['sent', 'logged']),
        ),
      ),
    )
    .execute()
  return rows.map((m) => ({
    kind: 'email-failed' as const,
    who: m.recipient,
    what: () => `“${m.subject}” could not be sent: ${m.lastError ?? 'no reason given'}`,
    since: toIso(m.createdAt),
    link: () => href('outbox'),
  }))
}

/** The last backup failed, or (backed up on a schedule) the last good one is older than two intervals. */
async function backup(seen: Seen): Promise<Found[]> {
  const { attempt, done } = await latestBackups(seen.db)
  const link = `${href('dashboard')}#backups-heading`
  if (attempt?.status === 'failed') return [{ kind: 'backup', who: 'Backups', what: () => `The last backup failed: ${attempt.error ?? 'no reason given'}`, since: attempt.startedAt, link: () => link }]
  const scheduled = seen.db.dialect === 'sqlite' && seen.backups.everyHours > 0
  if (!scheduled || !done) return []
  const lateAt = Date.parse(done.finishedAt ?? done.startedAt) + 2 * seen.backups.everyHours * HOUR
  if (seen.now.getTime() <= lateAt) return []
  return [{ kind: 'backup', who: 'Backups', what: () => `The last backup is more than ${2 * seen.backups.everyHours} hours old`, since: new Date(lateAt).toISOString(), link: () => link }]
}
