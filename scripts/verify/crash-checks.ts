import { sql } from 'kysely'
import type { Db } from '../../src/server/db/connect.ts'
import { teamNameOf, type Customer } from './crash-load.ts'

export interface Check {
  name: string
  expected: string | number
  actual: string | number
}

export const passed = (check: Check) => String(check.expected) === String(check.actual)

/**
 * What the database holds after the last kill, against what the site acknowledged: a league's
 * places, or (`teams`) its team places with each team's roster.
 */
export async function checkDatabase(db: Db, { leagueId, capacity, customers, teams }: { leagueId: string; capacity: number; customers: Customer[]; teams: boolean }) {
  const league = await db.kysely
    .selectFrom('offerings')
    .select(['id', 'capacity', 'placesTaken', 'seq'])
    .where('leagueId', '=', leagueId)
    .where('kind', '=', teams ? 'team-place' : 'league-place')
    .executeTakeFirstOrThrow()
  const rows = await db.kysely
    .selectFrom('registrations')
    .select(['id', 'userId', 'status', 'seq', 'receiptNumber', 'idempotencyKey'])
    .where('offeringId', '=', league.id)
    .execute()
  const n = customers.length
  const placed = Math.min(capacity, n)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const acknowledged = customers.filter((c) => c.ack)
  const kept = acknowledged.filter((c) => {
    const row = byId.get(c.ack!.id)
    return row && row.userId === c.userId && row.idempotencyKey === c.key && row.status === c.ack!.status && row.receiptNumber === c.ack!.receiptNumber
  })
  const perUser = countBy(rows.map((r) => r.userId))
  const statuses = countBy(rows.map((r) => r.status))
  const seqs = rows.map((r) => r.seq)
  const confirmedSeqs = rows.filter((r) => r.status === 'confirmed').map((r) => r.seq)
  const confirmed = statuses.get('confirmed') ?? 0
  const waitlisted = statuses.get('waitlisted') ?? 0
  const roster = teams ? await checkRosters(db, leagueId, customers) : { checks: [], placeIds: [] }
  const checks: Check[] = [
    { name: 'customers acknowledged', expected: n, actual: acknowledged.length },
    { name: 'acknowledged registrations present (id, owner, key, status, receipt)', expected: acknowledged.length, actual: kept.length },
    { name: 'registrations in the league', expected: n, actual: rows.length },
    { name: 'customers with more than one registration', expected: 0, actual: [...perUser.values()].filter((k) => k > 1).length },
    { name: 'confirmed = min(capacity, customers)', expected: placed, actual: confirmed },
    { name: 'waitlisted', expected: n - placed, actual: waitlisted },
    { name: 'places taken beyond the capacity', expected: 0, actual: Math.max(0, league.placesTaken - (league.capacity ?? Infinity)) },
    { name: 'offerings.placesTaken = confirmed + offered rows', expected: confirmed + (statuses.get('offered') ?? 0), actual: league.placesTaken },
    { name: 'offerings.seq = registrations', expected: rows.length, actual: league.seq },
    { name: 'registration numbers 1..N, no gap or duplicate', expected: `1..${rows.length}`, actual: gapless(seqs) },
    { name: 'confirmed hold the first numbers (waitlist order)', expected: `1..${confirmedSeqs.length}`, actual: gapless(confirmedSeqs) },
    ...roster.checks,
    ...(await checkSideEffects(db, rows.map((r) => r.id), roster.placeIds)),
    ...(await integrity(db)),
  ]
  return { checks, confirmed, waitlisted }
}

/**
 * Each team entered is written with its roster and its captain's place on it, in the same
 * transaction. Answers the checks and the roster places' registrations.
 */
async function checkRosters(db: Db, leagueId: string, customers: Customer[]): Promise<{ checks: Check[]; placeIds: string[] }> {
  const teams = await db.kysely.selectFrom('teams').select(['id', 'name', 'captainUserId']).where('leagueId', '=', leagueId).execute()
  const rosters = await db.kysely
    .selectFrom('offerings as o')
    .leftJoin('registrations as r', 'r.offeringId', 'o.id')
    .select(['o.teamId', 'o.placesTaken', 'o.seq as counted', 'r.id', 'r.userId', 'r.status', 'r.seq'])
    .where('o.leagueId', '=', leagueId)
    .where('o.kind', '=', 'roster-place')
    .execute()
  const captainOf = new Map(teams.map((t) => [t.id, t.captainUserId]))
  const nameOf = new Map(customers.map((c) => [c.userId, teamNameOf(c)]))
  const checks = [
    { name: 'teams in the league', expected: customers.length, actual: teams.length },
    { name: 'teams named as their captain asked', expected: teams.length, actual: teams.filter((t) => t.captainUserId !== null && nameOf.get(t.captainUserId) === t.name).length },
    { name: 'rosters (one per team)', expected: teams.length, actual: new Set(rosters.map((r) => r.teamId)).size },
    {
      name: "roster rows that are the captain's place 1, counted 1/1",
      expected: teams.length,
      actual: rosters.filter((r) => r.userId === captainOf.get(r.teamId!) && r.status === 'confirmed' && r.seq === 1 && r.placesTaken === 1 && r.counted === 1).length,
    },
  ]
  return { checks, placeIds: rosters.flatMap((r) => (r.id ? [r.id] : [])) }
}

/**
 * The audit event and the email are written in the registration's transaction: one event for
 * each registration, one email for each one a person asked for (a captain's own roster place
 * comes with their team's entry, and its email).
 */
async function checkSideEffects(db: Db, ids: string[], alongside: string[]): Promise<Check[]> {
  const events = await db.kysely
    .selectFrom('registrationEvents')
    .select((eb) => ['registrationId', eb.fn.countAll<string | number>().as('n')])
    .groupBy('registrationId')
    .execute()
  const once = new Set(events.filter((e) => Number(e.n) === 1).map((e) => e.registrationId))
  const emails = await db.kysely.selectFrom('outbox').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  const all = [...ids, ...alongside]
  return [
    { name: 'registrations with exactly one audit event', expected: all.length, actual: all.filter((id) => once.has(id)).length },
    { name: 'audit events', expected: all.length, actual: events.reduce((sum, e) => sum + Number(e.n), 0) },
    { name: 'emails in the outbox', expected: ids.length, actual: Number(emails.n) },
  ]
}

async function integrity(db: Db): Promise<Check[]> {
  if (db.dialect === 'sqlite') {
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely)
    const foreignKeys = await sql`pragma foreign_key_check`.execute(db.kysely)
    return [
      { name: 'SQLite PRAGMA integrity_check', expected: 'ok', actual: check.rows.map((r) => r.integrity_check).join('; ') },
      { name: 'SQLite PRAGMA foreign_key_check rows', expected: 0, actual: foreignKeys.rows.length },
    ]
  }
  await sql`create extension if not exists amcheck`.execute(db.kysely)
  const indexes = await failureOf(
    sql<{ n: string }>`
      select count(bt_index_check(c.oid::regclass, true)) as n
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where am.amname = 'btree' and i.indisready and i.indisvalid and c.relpersistence <> 't'`.execute(db.kysely),
  )
  const heap = await sql<{ n: string; tables: string }>`
    select count(v.blkno) as n, count(distinct c.oid) as tables
    from pg_class c left join lateral verify_heapam(c.oid::regclass) v on true
    where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't'`.execute(db.kysely)
  return [
    { name: `PostgreSQL amcheck bt_index_check(heapallindexed) on every btree index (${indexes.value?.rows[0]?.n ?? '?'})`, expected: 'no error', actual: indexes.error ?? 'no error' },
    { name: `PostgreSQL amcheck verify_heapam on every table (${heap.rows[0]!.tables}): corruptions`, expected: 0, actual: Number(heap.rows[0]!.n) },
  ]
}

async function failureOf<T>(promise: Promise<T>): Promise<{ value?: T; error?: string }> {
  try {
    return { value: await promise }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/** "1..k" when the numbers are exactly 1 to k once each, otherwise what is wrong. */
function gapless(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b)
  const duplicates = sorted.filter((x, i) => i > 0 && sorted[i - 1] === x).length
  const distinct = new Set(sorted).size
  const max = sorted.at(-1) ?? 0
  if (duplicates === 0 && sorted[0] === 1 && max === distinct) return `1..${max}`
  if (sorted.length === 0) return '1..0'
  return `${sorted[0]}..${max}: ${duplicates} duplicated, ${max - distinct} missing`
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return counts
}
