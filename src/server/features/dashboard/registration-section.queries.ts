import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam, toCount } from '../../db/values.ts'
import type { ProgramFill, RegistrationSection } from '../../../shared/contracts/dashboard-sections.ts'
import { teamStatusCounts } from '../teams/teams.queries.ts'
import type { Periods } from './dashboard-periods.ts'

/**
 * The Dashboard's Registration section (issue 32): each active league and academy with its places
 * taken against capacity and its waitlist, from the counters the engine keeps on its places
 * (docs/decisions/0006); a team league's teams by state; and the sign-ups made in them, counted
 * per facility day from their registrations' times.
 */
export async function registrationSection(db: Db, periods: Periods): Promise<RegistrationSection> {
  const active = boolParam(db.dialect, true)
  const places = await db.kysely
    .selectFrom('offerings as o')
    .leftJoin('leagues as l', 'l.id', 'o.leagueId')
    .leftJoin('academies as a', 'a.id', 'o.academyId')
    .select(['o.kind', 'o.capacity', 'o.placesTaken', 'o.waiting', 'o.leagueId', 'o.academyId', 'l.name as leagueName', 'l.kind as leagueKind', 'a.name as academyName'])
    .where((eb) =>
      eb.or([
        eb.and([eb('l.isActive', '=', active), eb.or([eb.and([eb('l.kind', '=', 'team'), eb('o.kind', '=', 'team-place')]), eb.and([eb('l.kind', '=', 'individual'), eb('o.kind', '=', 'league-place')])])]),
        eb.and([eb('a.isActive', '=', active), eb('o.kind', '=', 'academy-place')]),
      ]),
    )
    .execute()
  const teamLeagueIds = places.filter((p) => p.kind === 'team-place').map((p) => p.leagueId!)
  const [teams, signUps] = await Promise.all([teamStatusCounts(db, teamLeagueIds), signUpTimes(db, periods)])

  const programs: ProgramFill[] = places
    .map((p) => {
      const team = p.kind === 'team-place' ? teams.get(p.leagueId!) : undefined
      return {
        ownerId: (p.leagueId ?? p.academyId)!,
        kind: p.kind === 'academy-place' ? ('academy' as const) : p.kind === 'team-place' ? ('team-league' as const) : ('league' as const),
        name: (p.leagueName ?? p.academyName)!,
        placesTaken: toCount(p.placesTaken),
        capacity: p.capacity === null ? null : toCount(p.capacity),
        waiting: toCount(p.waiting),
        teams: p.kind === 'team-place' ? { complete: team?.complete ?? 0, forming: team?.forming ?? 0 } : null,
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.ownerId.localeCompare(b.ownerId))

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

/** When each sign-up of the season in an active league or academy was made, whatever its state now. */
async function signUpTimes(db: Db, { starts }: Periods): Promise<Date[]> {
  const active = boolParam(db.dialect, true)
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .leftJoin('leagues as l', 'l.id', 'o.leagueId')
    .leftJoin('academies as a', 'a.id', 'o.academyId')
    .select('r.createdAt')
    .where((eb) => eb.or([eb('l.isActive', '=', active), eb('a.isActive', '=', active)]))
    .where('r.createdAt', '>=', timestampParam(db.dialect, starts.season))
    .where('r.createdAt', '<', timestampParam(db.dialect, starts.tomorrow))
    .execute()
  return rows.map((r) => new Date(r.createdAt))
}
