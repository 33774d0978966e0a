import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam, toIso } from '../../db/values.ts'
import { recordStaffAction, type Actor } from '../../core/audit.ts'
import { conflict, invalid, notFound } from '../../core/refusals.ts'
import type { GameNights } from '../../../shared/contracts/schedule.ts'
import { WEEKDAYS, type Weekday } from '../../../shared/academy-schedule.ts'
import { SCHEDULE_MESSAGES, startTimesOf, type GameNightsInput } from '../../../shared/schemas/schedule.ts'
import { TIE_BREAKS } from '../../../shared/tie-breaks.ts'
import type { Sport } from '../../../shared/sports.ts'
import type { GameCount } from './generator.ts'
import { DEFAULT_RULES, type StandingsRules, type TieBreak } from './standings.ts'
import { gameNightDates, type GameNightPattern } from './slots.ts'
import { holdAreas } from './slots.queries.ts'
import { sportsOf } from './playing-areas.queries.ts'

/** A team league, the only kind with games. */
export interface TeamLeague {
  id: string
  name: string
  sport: Sport
  startDate: string
  endDate: string
}

/** A league's game nights as the schedule uses them. */
export interface Nights extends GameNightPattern {
  count: GameCount
  rules: StandingsRules
  publishedAt: string | null
  updatedAt: string
}

/** The league, refused unless it is a team league. */
export async function findTeamLeague(db: Db, leagueId: string): Promise<TeamLeague> {
  const league = await db.kysely.selectFrom('leagues').select(['id', 'name', 'sport', 'kind', 'startDate', 'endDate']).where('id', '=', leagueId).executeTakeFirst()
  if (!league) throw notFound('There is no such league.')
  if (league.kind !== 'team') throw conflict(SCHEDULE_MESSAGES.notTeamLeague(league.name))
  return { id: league.id, name: league.name, sport: league.sport, startDate: league.startDate, endDate: league.endDate }
}

const isWeekday = (n: number): n is Weekday => (WEEKDAYS as readonly number[]).includes(n)
const isTieBreak = (s: string): s is TieBreak => (TIE_BREAKS as readonly string[]).includes(s)
const list = (text: string) => text.split(',').filter((part) => part !== '')

type NightsRow = Awaited<ReturnType<typeof nightsRows>>[number]
function nightsRows(db: Db, leagueId: string) {
  return db.kysely.selectFrom('gameNights').selectAll().where('leagueId', '=', leagueId).execute()
}

function nightsOf(row: NightsRow): Nights {
  return {
    weekdays: list(row.weekdays).map(Number).filter(isWeekday),
    firstGameTime: row.firstGameTime,
    lastGameTime: row.lastGameTime,
    gameMinutes: row.gameMinutes,
    areaIds: list(row.areaIds),
    skippedDates: list(row.skippedDates),
    count: row.countKind === 'weeks' ? { kind: 'weeks', weeks: row.countNumber } : { kind: 'round-robin', meetings: row.countNumber === 2 ? 2 : 1 },
    rules: { win: row.winPoints, tie: row.tiePoints, loss: row.lossPoints, forfeitScore: { winner: row.forfeitWinnerScore, loser: row.forfeitLoserScore }, tieBreaks: list(row.tieBreaks).filter(isTieBreak) },
    publishedAt: row.publishedAt === null ? null : toIso(row.publishedAt),
    updatedAt: toIso(row.updatedAt),
  }
}

/** The league's game nights; undefined until set. */
export async function findNights(db: Db, leagueId: string): Promise<Nights | undefined> {
  const [row] = await nightsRows(db, leagueId)
  return row && nightsOf(row)
}

/** The league's game nights held by the caller's transaction until it ends (see slots.queries.ts). */
export async function holdNights(tx: Db, leagueId: string): Promise<Nights | undefined> {
  let query = tx.kysely.selectFrom('gameNights').selectAll().where('leagueId', '=', leagueId)
  if (tx.dialect === 'postgres') query = query.forUpdate()
  const row = await query.executeTakeFirst()
  return row && nightsOf(row)
}

/** The answer of the game nights' routes. */
export async function gameNightsView(db: Db, league: TeamLeague): Promise<{ league: TeamLeague; gameNights: GameNights | null; defaultStandings: GameNights['standings'] }> {
  const nights = await findNights(db, league.id)
  const defaultStandings = rulesView(DEFAULT_RULES)
  if (!nights) return { league, gameNights: null, defaultStandings }
  const areas = await db.kysely.selectFrom('playingAreas').select(['id', 'name']).where('id', 'in', nights.areaIds).execute()
  const { count, rules, ...rest } = nights
  return {
    league,
    gameNights: {
      ...rest,
      weekdays: [...nights.weekdays],
      startTimes: startTimesOf(nights),
      areas: nights.areaIds.flatMap((id) => areas.filter((a) => a.id === id)),
      skippedDates: [...nights.skippedDates],
      gameCount: count,
      standings: rulesView(rules),
      dates: gameNightDates(nights, league),
    },
    defaultStandings,
  }
}

const rulesView = (rules: StandingsRules): GameNights['standings'] => ({ ...rules, forfeitScore: { ...rules.forfeitScore }, tieBreaks: [...rules.tieBreaks] })

/** Saves the league's game nights: its areas must exist and host its sport, its skipped dates fall within the season. */
export async function setGameNights(db: Db, league: TeamLeague, input: GameNightsInput, audit: { by: Actor; now: Date }): Promise<void> {
  const outside = input.skippedDates.filter((date) => date < league.startDate || date > league.endDate).sort()
  if (outside.length > 0) refuse('skippedDates', SCHEDULE_MESSAGES.skippedOutsideSeason(league.startDate, league.endDate, outside))
  await inTransaction(db, async (tx) => {
    const before = await holdNights(tx, league.id)
    // The areas it had are held too: their names are the audit entry's before.
    const areas = await holdAreas(tx, [...new Set([...input.areaIds, ...(before?.areaIds ?? [])])])
    const chosen = input.areaIds.map((id) => areas.find((a) => a.id === id))
    if (chosen.includes(undefined)) refuse('areaIds', 'Choose the playing areas from the list: one of them no longer exists.')
    const elsewhere = chosen.find((a) => !sportsOf(a!.sports).includes(league.sport))
    if (elsewhere) refuse('areaIds', SCHEDULE_MESSAGES.areaDoesNotHost(elsewhere.name, league.sport))
    const after: Settings = { ...input, weekdays: input.weekdays.filter(isWeekday), count: input.gameCount, rules: input.standings ?? before?.rules ?? DEFAULT_RULES }
    // The same again changes nothing and writes no entry.
    if (before && JSON.stringify(storedValues(before)) === JSON.stringify(storedValues(after))) return
    const values = { ...storedValues(after), updatedAt: timestampParam(tx.dialect, audit.now) }
    await tx.kysely
      .insertInto('gameNights')
      .values({ leagueId: league.id, ...values, publishedAt: null })
      .onConflict((oc) => oc.column('leagueId').doUpdateSet(values))
      .execute()
    const named = (s: Settings) => ({ ...storedSettings(s), areas: s.areaIds.map((id) => areas.find((a) => a.id === id)?.name ?? id) })
    await recordStaffAction(tx, { by: audit.by, action: 'game-nights-set', entity: { kind: 'league', id: league.id, label: league.name }, before: before ? named(before) : null, after: named(after), now: audit.now })
  })
}

function refuse(field: string, message: string): never {
  throw invalid(message, { [field]: message })
}

type Settings = Pick<Nights, 'weekdays' | 'firstGameTime' | 'lastGameTime' | 'gameMinutes' | 'areaIds' | 'skippedDates' | 'count' | 'rules'>

const byNumber = (a: number, b: number) => a - b

/** What an audit entry shows of the settings. */
function storedSettings(s: Settings) {
  return {
    weekdays: [...s.weekdays].sort(byNumber),
    firstGameTime: s.firstGameTime,
    lastGameTime: s.lastGameTime,
    gameMinutes: s.gameMinutes,
    skippedDates: [...s.skippedDates].sort(),
    gameCount: s.count,
    standings: s.rules,
  }
}

function storedValues(s: Settings) {
  return {
    weekdays: [...s.weekdays].sort(byNumber).join(','),
    firstGameTime: s.firstGameTime,
    lastGameTime: s.lastGameTime,
    gameMinutes: s.gameMinutes,
    areaIds: s.areaIds.join(','),
    skippedDates: [...s.skippedDates].sort().join(','),
    countKind: s.count.kind,
    countNumber: s.count.kind === 'weeks' ? s.count.weeks : s.count.meetings,
    winPoints: s.rules.win,
    tiePoints: s.rules.tie,
    lossPoints: s.rules.loss,
    forfeitWinnerScore: s.rules.forfeitScore.winner,
    forfeitLoserScore: s.rules.forfeitScore.loser,
    tieBreaks: s.rules.tieBreaks.join(','),
  }
}
