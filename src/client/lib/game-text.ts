import { formatTime, WEEKDAY_NAMES, type Weekday } from '../../shared/academy-schedule.ts'
import type { OpenGame, TeamGame } from '../../shared/contracts/open-schedule.ts'
import { formatDate } from '../../shared/format.ts'

/** "Tuesday, 12/1/2026" from "2026-12-01". */
export function dayText(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7) as Weekday
  return `${WEEKDAY_NAMES[weekday]}, ${formatDate(date)}`
}

/** "6:00 PM – 7:00 PM". */
export const hoursText = (game: { startTime: string; endTime: string }) => `${formatTime(game.startTime)} – ${formatTime(game.endTime)}`

/** A league game's result: "52 – 47", "Forfeited by Hawks", or null before it is entered. */
export function leagueResultText(game: OpenGame): string | null {
  if (game.forfeitedBy !== null) return `Forfeited by ${game.forfeitedBy === game.home.id ? game.home.name : game.away.name}`
  if (game.homeScore === null || game.awayScore === null) return null
  return `${game.homeScore} – ${game.awayScore}`
}

const OUTCOME_WORDS = { W: 'Won', L: 'Lost', T: 'Tied' } as const

/** A team's result: "W 52 – 47", "W by forfeit", "L by forfeit", or null before it is entered. */
export function teamResultText(result: TeamGame['result']): { short: string; words: string } | null {
  if (result === null) return null
  if (result.forfeit !== null) return { short: `${result.outcome} by forfeit`, words: result.forfeit === 'team' ? 'Lost: the team forfeited' : 'Won: the opponent forfeited' }
  return { short: `${result.outcome} ${result.for} – ${result.against}`, words: `${OUTCOME_WORDS[result.outcome]} ${result.for} – ${result.against}` }
}

/** Games grouped by date, in the order given. */
export function byDate<G extends { date: string }>(games: readonly G[]): { date: string; games: G[] }[] {
  const days: { date: string; games: G[] }[] = []
  for (const game of games) {
    const last = days.at(-1)
    if (last?.date === game.date) last.games.push(game)
    else days.push({ date: game.date, games: [game] })
  }
  return days
}
