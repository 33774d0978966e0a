import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam, toCount } from '../../db/values.ts'
import type { ProgramFill, RegistrationSection } from '../../../shared/contracts/dashboard-sections.ts'
import { amountDueOf, amountPaidOf } from '../../core/payments/orders.queries.ts'
import { balanceCents } from '../../../shared/money.ts'
import type { OfferingKind, RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { teamStatusOf } from '../../../shared/schemas/team.ts'
import type { Periods } from './dashboard-periods.ts'

/**
 * The Dashboard's Registration section (issue 32): each active league, academy and camp, and each
 * drop-in session still to come, with its places taken against capacity and its waitlist, from the counters the engine keeps on its places
 * (docs/decisions/0006); a team league's teams by state; and the sign-ups made in them, counted
 * per facility day from their registrations' times.
 */
export async function registrationSection(db: Db, periods: Periods): Promise<RegistrationSection> {
  const active = boolParam(db.dialect, true)
  const places = await db.kysely
    .selectFrom('offerings as o')
    .leftJoin('leagues as l', 'l.id', 'o.leagueId')
    .leftJoin('academies as a', 'a.id', 'o.academyId')
    .leftJoin('camps as c', 'c.id', 'o.campId')
    .leftJoin('dropIns as d', 'd.id', 'o.dropInId')
    .select(['o.kind', 'o.capacity', 'o.placesTaken', 'o.waiting', 'o.leagueId', 'o.academyId', 'o.campId', 'o.dropInId', 'l.rosterMin', 'd.date as dropInDay'])
    .select((eb) => eb.fn.coalesce('l.name', 'a.name', 'c.name', 'd.name').as('name'))
    .where((eb) =>
      eb.or([
        eb.and([eb('l.isActive', '=', active), eb.or([eb.and([eb('l.kind', '=', 'team'), eb('o.kind', '=', 'team-place')]), eb.and([eb('l.kind', '=', 'individual'), eb('o.kind', '=', 'league-place')])])]),
        eb.and([eb('a.isActive', '=', active), eb('o.kind', '=', 'academy-place')]),
        eb.and([eb('c.isActive', '=', active), eb('o.kind', '=', 'camp-place')]),
        eb.and([eb('d.isActive', '=', active), eb('d.date', '>=', periods.today), eb('o.kind', '=', 'drop-in-place')]),
      ]),
    )
    .execute()
  const teamLeagues = new Map(places.filter((p) => p.kind === 'team-place').map((p) => [p.leagueId!, p.rosterMin]))
  const [teams, signUps] = await Promise.all([teamsByState(db, teamLeagues), signUpTimes(db, periods)])

  const programs: ProgramFill[] = places
    .map((p) => {
      const team = p.kind === 'team-place' ? teams.get(p.leagueId!) : undefined
      return {
        ownerId: (p.leagueId ?? p.academyId ?? p.campId ?? p.dropInId)!,
        kind: PROGRAM_OF_PLACE[p.kind as keyof typeof PROGRAM_OF_PLACE],
        name: p.name!,
        day: p.dropInDay,
        placesTaken: toCount(p.placesTaken),
        capacity: p.capacity === null ? null : toCount(p.capacity),
        waiting: toCount(p.waiting),
        teams: p.kind === 'team-place' ? { complete: team?.complete ?? 0, forming: team?.forming ?? 0 } : null,
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.day ?? '').localeCompare(b.day ?? '') || a.ownerId.localeCompare(b.ownerId))

  const perDay = new Map(periods.days.map((day) => [day, 0]))
  for (const at of signUps) {
    const day = periods.dayOf(at)
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1)
  }
  const count = (from: string) => [...perDay].reduce((sum, [day, n]) => (day >= from ? sum + n : sum), 0)
  const { today, weekStart, seasonStart } = periods
  return {
    today,
    weekStart,
    seasonStart,
    programs,
    registrations: { today: count(today), week: count(weekStart), season: count(seasonStart) },
    perDay: [...perDay].map(([day, n]) => ({ day, count: n })),
  }
}

/** Which of the section's programs a place of each kind counts in: a roster's places count in their team's. */
const PROGRAM_OF_PLACE = {
  'league-place': 'league',
  'team-place': 'team-league',
  'academy-place': 'academy',
  'camp-place': 'camp',
  'drop-in-place': 'drop-in',
} as const satisfies Record<Exclude<OfferingKind, 'roster-place'>, ProgramFill['kind']>

/** When each sign-up of the season in an active league, academy, camp or drop-in session was made, whatever its state now. */
async function signUpTimes(db: Db, { starts }: Periods): Promise<Date[]> {
  const active = boolParam(db.dialect, true)
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .leftJoin('leagues as l', 'l.id', 'o.leagueId')
    .leftJoin('academies as a', 'a.id', 'o.academyId')
    .leftJoin('camps as c', 'c.id', 'o.campId')
    .leftJoin('dropIns as d', 'd.id', 'o.dropInId')
    .select('r.createdAt')
    .where((eb) => eb.or([eb('l.isActive', '=', active), eb('a.isActive', '=', active), eb('c.isActive', '=', active), eb('d.isActive', '=', active)]))
    .where('r.createdAt', '>=', timestampParam(db.dialect, starts.season))
    .where('r.createdAt', '<', timestampParam(db.dialect, starts.tomorrow))
    .execute()
  return rows.map((r) => new Date(r.createdAt))
}

/**
 * Each team league's teams complete and forming (shared/schemas/team.ts `teamStatusOf`: the roster
 * minimum on it and nothing owed), from its teams' places in one read. The teams feature's
 * summaries read far more of each place (who, waivers, waitlist positions): 700 ms on PostgreSQL
 * for a season's teams, where this takes a few.
 */
export async function teamsByState(db: Db, rosterMins: Map<string, number | null>): Promise<Map<string, { complete: number; forming: number }>> {
  const counts = new Map([...rosterMins.keys()].map((id) => [id, { complete: 0, forming: 0 }]))
  if (rosterMins.size === 0) return counts
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select((eb) => ['o.leagueId', 'o.kind', 'r.teamId', 'r.status', amountDueOf(eb).as('priceCents'), amountPaidOf(eb).as('paidCents')])
    .where('o.leagueId', 'in', [...rosterMins.keys()])
    .where('o.kind', 'in', ['team-place', 'roster-place'])
    .where('r.teamId', 'is not', null)
    .orderBy('r.createdAt')
    .orderBy('r.seq')
    .execute()
  type Place = { status: RegistrationStatus; balanceCents: number }
  const teams = new Map<string, { leagueId: string; entry?: Place; players: Place[] }>()
  for (const row of rows) {
    const team = teams.get(row.teamId!) ?? { leagueId: row.leagueId!, players: [] }
    const place = { status: row.status, balanceCents: balanceCents({ status: row.status, priceCents: toCount(row.priceCents), paidCents: toCount(row.paidCents) }) }
    if (row.kind === 'team-place') team.entry = place
    else team.players.push(place)
    teams.set(row.teamId!, team)
  }
  for (const { leagueId, entry, players } of teams.values()) {
    if (!entry) continue
    const state = teamStatusOf(entry, players, rosterMins.get(leagueId) ?? null)
    if (state === 'complete' || state === 'forming') counts.get(leagueId)![state] += 1
  }
  return counts
}
