import type { Db } from '../../db/connect.ts'
import { inList } from '../../db/values.ts'
import type { Schedule, ScheduleProblem, ScheduleReport } from '../../../shared/contracts/schedule.ts'
import { listTeamSummaries } from '../teams/teams.queries.ts'
import { findNights, type Nights, type TeamLeague } from './game-nights.queries.ts'
import { scheduleProblems, spreadOf, weekOf, type ScheduleRequest } from './generator.ts'
import { freeOf, gameNightSlots, type TimedSlot } from './slots.ts'
import { bookingsOnAreas } from '../../core/facility-calendar.queries.ts'
import { leagueGamesInOrder, openGameOf, type GameWithNames } from '../../core/open-schedule.queries.ts'

/**
 * A league's schedule as staff read it (issue 33): its games with the teams' and playing areas'
 * names, every rule the games break against its game nights (scheduleProblems: a warning, never a
 * refusal), the slots still free, where a game may move, and the report of its spread: computed
 * on every read from the games as they are stored, hand-made changes included, with the games the
 * last generation could not place (unplacedGames, migration 0049), so a reload shows it as the
 * generation answered it.
 */


/** The league's Complete teams by name: those a schedule is made for. */
export async function completeTeams(db: Db, leagueId: string): Promise<{ id: string; name: string }[]> {
  const teams = await listTeamSummaries(db, { leagueIds: [leagueId] })
  return teams
    .filter((t) => t.status === 'complete')
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
}

/** Each team's blackout dates. */
export async function blackoutsOf(db: Db, teamIds: readonly string[]): Promise<Record<string, string[]>> {
  if (teamIds.length === 0) return {}
  const rows = await db.kysely.selectFrom('teamBlackouts').select(['teamId', 'date']).where(inList(db.dialect, 'teamId', teamIds)).orderBy('date').execute()
  const blackouts: Record<string, string[]> = {}
  for (const row of rows) (blackouts[row.teamId] ??= []).push(row.date)
  return blackouts
}

/** The game nights' slots nothing else on the facility's calendar overlaps (another league's games, academies, camps, drop-ins): what this league's games may take. */
export async function slotsForLeague(db: Db, league: TeamLeague, nights: Nights): Promise<TimedSlot[]> {
  const others = (await bookingsOnAreas(db, { areaIds: nights.areaIds, from: league.startDate, to: league.endDate })).filter((b) => b.leagueId !== league.id)
  return freeOf(gameNightSlots(nights, league), others)
}

/** What scheduleProblems checks the league's games against: the league's free slots, its count of games, its teams' blackouts. */
function requestFor(teamIds: readonly string[], slots: readonly TimedSlot[], nights: Nights | undefined, blackouts: Record<string, string[]>): ScheduleRequest {
  return { teamIds, slots, count: nights?.count ?? { kind: 'round-robin', meetings: 1 }, blackouts }
}

/** The games the league's last generation could not place, in its order, with the teams' names. */
async function unplacedOf(db: Db, leagueId: string) {
  return db.kysely
    .selectFrom('unplacedGames as u')
    .innerJoin('teams as h', 'h.id', 'u.homeTeamId')
    .innerJoin('teams as v', 'v.id', 'u.awayTeamId')
    .select(['u.homeTeamId', 'h.name as homeName', 'u.awayTeamId', 'v.name as awayName'])
    .where('u.leagueId', '=', leagueId)
    .orderBy('u.position')
    .execute()
}

/**
 * The report of the stored games: each team's games, earliest and latest of their nights, byes
 * (the weeks with games of the league in which the team has none) and games per playing area;
 * every blackout date a game is on; the unplaced games as stored.
 */
function reportOf(
  rows: readonly GameWithNames[],
  unplaced: Awaited<ReturnType<typeof unplacedOf>>,
  request: ScheduleRequest,
  names: { teams: Map<string, string>; areas: Map<string, string> },
): ScheduleReport {
  const team = (id: string) => ({ id, name: names.teams.get(id) ?? id })
  const area = (id: string) => ({ id, name: names.areas.get(id) ?? id })
  const weeks = [...new Set(rows.map((g) => weekOf(g.date)))].sort()
  const played = new Set(rows.flatMap((g) => [`${g.homeTeamId} ${weekOf(g.date)}`, `${g.awayTeamId} ${weekOf(g.date)}`]))
  const byes = weeks.flatMap((week) => request.teamIds.filter((teamId) => !played.has(`${teamId} ${week}`)).map((teamId) => ({ teamId, week })))
  const areaIds = [...new Set([...request.slots, ...rows].map((s) => s.areaId))].sort()
  return {
    spread: spreadOf(request.teamIds, rows, byes, request.slots, areaIds).map((s) => ({
      team: team(s.teamId),
      games: s.games,
      earliest: s.earliest,
      latest: s.latest,
      byes: s.byes,
      areas: Object.entries(s.areas).map(([id, games]) => ({ area: area(id), games })),
    })),
    byes: byes.map((b) => ({ team: team(b.teamId), week: b.week })),
    unplaced: unplaced.map((u) => ({ home: team(u.homeTeamId), away: team(u.awayTeamId) })),
    blackoutsBroken: rows.flatMap((g) => [g.homeTeamId, g.awayTeamId].filter((id) => request.blackouts[id]?.includes(g.date)).map((id) => ({ team: team(id), date: g.date }))),
  }
}

/** The problems of `rows` naming their games by id. */
function problemsOf(rows: readonly GameWithNames[], request: ScheduleRequest): ScheduleProblem[] {
  const names = Object.fromEntries(rows.flatMap((g) => [[g.homeTeamId, g.homeName] as const, [g.awayTeamId, g.awayName] as const]))
  return scheduleProblems(rows, request, names).map((p) => ({ rule: p.rule, message: p.message, gameIds: p.gameIndexes.map((i) => rows[i]!.id) }))
}

export async function scheduleView(db: Db, league: TeamLeague): Promise<Schedule> {
  const [nights, rows, teams, unplaced] = await Promise.all([findNights(db, league.id), leagueGamesInOrder(db, league.id), completeTeams(db, league.id), unplacedOf(db, league.id)])
  const slots = nights ? await slotsForLeague(db, league, nights) : []
  // The Complete teams by name, then any other team a game names (one that left after playing).
  const teamNames = new Map(teams.map((t) => [t.id, t.name]))
  for (const g of [...rows, ...unplaced]) for (const [id, name] of [[g.homeTeamId, g.homeName], [g.awayTeamId, g.awayName]] as const) if (!teamNames.has(id)) teamNames.set(id, name)
  const teamIds = [...teamNames.keys()]
  const blackouts = await blackoutsOf(db, teamIds)
  const request = requestFor(teamIds, slots, nights, blackouts)
  const areaNames = new Map((await db.kysely.selectFrom('playingAreas').select(['id', 'name']).execute()).map((a) => [a.id, a.name]))
  return {
    league,
    status: nights?.publishedAt ? 'published' : rows.length > 0 ? 'draft' : 'none',
    publishedAt: nights?.publishedAt ?? null,
    games: rows.map(openGameOf),
    problems: problemsOf(rows, request),
    freeSlots: freeOf(slots, rows).map((s) => ({ date: s.date, startTime: s.startTime, endTime: s.endTime, area: { id: s.areaId, name: areaNames.get(s.areaId) ?? s.areaId } })),
    report: reportOf(rows, unplaced, request, { teams: teamNames, areas: areaNames }),
    blackouts: teams.filter((t) => blackouts[t.id]).map((t) => ({ team: t, dates: blackouts[t.id]! })),
  }
}
