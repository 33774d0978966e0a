import { z } from 'zod'
import { formatTime } from '../academy-schedule.ts'
import { formatDate } from '../format.ts'
import { SPORT_LABELS, SPORTS, type Sport } from '../sports.ts'
import { TIE_BREAKS } from '../tie-breaks.ts'

/**
 * What staff send to run a team league's games (issue 33): the facility's playing areas, a
 * league's game nights with its count of games and standings rules, and the hand-made changes to
 * a schedule. Dates are the facility's calendar dates, times its wall clock (docs/decisions/0003).
 */

export const GAME_MINUTES = { min: 20, max: 240 } as const

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** Minutes since midnight of an HH:MM time. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** HH:MM of minutes since midnight. */
export function timeAt(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** Every game start of a night: from the first to the last, one game length apart. */
export function startTimesOf(nights: { firstGameTime: string; lastGameTime: string; gameMinutes: number }): string[] {
  const times: string[] = []
  for (let at = minutesOf(nights.firstGameTime); at <= minutesOf(nights.lastGameTime); at += nights.gameMinutes) times.push(timeAt(at))
  return times
}

const time = (which: string) => z.string({ error: `Write the ${which} as a time such as 18:00.` }).regex(TIME, { error: `Write the ${which} as a time such as 18:00 (24-hour).` })
const isoDate = (what: string) => z.iso.date({ error: `Write ${what} as a date such as 2027-01-05.` })
const id = (what: string) => z.string({ error: `Choose ${what} from the list.` }).min(1, { error: `Choose ${what} from the list.` }).max(100, { error: `Choose ${what} from the list.` })
const distinct = (items: readonly unknown[]) => new Set(items).size === items.length

const areaName = z
  .string({ error: 'Write the playing area’s name.' })
  .trim()
  .min(1, { error: 'Write the playing area’s name.' })
  .max(60, { error: 'Keep the name to 60 characters.' })
  .refine((name) => !/[\p{Cc}\p{Cf}]/u.test(name), { error: 'Keep the name to one line of visible characters.' })
const areaSports = z
  .array(z.enum(SPORTS, { error: `Choose sports from: ${SPORTS.join(', ')}.` }), { error: 'Choose the sports it can host.' })
  .min(1, { error: 'Choose at least one sport it can host.' })
  .max(SPORTS.length, { error: 'Choose each sport once.' })
  .refine(distinct, { error: 'Choose each sport once.' })

/** A new playing area: its name and the sports it can host. */
export const PlayingAreaInput = z.object({ name: areaName, sports: areaSports }, { error: 'Send the playing area as a JSON object.' })
export type PlayingAreaInput = z.infer<typeof PlayingAreaInput>

/** A change of a playing area: the fields sent replace those saved. */
export const PlayingAreaChange = z.object({ name: areaName.optional(), sports: areaSports.optional() }, { error: 'Send the change as a JSON object.' })
export type PlayingAreaChange = z.infer<typeof PlayingAreaChange>

/** The name's key: two names with the same key are one playing area ("Court 1", "court1"). */
export function areaNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, '')
}

const points = (what: string) => z.int({ error: `${what} is a whole number of table points from 0 to 10.` }).min(0, { error: `${what} is a whole number of table points from 0 to 10.` }).max(10, { error: `${what} is a whole number of table points from 0 to 10.` })
const score = (what: string) => z.int({ error: `${what} is a whole number from 0 to 999.` }).min(0, { error: `${what} is a whole number from 0 to 999.` }).max(999, { error: `${what} is a whole number from 0 to 999.` })

/** Table points for a win, a tie and a loss, the score a forfeit records, and the tie-breaks in order. */
export const StandingsRulesInput = z
  .object(
    {
      win: points('A win'),
      tie: points('A tie'),
      loss: points('A loss'),
      forfeitScore: z.object({ winner: score('The forfeit winner’s score'), loser: score('The forfeit loser’s score') }, { error: 'Give the forfeit’s score as the winner’s and the loser’s.' }),
      tieBreaks: z
        .array(z.enum(TIE_BREAKS, { error: `Choose tie-breaks from: ${TIE_BREAKS.join(', ')}.` }), { error: 'List the tie-breaks in order.' })
        .max(TIE_BREAKS.length, { error: 'Choose each tie-break once.' })
        .refine(distinct, { error: 'Choose each tie-break once.' }),
    },
    { error: 'Send the standings rules as a JSON object.' },
  )
  // Each refinement compares only numbers that passed their own check (zod runs it either way).
  .refine((r) => ![r.win, r.tie, r.loss].every(Number.isInteger) || (r.win > r.loss && r.tie <= r.win && r.tie >= r.loss), { error: 'A win must be worth more than a loss, and a tie no more than a win and no less than a loss.', path: ['tie'] })
  .refine((r) => ![r.forfeitScore?.winner, r.forfeitScore?.loser].every(Number.isInteger) || r.forfeitScore.winner > r.forfeitScore.loser, { error: 'A forfeit’s score must put the winner ahead.', path: ['forfeitScore'] })
export type StandingsRulesInput = z.infer<typeof StandingsRulesInput>

/** How many games each team plays: every pair meets once or twice, or one game a week for a number of weeks. */
export const GameCountInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('round-robin'), meetings: z.union([z.literal(1), z.literal(2)], { error: 'In a round robin every pair of teams meets once or twice (1 or 2).' }) }),
    z.object({ kind: z.literal('weeks'), weeks: z.int({ error: 'Give the number of weeks, from 1 to 52.' }).min(1, { error: 'Give the number of weeks, from 1 to 52.' }).max(52, { error: 'Give the number of weeks, from 1 to 52.' }) }),
  ],
  { error: 'Choose how many games each team plays: { kind: "round-robin", meetings: 1 or 2 } or { kind: "weeks", weeks: 1 to 52 }.' },
)
export type GameCountInput = z.infer<typeof GameCountInput>

/** A league's game nights as staff set them; the league's own checks (areas, season) are the server's. */
export const GameNightsInput = z
  .object(
    {
      weekdays: z
        .array(z.int({ error: 'Weekdays are 1 (Monday) to 7 (Sunday).' }).min(1, { error: 'Weekdays are 1 (Monday) to 7 (Sunday).' }).max(7, { error: 'Weekdays are 1 (Monday) to 7 (Sunday).' }), {
          error: 'Choose the weekdays of the game nights.',
        })
        .min(1, { error: 'Choose at least one weekday for the game nights.' })
        .max(7, { error: 'Choose each weekday once.' })
        .refine(distinct, { error: 'Choose each weekday once.' }),
      firstGameTime: time('first game’s start'),
      lastGameTime: time('last game’s start'),
      gameMinutes: z
        .int({ error: `Give the game length in whole minutes, from ${GAME_MINUTES.min} to ${GAME_MINUTES.max}.` })
        .min(GAME_MINUTES.min, { error: `A game lasts at least ${GAME_MINUTES.min} minutes.` })
        .max(GAME_MINUTES.max, { error: `A game lasts at most ${GAME_MINUTES.max} minutes.` }),
      areaIds: z
        .array(id('the playing areas'), { error: 'Choose the playing areas the games may use.' })
        .min(1, { error: 'Choose at least one playing area.' })
        .max(50, { error: 'Choose at most 50 playing areas.' })
        .refine(distinct, { error: 'Choose each playing area once.' }),
      skippedDates: z.array(isoDate('each skipped date'), { error: 'List the skipped dates.' }).max(366, { error: 'Skip at most 366 dates.' }).refine(distinct, { error: 'List each skipped date once.' }).default([]),
      gameCount: GameCountInput,
      standings: StandingsRulesInput.optional().describe('left out: the saved rules stay (the default rules on a first save)'),
    },
    { error: 'Send the game nights as a JSON object.' },
  )
  .superRefine((nights, ctx) => {
    // Zod runs this even when a field failed: only fields that passed are compared.
    const { min, max } = GAME_MINUTES
    if (!TIME.test(nights.firstGameTime) || !TIME.test(nights.lastGameTime) || !Number.isInteger(nights.gameMinutes) || nights.gameMinutes < min || nights.gameMinutes > max) return
    const first = minutesOf(nights.firstGameTime)
    const last = minutesOf(nights.lastGameTime)
    if (last < first) {
      ctx.addIssue({ code: 'custom', path: ['lastGameTime'], message: `The last game can’t start before the first one (${formatTime(nights.firstGameTime)}).` })
      return
    }
    const over = (last - first) % nights.gameMinutes
    if (over !== 0) {
      const before = timeAt(last - over)
      const after = last - over + nights.gameMinutes
      const choices = after + nights.gameMinutes < 24 * 60 ? `${formatTime(before)} or ${formatTime(timeAt(after))}` : formatTime(before)
      ctx.addIssue({ code: 'custom', path: ['lastGameTime'], message: `Games start every ${nights.gameMinutes} minutes from ${formatTime(nights.firstGameTime)}: the last one can start at ${choices}, not ${formatTime(nights.lastGameTime)}.` })
    } else if (last + nights.gameMinutes >= 24 * 60) {
      ctx.addIssue({ code: 'custom', path: ['lastGameTime'], message: 'The last game would end at midnight or later: start it earlier or make the games shorter.' })
    }
  })
export type GameNightsInput = z.infer<typeof GameNightsInput>

/** Move one game to a playing area at a date and time. */
export const MoveGameInput = z.object(
  { date: isoDate('the new date'), startTime: time('new start'), areaId: id('the playing area') },
  { error: 'Send the new date, start time and playing area as a JSON object.' },
)
export type MoveGameInput = z.infer<typeof MoveGameInput>

/** Swap the slots of two games of the league. */
export const SwapGamesInput = z.object(
  {
    gameIds: z
      .tuple([id('the first game'), id('the second game')], { error: 'Choose the two games to swap, as a list of their two ids.' })
      .refine(([a, b]) => a !== b, { error: 'Choose two different games to swap.' }),
  },
  { error: 'Send the two games to swap as a JSON object.' },
)
export type SwapGamesInput = z.infer<typeof SwapGamesInput>

/** The sentences the server refuses with, some naming what they are about. */
export const SCHEDULE_MESSAGES = {
  notTeamLeague: (league: string) => `${league} is a league of individual players: only a team league has games to schedule.`,
  noGameNights: (league: string) => `Set ${league}’s game nights first: the schedule is made from them.`,
  published: 'The schedule is published: move games one at a time.',
  tooFewTeams: (league: string, complete: number) =>
    `A schedule needs at least two Complete teams, and ${league} has ${complete === 0 ? 'none' : 'one'}: a team is Complete once its roster has the players it needs and every fee is paid.`,
  nothingToPublish: (league: string) => `${league} has no games to publish yet: generate the schedule first.`,
  areaTaken: (name: string) => `There is already a playing area called ${name}.`,
  noSuchArea: 'There is no such playing area.',
  noSuchGame: 'There is no such game in this league’s schedule.',
  areaDoesNotHost: (area: string, sport: Sport) => `${area} does not host ${SPORT_LABELS[sport]}: choose a playing area that does, or add ${SPORT_LABELS[sport]} to ${area}’s sports.`,
  areaHasGames: (area: string, games: number, leagues: readonly string[]) =>
    `${area} has ${games === 1 ? 'a game' : `${games} games`} (${leagues.join(', ')}): move ${games === 1 ? 'it' : 'them'} to another playing area first.`,
  areaInGameNights: (area: string, leagues: readonly string[]) => `${area} is one of the playing areas of ${leagues.join(', ')}’s game nights: take it off there first.`,
  areaBooked: (area: string, programs: readonly string[]) => `${area} is where ${programs.join(', ')} ${programs.length === 1 ? 'takes' : 'take'} place: give ${programs.length === 1 ? 'it' : 'them'} another Where first.`,
  sportStillNeeded: (area: string, sport: Sport, leagues: readonly string[]) =>
    `${leagues.join(', ')} ${leagues.length === 1 ? 'plays' : 'play'} ${SPORT_LABELS[sport]} on ${area}: keep ${SPORT_LABELS[sport]}, or take ${area} off ${leagues.length === 1 ? 'its' : 'their'} game nights and games first.`,
  skippedOutsideSeason: (start: string, end: string, dates: readonly string[]) =>
    `Skipped dates must fall within the season (${formatDate(start)} to ${formatDate(end)}): ${dates.map(formatDate).join(', ')} ${dates.length === 1 ? 'does' : 'do'} not.`,
  slotHeld: (area: string, date: string, start: string, by: string) => `${area} is taken on ${formatDate(date)} at ${formatTime(start)} by ${by}: choose a free slot.`,
  played: 'This game has a result: it stays where it was played.',
  endsAfterMidnight: (start: string, minutes: number) => `A ${minutes}-minute game starting at ${formatTime(start)} would end at midnight or later: choose an earlier start.`,
  raced: 'Another change to the schedule took one of these slots at the same moment: look at the schedule again and retry.',
} as const
