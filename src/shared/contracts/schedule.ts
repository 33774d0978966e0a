import { z } from 'zod'
import { contract, pathId } from './contract.ts'
import { SPORTS } from '../sports.ts'
import { GameNightsInput, MoveGameInput, PlayingAreaChange, PlayingAreaInput, SwapGamesInput } from '../schemas/schedule.ts'
import { TIE_BREAKS } from '../tie-breaks.ts'

/**
 * Game schedules of team leagues (issue 33), for admins (docs/decisions/0016): the facility's
 * playing areas, a league's game nights, and its schedule — generated as a draft, changed by hand
 * (a swap, a move, each answered with the warnings it raises), then published; after publishing
 * every change is emailed to the teams it moves. Dates are YYYY-MM-DD facility dates and times
 * HH:MM on the facility's wall clock (docs/decisions/0003).
 */

const Named = z.object({ id: z.string(), name: z.string() })
const date = z.string().describe('YYYY-MM-DD, a facility date')
const time = z.string().describe('HH:MM, the facility’s wall clock')

export const PlayingArea = z.object({
  id: z.string(),
  name: z.string(),
  sports: z.array(z.enum(SPORTS)).describe('the sports it can host'),
  games: z.number().int().describe('games on it, drafts included, of every league: while it has any it cannot be deleted'),
  leagues: z.array(Named).describe('the leagues whose game nights may use it: while any does it cannot be deleted'),
  programs: z.array(z.string()).describe('the academies, camps and drop-in sessions whose Where it is, by name: while any is it cannot be deleted'),
  createdAt: z.string().describe('ISO 8601 time'),
  updatedAt: z.string().describe('ISO 8601 time'),
})
export type PlayingArea = z.infer<typeof PlayingArea>

const areaParams = z.object({ areaId: pathId })
const leagueParams = z.object({ leagueId: pathId })

export const listPlayingAreas = contract({
  method: 'GET',
  url: '/api/admin/playing-areas',
  access: 'admin',
  summary: 'The facility’s playing areas by name, with the sports each hosts, its games, the leagues whose game nights use it and the programs on it',
  responses: { 200: z.object({ areas: z.array(PlayingArea) }) },
})

export const createPlayingArea = contract({
  method: 'POST',
  url: '/api/admin/playing-areas',
  access: 'admin',
  summary: 'Add a playing area; a name taken in any letter case or spacing is refused (409)',
  body: PlayingAreaInput,
  responses: { 201: z.object({ area: PlayingArea }) },
})

export const changePlayingArea = contract({
  method: 'POST',
  url: '/api/admin/playing-areas/:areaId',
  access: 'admin',
  summary: 'Rename a playing area (the academies, camps and drop-ins on it say the new name) or change its sports; a sport a league plays on it stays (409)',
  params: areaParams,
  body: PlayingAreaChange,
  responses: { 200: z.object({ area: PlayingArea }) },
})

export const deletePlayingArea = contract({
  method: 'POST',
  url: '/api/admin/playing-areas/:areaId/delete',
  access: 'admin',
  summary: 'Delete a playing area no game, no league’s game nights and no academy, camp or drop-in session use (409 otherwise, saying which)',
  params: areaParams,
  body: z.object({}).optional(),
  responses: { 200: z.object({ deleted: z.string().describe('the playing area deleted') }) },
})

const CALENDAR_DATE = 'Enter a date such as 2027-01-05.'
/** A calendar day, checked to exist (2027-02-30 does not). */
const calendarDay = z.string({ error: CALENDAR_DATE }).refine((text) => {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text)
}, { error: CALENDAR_DATE })
/** The most days the facility's calendar shows at once. */
export const CALENDAR_MAX_DAYS = 31
const daysFromTo = (q: { from: string; to: string }) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1

export const FacilityCalendarQuery = z
  .object({ from: calendarDay.describe('the first day, YYYY-MM-DD, a facility date'), to: calendarDay.describe('the last day, YYYY-MM-DD, a facility date') })
  .refine((q) => q.from <= q.to, { error: 'The first day (from) must not be after the last (to).', path: ['to'] })
  .refine((q) => q.from > q.to || daysFromTo(q) <= CALENDAR_MAX_DAYS, { error: `Show at most ${CALENDAR_MAX_DAYS} days at once.`, path: ['to'] })

export const CalendarBooking = z.object({
  kind: z.enum(['game', 'academy', 'camp', 'drop-in']),
  id: z.string().describe('the game’s, academy’s, camp’s or drop-in’s id'),
  what: z.string().describe('“League: Home vs Away” for a game; the academy’s, camp’s or drop-in’s name'),
  startTime: time,
  endTime: time,
})
export type CalendarBooking = z.infer<typeof CalendarBooking>

export const CalendarDay = z.object({
  date,
  areas: z.array(z.object({ id: z.string(), name: z.string(), bookings: z.array(CalendarBooking).describe('by start time') })).describe('the areas booked that day, by name'),
})
export type CalendarDay = z.infer<typeof CalendarDay>

export const facilityCalendar = contract({
  method: 'GET',
  url: '/api/admin/playing-areas/calendar',
  access: 'staff',
  summary: 'The facility’s one calendar over at most 31 days: each day, what is on each playing area — games of every league, academy sessions, camp days and drop-in sessions',
  query: FacilityCalendarQuery,
  responses: { 200: z.object({ days: z.array(CalendarDay).describe('every day from `from` to `to`') }) },
})

export const ScheduleLeague = z.object({ id: z.string(), name: z.string(), sport: z.enum(SPORTS), startDate: date, endDate: date })

export const StandingsRules = z.object({
  win: z.number().int(),
  tie: z.number().int(),
  loss: z.number().int(),
  forfeitScore: z.object({ winner: z.number().int(), loser: z.number().int() }),
  tieBreaks: z.array(z.enum(TIE_BREAKS)).describe('applied in order to teams level on table points'),
})

export const GameCount = z.union([z.object({ kind: z.literal('round-robin'), meetings: z.number().int() }), z.object({ kind: z.literal('weeks'), weeks: z.number().int() })])

export const GameNights = z.object({
  weekdays: z.array(z.number().int()).describe('ISO weekdays, 1 Monday to 7 Sunday'),
  firstGameTime: time,
  lastGameTime: time.describe('the last game’s start'),
  gameMinutes: z.number().int(),
  startTimes: z.array(time).describe('every game start of a night, first to last'),
  areas: z.array(Named).describe('the playing areas its games may use, in the order chosen'),
  skippedDates: z.array(date),
  gameCount: GameCount,
  standings: StandingsRules,
  dates: z.array(date).describe('the game-night dates of the season, skipped dates left out'),
  publishedAt: z.string().nullable().describe('ISO 8601 time the schedule was published; null while it is a draft'),
  updatedAt: z.string().describe('ISO 8601 time'),
})
export type GameNights = z.infer<typeof GameNights>

const GameNightsAnswer = z.object({
  league: ScheduleLeague,
  gameNights: GameNights.nullable().describe('null until set'),
  defaultStandings: StandingsRules.describe('the rules a first save takes when it leaves standings out'),
})

export const readGameNights = contract({
  method: 'GET',
  url: '/api/admin/leagues/:leagueId/game-nights',
  access: 'admin',
  summary: 'A team league’s game nights, count of games and standings rules (null until set)',
  params: leagueParams,
  responses: { 200: GameNightsAnswer },
})

export const setGameNights = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId/game-nights',
  access: 'admin',
  summary: 'Set a team league’s game nights: weekdays, first and last start, game length, playing areas hosting its sport, dates skipped within the season, games per team, standings rules',
  params: leagueParams,
  body: GameNightsInput,
  responses: { 200: GameNightsAnswer },
})

export const Game = z.object({
  id: z.string(),
  date,
  startTime: time,
  endTime: time,
  area: Named,
  home: Named,
  away: Named,
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  forfeitedBy: z.string().nullable().describe('the team that forfeited'),
})
export type Game = z.infer<typeof Game>

export const ScheduleProblem = z.object({
  rule: z.enum(['not-a-slot', 'slot-taken', 'team-twice-at-once', 'team-twice-on-a-day', 'blackout']),
  message: z.string().describe('a sentence naming the teams'),
  gameIds: z.array(z.string()),
})
export type ScheduleProblem = z.infer<typeof ScheduleProblem>

export const ScheduleReport = z.object({
  spread: z
    .array(z.object({ team: Named, games: z.number().int(), earliest: z.number().int(), latest: z.number().int(), byes: z.number().int(), areas: z.array(z.object({ area: Named, games: z.number().int() })) }))
    .describe('each team’s games (the league’s Complete teams and any team a game names), games in the first and in the last slot of their night, byes and games per playing area'),
  byes: z.array(z.object({ team: Named, week: date.describe('the Monday of the week') })).describe('the weeks of the schedule a team has no game in'),
  unplaced: z.array(z.object({ home: Named, away: Named })).describe('games the free slots could not take: more game nights, dates or playing areas and a new draft place them'),
  blackoutsBroken: z.array(z.object({ team: Named, date })).describe('blackout dates a game is on'),
})
export type ScheduleReport = z.infer<typeof ScheduleReport>

export const Schedule = z.object({
  league: ScheduleLeague,
  status: z.enum(['none', 'draft', 'published']).describe('none: no games yet'),
  publishedAt: z.string().nullable().describe('ISO 8601 time'),
  games: z.array(Game).describe('by date, start time and playing area'),
  problems: z.array(ScheduleProblem).describe('every rule the games break (warnings: a game off the game nights, a team twice on a day, a blackout date)'),
  freeSlots: z.array(z.object({ date, startTime: time, endTime: time, area: Named })).describe('the game nights’ slots no game of any league takes: where a game can move'),
  report: ScheduleReport.describe('computed from the stored games and blackouts, with the games the last generation could not place'),
  blackouts: z.array(z.object({ team: Named, dates: z.array(date) })).describe('the blackout dates the captains of the league’s Complete teams entered, teams by name'),
})
export type Schedule = z.infer<typeof Schedule>

export const readSchedule = contract({
  method: 'GET',
  url: '/api/admin/leagues/:leagueId/schedule',
  access: 'admin',
  summary: 'A team league’s schedule, draft or published: its games with team and playing area names, the rules they break, and the free slots',
  params: leagueParams,
  responses: { 200: z.object({ schedule: Schedule }) },
})

export const generateSchedule = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId/schedule/generate',
  access: 'admin',
  summary: 'Make a draft schedule for the league’s Complete teams from its game nights, replacing the draft; refused once published (409) or with fewer than two Complete teams',
  params: leagueParams,
  body: z.object({}).optional(),
  responses: { 200: z.object({ schedule: Schedule, report: ScheduleReport }) },
})

const ChangeAnswer = z.object({
  schedule: Schedule,
  warnings: z.array(ScheduleProblem).describe('the rules the changed games break now: shown, never blocking'),
  notified: z.number().int().describe('emails written to the teams’ captains and players (none before publishing)'),
})

export const moveGame = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId/schedule/games/:gameId/move',
  access: 'admin',
  summary: 'Move a game to a playing area at a date and start time no other game takes (409 when one does); after publishing its teams are emailed',
  params: z.object({ leagueId: pathId, gameId: pathId }),
  body: MoveGameInput,
  responses: { 200: ChangeAnswer },
})

export const swapGames = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId/schedule/swap',
  access: 'admin',
  summary: 'Swap the slots of two of the league’s games; after publishing their teams are emailed',
  params: leagueParams,
  body: SwapGamesInput,
  responses: { 200: ChangeAnswer },
})

export const publishSchedule = contract({
  method: 'POST',
  url: '/api/admin/leagues/:leagueId/schedule/publish',
  access: 'admin',
  summary: 'Publish the league’s schedule (again: no change); from then on it is changed one game at a time, each change emailed',
  params: leagueParams,
  body: z.object({}).optional(),
  responses: { 200: z.object({ schedule: Schedule }) },
})
