import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { recordStaffAction, type Actor } from '../../core/audit.ts'
import { conflict, invalid, notFound } from '../../core/refusals.ts'
import type { ScoreGame } from '../../../shared/contracts/scores.ts'
import type { ScoreInput } from '../../../shared/schemas/scores.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'
import { resultText as resultWords } from '../../../shared/scores.ts'
import { findNights, type TeamLeague } from './game-nights.queries.ts'
import type { StandingsRules } from './standings.ts'
import { gamesWithNames, openGameOf, type GameWithNames } from '../../core/open-schedule.queries.ts'

/**
 * The scorer's table (issue 33): staff, admins and employees alike, enter a game's result once it
 * has started (where the facility is), on a published schedule only: a score, a forfeit (which
 * records the league's forfeit score) or none (a mistake cleared). A change names the result's
 * version the scorer saw (games.scoreVersion, migration 0048) and is refused when another scorer
 * changed it since, with what it is now: never an overwrite unseen. Each change is audited: the
 * first result as entered, every later one as corrected, before and after.
 */

interface Clock {
  now: Date
  timeZone: string
}


const hasResult = (g: Pick<GameWithNames, 'homeScore' | 'awayScore' | 'forfeitedBy'>) => g.forfeitedBy !== null || (g.homeScore !== null && g.awayScore !== null)
const started = (g: GameWithNames, clock: Clock) => clock.now >= sessionStartsAt(g.date, g.startTime, clock.timeZone)

function gameView(g: GameWithNames, clock: Clock): ScoreGame {
  return { ...openGameOf(g), scoreVersion: g.scoreVersion, started: started(g, clock) }
}

/** The result in words, by the shared wording (shared/scores.ts). */
const resultText = (g: Pick<GameWithNames, 'homeTeamId' | 'homeName' | 'awayTeamId' | 'awayName' | 'homeScore' | 'awayScore' | 'forfeitedBy'>) =>
  resultWords({ home: { id: g.homeTeamId, name: g.homeName }, away: { id: g.awayTeamId, name: g.awayName }, homeScore: g.homeScore, awayScore: g.awayScore, forfeitedBy: g.forfeitedBy })

/** The team leagues with a published schedule, by name, and how many of their started games have no result. */
async function scoredLeagues(db: Db, clock: Clock) {
  const today = facilityToday(clock.now, clock.timeZone)
  const leagues = await db.kysely
    .selectFrom('leagues as l')
    .innerJoin('gameNights as n', 'n.leagueId', 'l.id')
    .select(['l.id', 'l.name'])
    .where('l.kind', '=', 'team')
    .where('n.publishedAt', 'is not', null)
    .orderBy('l.name')
    .orderBy('l.id')
    .execute()
  const games = leagues.length === 0 ? [] : await gamesWithNames(db).where('g.date', '<=', today).where('g.leagueId', 'in', leagues.map((l) => l.id)).execute()
  return leagues.map((l) => {
    const own = games.filter((g) => g.leagueId === l.id)
    return { id: l.id, name: l.name, gamesToScore: own.filter((g) => started(g, clock) && !hasResult(g)).length, playsToday: own.some((g) => g.date === today), games: own }
  })
}

/**
 * The scorer's sheet: the leagues, and the chosen one's games up to today: today's by start,
 * then earlier ones without a result, then earlier ones with one, the latest first.
 */
export async function scoreSheet(db: Db, leagueId: string | undefined, clock: Clock) {
  const today = facilityToday(clock.now, clock.timeZone)
  const leagues = await scoredLeagues(db, clock)
  const chosen = leagueId === undefined ? (leagues.find((l) => l.playsToday) ?? leagues.find((l) => l.gamesToScore > 0) ?? leagues[0]) : leagues.find((l) => l.id === leagueId)
  if (leagueId !== undefined && !chosen) throw notFound('There is no such league with a published schedule.')
  const latestFirst = (a: GameWithNames, b: GameWithNames) => b.date.localeCompare(a.date) || a.startTime.localeCompare(b.startTime) || a.areaName.localeCompare(b.areaName)
  const games = chosen?.games ?? []
  const todays = games.filter((g) => g.date === today).sort((a, b) => a.startTime.localeCompare(b.startTime) || a.areaName.localeCompare(b.areaName))
  const earlier = games.filter((g) => g.date < today).sort(latestFirst)
  const ordered = [...todays, ...earlier.filter((g) => !hasResult(g)), ...earlier.filter(hasResult)]
  const summary = ({ id, name, gamesToScore }: (typeof leagues)[number]) => ({ id, name, gamesToScore })
  return { leagues: leagues.map(summary), league: chosen ? summary(chosen) : null, games: ordered.map((g) => gameView(g, clock)), today }
}

/** The stored result a scorer's input makes: a forfeit records the league's forfeit score, the forfeiting team losing. */
function resultOf(input: ScoreInput, game: GameWithNames, rules: StandingsRules): Pick<GameWithNames, 'homeScore' | 'awayScore' | 'forfeitedBy'> {
  if (input.outcome === 'clear') return { homeScore: null, awayScore: null, forfeitedBy: null }
  if (input.outcome === 'score') return { homeScore: input.homeScore, awayScore: input.awayScore, forfeitedBy: null }
  if (![game.homeTeamId, game.awayTeamId].includes(input.forfeitedBy)) {
    const message = `The team that forfeited is one of this game’s two teams: ${game.homeName} or ${game.awayName}.`
    throw invalid(message, { forfeitedBy: message })
  }
  const { winner, loser } = rules.forfeitScore
  return input.forfeitedBy === game.homeTeamId ? { homeScore: loser, awayScore: winner, forfeitedBy: game.homeTeamId } : { homeScore: winner, awayScore: loser, forfeitedBy: game.awayTeamId }
}

/** What an audit entry shows of a result. */
const auditResult = (g: GameWithNames, result: Pick<GameWithNames, 'homeScore' | 'awayScore' | 'forfeitedBy'>) => ({
  result: resultText({ ...g, ...result }),
  homeScore: result.homeScore,
  awayScore: result.awayScore,
  forfeitedBy: result.forfeitedBy === null ? null : result.forfeitedBy === g.homeTeamId ? g.homeName : g.awayName,
})

export async function recordScore(db: Db, league: TeamLeague, gameId: string, input: ScoreInput, ctx: Clock & { by: Actor }): Promise<ScoreGame> {
  return inTransaction(db, async (tx) => {
    const nights = await findNights(tx, league.id)
    if (!nights?.publishedAt) throw conflict(`${league.name}’s schedule is not published: scores are entered on a published schedule’s games.`)
    // Held until the change commits: a second scorer's change waits, then sees this one's version.
    let query = gamesWithNames(tx).where('g.id', '=', gameId).where('g.leagueId', '=', league.id)
    if (tx.dialect === 'postgres') query = query.forUpdate('g')
    const game = await query.executeTakeFirst()
    if (!game) throw notFound('There is no such game in this league.')
    if (!started(game, ctx)) throw conflict(`${game.homeName} v ${game.awayName} starts on ${game.date} at ${game.startTime}: its result can be entered once it has started.`)
    if (game.scoreVersion !== input.version) throw conflict(`This game’s score was changed by someone else: it is now ${resultText(game)}. Check it, and enter yours again if it still needs changing.`)
    const after = resultOf(input, game, nights.rules)
    // The same result again changes nothing and writes no entry.
    if (after.homeScore === game.homeScore && after.awayScore === game.awayScore && after.forfeitedBy === game.forfeitedBy) return gameView(game, ctx)
    const scoreVersion = game.scoreVersion + 1
    await tx.kysely.updateTable('games').set({ ...after, scoreVersion, updatedAt: timestampParam(tx.dialect, ctx.now) }).where('id', '=', game.id).execute()
    await recordStaffAction(tx, {
      by: ctx.by,
      action: hasResult(game) ? 'score-corrected' : 'score-entered',
      entity: { kind: 'league', id: league.id, label: `${game.homeName} v ${game.awayName} on ${game.date} in ${league.name}` },
      before: hasResult(game) ? auditResult(game, game) : null,
      after: auditResult(game, after),
      now: ctx.now,
    })
    return gameView({ ...game, ...after, scoreVersion }, ctx)
  })
}
