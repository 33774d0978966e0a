/**
 * A league's game schedule from its teams and the slots of its game nights (issue 33), and the
 * rules a hand-made change to it breaks. Pure: the same request always gives the same schedule.
 *
 * How the schedule is made:
 *
 * 1. Rounds by the circle method. The teams sit round a circle (with an empty seat when their
 *    number is odd: whoever faces it has the bye); the first team stays put, the others turn one
 *    seat a round, and each round pairs the seats facing each other. Every pair meets once in a
 *    cycle of n - 1 rounds (n rounded up to even), and with an odd number of teams each team has
 *    exactly one bye a cycle. Home is whichever of the two has been home less often so far. A
 *    double round robin plays the cycle twice, the second time with home and away swapped; "N
 *    weeks" plays N rounds of repeated cycles (every other cycle swapped).
 *
 * 2. One round a week (Monday to Sunday), in the weeks that have slots, from the first: so a team
 *    never plays twice in a week, let alone twice on a date or at once, and its games are spread
 *    over the weeks. Inside each cycle the rounds may change order so that a team whose captain
 *    blacked out every date of a week has its bye that week (an assignment of the cycle's rounds
 *    to its weeks, costing each team that plays in a week it blacked out entirely; otherwise the
 *    rounds keep their order). Byes stay within one of each other: every cycle gives each team one.
 *
 * 3. Each week's games to that week's slots, as an assignment problem solved exactly (the
 *    Hungarian method; rows are the round's games, columns the week's slots plus one "not placed"
 *    column per game). A game's cost in a slot: a large penalty per team blacked out on that date,
 *    then the balancing costs of sharing fairly, then the slot's place in the week (so, all else
 *    equal, the earlier nights fill first). Sharing fairly is keeping small the sum over teams of
 *    the squares of their counts of earliest games, of latest games and of games on each playing
 *    area; since a team plays at most once a week, adding a game adds exactly 2c + 1 to a square
 *    whose count is c, so the cost of a game is exact given the other weeks. Weeks are solved in
 *    order, then solved again given all the other weeks, pass after pass, keeping a week's new
 *    assignment only when it costs strictly less: the total only falls, so it stops. That descent
 *    ends where no single week can do better, which is not always the fairest schedule: it runs
 *    again from a few first passes shaken by seeded noise, and the fairest result is kept.
 *    Deterministic: the noise is the same sequence for the same restart, and ties keep the first.
 *    Between teams with the same number of games, the earliest, latest and per-area counts end
 *    within two of each other (generator.property.test.ts), mostly within one: a game gives both
 *    its teams the same slot, so closing the last gap can take a chain of changes across weeks
 *    that no single week's assignment finds.
 *
 * A game is one of the earliest of its night when it starts at the first start time of that
 * date's slots in the request, and one of the latest when it starts at the last one (a date with
 * a single start time has neither): a late game is the late slot of the league's game night,
 * whether or not other games are played before it.
 *
 * A week with fewer usable slots than its round has games leaves the games it cannot take in
 * `unplaced` (chosen so that no team is left out more often than it must be); they do not spill
 * into a later week, which would make a team play twice that week. Rounds with no week left (more
 * rounds than weeks with slots) are unplaced whole: staff give the league more game nights, dates
 * or playing areas and generate again. `scheduleProblems` warns of every rule a game moved by hand
 * breaks.
 *
 * The assignment is written here rather than taken from a package: it is 30 lines, and the cost
 * matrices are at most a few dozen rows.
 */
import { formatTime, weekdayOf } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'

/** A playing area free at a wall-clock time on a facility date (docs/decisions/0003). */
export interface Slot {
  date: string /* YYYY-MM-DD */
  startTime: string /* HH:MM */
  areaId: string
}

/** How many games each team plays: every pair meets once or twice, or one game a week for N weeks. */
export type GameCount = { kind: 'round-robin'; meetings: 1 | 2 } | { kind: 'weeks'; weeks: number }

export interface ScheduleRequest {
  /** In a stable order (e.g. by name): the output depends only on the request. */
  teamIds: readonly string[]
  /** Every slot a game may take, already without what other programs booked and dates skipped. */
  slots: readonly Slot[]
  count: GameCount
  /** teamId -> dates the team asked not to play (captain's blackout dates). */
  blackouts: Readonly<Record<string, readonly string[]>>
}

export interface ScheduledGame {
  homeTeamId: string
  awayTeamId: string
  date: string
  startTime: string
  areaId: string
}

/** One team's share: games, earliest-slot and latest-slot games of their nights, byes, games per area. */
export interface TeamSpread {
  teamId: string
  games: number
  earliest: number
  latest: number
  byes: number
  areas: Record<string, number>
}

export interface Schedule {
  /** Sorted by date, startTime, areaId. */
  games: ScheduledGame[]
  byes: { teamId: string; week: string /* the Monday of the week */ }[]
  /** Games the slots could not take. */
  unplaced: { homeTeamId: string; awayTeamId: string }[]
  /** Every blackout that could not be respected. */
  blackoutsBroken: { teamId: string; date: string }[]
  /** In teamIds order; areas has every playing area of the request's slots. */
  spread: TeamSpread[]
}

/** A rule a hand-made change breaks (staff swap two games or move one): shown as a warning. */
export interface Problem {
  rule: 'not-a-slot' | 'slot-taken' | 'team-twice-at-once' | 'team-twice-on-a-day' | 'blackout'
  /** A sentence a person understands, naming the teams by the names the caller passes. */
  message: string
  gameIndexes: number[]
}

/** The Monday of a date's week. */
export function weekOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date))
}

// ---------------------------------------------------------------------------------------------
// Rounds

/** Team indexes into the request's teamIds. */
interface Pairing {
  home: number
  away: number
}
interface Round {
  games: Pairing[]
  bye: number | null
}

const EMPTY_SEAT = -1

/** One cycle of the circle method: every pair once, each team's bye once when their number is odd. */
function circleRounds(teamCount: number): Round[] {
  const ring = Array.from({ length: teamCount + (teamCount % 2) }, (_, i) => (i < teamCount ? i : EMPTY_SEAT))
  const size = ring.length
  const homes = new Array<number>(teamCount).fill(0)
  const rounds: Round[] = []
  for (let r = 0; r < size - 1; r++) {
    const games: Pairing[] = []
    let bye: number | null = null
    for (let i = 0; i < size / 2; i++) {
      const a = ring[i]!
      const b = ring[size - 1 - i]!
      if (a === EMPTY_SEAT || b === EMPTY_SEAT) {
        bye = a === EMPTY_SEAT ? b : a
        continue
      }
      const aHome = homes[a]! < homes[b]! || (homes[a] === homes[b] && (r + i) % 2 === 0)
      const game = aHome ? { home: a, away: b } : { home: b, away: a }
      homes[game.home]!++
      games.push(game)
    }
    rounds.push({ games, bye })
    ring.splice(1, 0, ring.pop()!)
  }
  return rounds
}

const mirrored = (round: Round): Round => ({ games: round.games.map(({ home, away }) => ({ home: away, away: home })), bye: round.bye })

// ---------------------------------------------------------------------------------------------
// The assignment problem

/**
 * The columns of least total cost for the rows, each column used at most once (rows <= columns):
 * the Hungarian method with potentials, O(rows² × columns). Returns each row's column.
 */
function leastCostAssignment(cost: readonly (readonly number[])[]): number[] {
  const rows = cost.length
  const columns = cost[0]?.length ?? 0
  const u = new Array<number>(rows + 1).fill(0)
  const v = new Array<number>(columns + 1).fill(0)
  const rowOf = new Array<number>(columns + 1).fill(0)
  const way = new Array<number>(columns + 1).fill(0)
  for (let row = 1; row <= rows; row++) {
    rowOf[0] = row
    let j0 = 0
    const minv = new Array<number>(columns + 1).fill(Infinity)
    const used = new Array<boolean>(columns + 1).fill(false)
    do {
      used[j0] = true
      const i0 = rowOf[j0]!
      let delta = Infinity
      let j1 = 0
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue
        const reduced = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!
        if (reduced < minv[j]!) {
          minv[j] = reduced
          way[j] = j0
        }
        if (minv[j]! < delta) {
          delta = minv[j]!
          j1 = j
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta
          v[j]! -= delta
        } else {
          minv[j]! -= delta
        }
      }
      j0 = j1
    } while (rowOf[j0] !== 0)
    do {
      const j1 = way[j0]!
      rowOf[j0] = rowOf[j1]!
      j0 = j1
    } while (j0 !== 0)
  }
  const columnOf = new Array<number>(rows).fill(-1)
  for (let j = 1; j <= columns; j++) if (rowOf[j]! > 0) columnOf[rowOf[j]! - 1] = j - 1
  return columnOf
}

// ---------------------------------------------------------------------------------------------
// Costs. Integers, so sums are exact; each tier outweighs everything below it.

const NOT_PLACED = 1e13
const BLACKOUT = 1e10
const FAIRNESS = 1e4
/** Passes over the weeks after the first; each only lowers the total, and two or three usually leave nothing to change. */
const MAX_PASSES = 8
/** Descents tried; see placeGames. */
const RESTARTS = 8

interface WeekSlot extends Slot {
  area: number
  earliest: boolean
  latest: boolean
}

interface Week {
  monday: string
  slots: WeekSlot[]
  round: Round
  /** Each game's slot index in `slots`, or -1 when not placed. */
  placed: number[]
}

/** The first and last start time of each date's slots. */
function nightEnds(slots: readonly Slot[]): Map<string, { first: string; last: string }> {
  const ends = new Map<string, { first: string; last: string }>()
  for (const slot of slots) {
    const end = ends.get(slot.date)
    if (!end) ends.set(slot.date, { first: slot.startTime, last: slot.startTime })
    else {
      if (slot.startTime < end.first) end.first = slot.startTime
      if (slot.startTime > end.last) end.last = slot.startTime
    }
  }
  return ends
}

function compareSlots(a: Slot, b: Slot): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.areaId < b.areaId ? -1 : a.areaId > b.areaId ? 1 : 0
}

const slotKey = (slot: Slot) => `${slot.date} ${slot.startTime} ${slot.areaId}`

export function generateSchedule(request: ScheduleRequest): Schedule {
  const teamIds = [...new Set(request.teamIds)]
  const teamCount = teamIds.length
  const unique = new Map(request.slots.map((slot) => [slotKey(slot), { date: slot.date, startTime: slot.startTime, areaId: slot.areaId }]))
  const slots = [...unique.values()].sort(compareSlots)
  const areaIds = [...new Set(slots.map((slot) => slot.areaId))].sort()
  const areaIndex = new Map(areaIds.map((id, i) => [id, i]))
  const ends = nightEnds(slots)
  const blackedOut = teamIds.map((id) => new Set(request.blackouts[id] ?? []))

  const slotsByWeek = new Map<string, WeekSlot[]>()
  for (const slot of slots) {
    const end = ends.get(slot.date)!
    const weekSlot = { ...slot, area: areaIndex.get(slot.areaId)!, earliest: end.first !== end.last && slot.startTime === end.first, latest: end.first !== end.last && slot.startTime === end.last }
    const monday = weekOf(slot.date)
    const list = slotsByWeek.get(monday)
    if (list) list.push(weekSlot)
    else slotsByWeek.set(monday, [weekSlot])
  }
  const mondays = [...slotsByWeek.keys()].sort()

  // 1 and 2: the rounds, cycle by cycle, and the week each one is played in.
  const cycle = teamCount < 2 ? [] : circleRounds(teamCount)
  const roundsNeeded = cycle.length === 0 ? 0 : request.count.kind === 'round-robin' ? request.count.meetings * cycle.length : Math.max(0, Math.floor(request.count.weeks))
  const weeks: Week[] = []
  const roundsWithoutWeek: Round[] = []
  for (let start = 0, k = 0; start < roundsNeeded; start += cycle.length, k++) {
    const candidates = cycle.slice(0, Math.min(cycle.length, roundsNeeded - start)).map((round) => (k % 2 === 1 ? mirrored(round) : round))
    const cycleMondays = mondays.slice(start, Math.min(start + candidates.length, mondays.length))
    const roundFor = cycleMondays.length === 0 ? [] : orderRounds(candidates, cycleMondays, slotsByWeek, blackedOut)
    cycleMondays.forEach((monday, w) => {
      const round = candidates[roundFor[w]!]!
      weeks.push({ monday, slots: slotsByWeek.get(monday)!, round, placed: round.games.map(() => -1) })
    })
    const taken = new Set(roundFor)
    candidates.forEach((round, r) => {
      if (!taken.has(r)) roundsWithoutWeek.push(round)
    })
  }

  placeGames(weeks, teamCount, areaIds.length, blackedOut)

  const games: ScheduledGame[] = []
  const unplaced: Schedule['unplaced'] = []
  const byes: Schedule['byes'] = []
  for (const week of weeks) {
    week.round.games.forEach((game, g) => {
      const slot = week.slots[week.placed[g]!]
      const pair = { homeTeamId: teamIds[game.home]!, awayTeamId: teamIds[game.away]! }
      if (slot) games.push({ ...pair, date: slot.date, startTime: slot.startTime, areaId: slot.areaId })
      else unplaced.push(pair)
    })
    if (week.round.bye !== null) byes.push({ teamId: teamIds[week.round.bye]!, week: week.monday })
  }
  for (const round of roundsWithoutWeek) for (const game of round.games) unplaced.push({ homeTeamId: teamIds[game.home]!, awayTeamId: teamIds[game.away]! })
  games.sort(compareSlots)

  const blackoutsBroken: Schedule['blackoutsBroken'] = []
  for (const game of games) {
    for (const teamId of [game.homeTeamId, game.awayTeamId]) {
      if (request.blackouts[teamId]?.includes(game.date)) blackoutsBroken.push({ teamId, date: game.date })
    }
  }
  return { games, byes, unplaced, blackoutsBroken, spread: spreadOf(teamIds, games, byes, slots, areaIds) }
}

/**
 * Step 3: sets each week's `placed`. A descent from the weeks in order, then RESTARTS - 1 more whose
 * first pass is shaken by a little seeded noise (under two counts' worth of a share, so it only
 * breaks ties and near ties differently). Every descent places as many games and keeps as many
 * blackouts as each week allows (those costs outweigh all the rest, and do not depend on the other
 * weeks); of the results the least unfair wins: the smallest gaps between teams' earliest, latest
 * and per-area counts, then the smallest sum of squares.
 */
function placeGames(weeks: readonly Week[], teamCount: number, areaCount: number, blackedOut: readonly ReadonlySet<string>[]): void {
  const zeros = () => new Array<number>(teamCount).fill(0)
  let counts = { earliest: zeros(), latest: zeros(), notPlaced: zeros(), areas: Array.from({ length: teamCount }, () => new Array<number>(areaCount).fill(0)) }
  const tally = (week: Week, sign: 1 | -1) => {
    week.round.games.forEach((game, g) => {
      const slot = week.slots[week.placed[g]!]
      for (const team of [game.home, game.away]) {
        if (!slot) {
          counts.notPlaced[team]! += sign
          continue
        }
        if (slot.earliest) counts.earliest[team]! += sign
        if (slot.latest) counts.latest[team]! += sign
        counts.areas[team]![slot.area]! += sign
      }
    })
  }
  const square = (count: number) => FAIRNESS * (2 * count + 1)
  const costMatrix = (week: Week) =>
    week.round.games.map((game) => {
      const teams = [game.home, game.away]
      const inSlots = week.slots.map((slot, s) => {
        let cost = s
        for (const team of teams) {
          if (blackedOut[team]!.has(slot.date)) cost += BLACKOUT
          if (slot.earliest) cost += square(counts.earliest[team]!)
          if (slot.latest) cost += square(counts.latest[team]!)
          cost += square(counts.areas[team]![slot.area]!)
        }
        return cost
      })
      const notPlaced = NOT_PLACED + square(counts.notPlaced[game.home]!) + square(counts.notPlaced[game.away]!)
      return [...inSlots, ...week.round.games.map(() => notPlaced)]
    })
  const columnOf = (week: Week, g: number) => (week.placed[g]! >= 0 ? week.placed[g]! : week.slots.length + g)

  const descend = (noise: (() => number) | null) => {
    for (let pass = 0; pass <= MAX_PASSES; pass++) {
      let changed = false
      for (const week of weeks) {
        if (pass > 0) tally(week, -1)
        const cost = costMatrix(week)
        if (noise && pass === 0) for (const row of cost) row.forEach((_, j) => (row[j]! += noise()))
        const best = leastCostAssignment(cost)
        const total = (columns: (g: number) => number) => cost.reduce((sum, row, g) => sum + row[columns(g)]!, 0)
        if (pass === 0 || total((g) => best[g]!) < total((g) => columnOf(week, g))) {
          week.placed = best.map((column) => (column < week.slots.length ? column : -1))
          changed = true
        }
        tally(week, 1)
      }
      if (!changed) break
    }
  }
  const gap = (values: readonly number[]) => Math.max(...values) - Math.min(...values)
  const sumOfSquares = (values: readonly number[]) => values.reduce((sum, v) => sum + v * v, 0)
  const score = (): number[] => [
    gap(counts.earliest) + gap(counts.latest) + Math.max(0, ...Array.from({ length: areaCount }, (_, a) => gap(counts.areas.map((row) => row[a]!)))),
    sumOfSquares(counts.earliest) + sumOfSquares(counts.latest) + counts.areas.reduce((sum, row) => sum + sumOfSquares(row), 0) + sumOfSquares(counts.notPlaced),
  ]
  const better = (a: readonly number[], b: readonly number[]) => {
    const i = a.findIndex((v, k) => v !== b[k])
    return i >= 0 && a[i]! < b[i]!
  }

  let best: { placed: number[][]; score: number[] } | null = null
  for (let start = 0; start < RESTARTS && teamCount > 0; start++) {
    counts = { earliest: zeros(), latest: zeros(), notPlaced: zeros(), areas: Array.from({ length: teamCount }, () => new Array<number>(areaCount).fill(0)) }
    descend(start === 0 ? null : seededNoise(start, 2 * FAIRNESS))
    const now = score()
    if (!best || better(now, best.score)) best = { placed: weeks.map((week) => [...week.placed]), score: now }
  }
  weeks.forEach((week, w) => {
    if (best) week.placed = best.placed[w]!
  })
}

/** Whole numbers below `below`, the same sequence for the same seed (mulberry32). */
function seededNoise(seed: number, below: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below)
  }
}

/**
 * The order of a cycle's rounds over its weeks: a round costs 1000 for each team that plays in it
 * in a week whose every date it blacked out, and 1 for leaving its place; the least total wins.
 * Returns, for each week, the index of its round among the candidates.
 */
function orderRounds(candidates: readonly Round[], mondays: readonly string[], slotsByWeek: ReadonlyMap<string, readonly Slot[]>, blackedOut: readonly ReadonlySet<string>[]): number[] {
  return leastCostAssignment(
    mondays.map((monday, w) => {
      const dates = [...new Set(slotsByWeek.get(monday)!.map((slot) => slot.date))]
      const allOut = blackedOut.map((teamDates) => dates.every((date) => teamDates.has(date)))
      return candidates.map((round, r) => round.games.reduce((sum, game) => sum + (allOut[game.home] ? 1000 : 0) + (allOut[game.away] ? 1000 : 0), r === w ? 0 : 1))
    }),
  )
}

/** Each team's share of the games, the earliest and latest games of their nights, the byes and the areas. */
export function spreadOf(teamIds: readonly string[], games: readonly ScheduledGame[], byes: Schedule['byes'], slots: readonly Slot[], areaIds: readonly string[]): TeamSpread[] {
  const ends = nightEnds(slots)
  const spread = new Map(teamIds.map((teamId) => [teamId, { teamId, games: 0, earliest: 0, latest: 0, byes: 0, areas: Object.fromEntries(areaIds.map((id) => [id, 0])) as Record<string, number> }]))
  for (const game of games) {
    const end = ends.get(game.date)
    for (const teamId of [game.homeTeamId, game.awayTeamId]) {
      const row = spread.get(teamId)
      if (!row) continue
      row.games++
      if (end && end.first !== end.last && game.startTime === end.first) row.earliest++
      if (end && end.first !== end.last && game.startTime === end.last) row.latest++
      row.areas[game.areaId] = (row.areas[game.areaId] ?? 0) + 1
    }
  }
  for (const bye of byes) {
    const row = spread.get(bye.teamId)
    if (row) row.byes++
  }
  return [...spread.values()]
}

// ---------------------------------------------------------------------------------------------
// The rules a hand-made change may break

/** Every rule `games` breaks against the request (the generator's own output breaks none except blackouts it listed). */
export function scheduleProblems(games: readonly ScheduledGame[], request: ScheduleRequest, teamNames: Readonly<Record<string, string>>): Problem[] {
  const name = (teamId: string) => teamNames[teamId] ?? teamId
  const gameName = (game: ScheduledGame) => `${name(game.homeTeamId)} v ${name(game.awayTeamId)}`
  const when = (game: Pick<ScheduledGame, 'date' | 'startTime'>) => `${formatDate(game.date)} at ${formatTime(game.startTime)}`
  const problems: Problem[] = []

  const free = new Set(request.slots.map(slotKey))
  games.forEach((game, i) => {
    if (!free.has(slotKey(game))) problems.push({ rule: 'not-a-slot', message: `${gameName(game)} on ${when(game)} is not in a free slot of the league's game nights.`, gameIndexes: [i] })
  })

  for (const indexes of groupIndexes(games, slotKey)) {
    if (indexes.length < 2) continue
    const first = games[indexes[0]!]!
    const names = indexes.map((i) => gameName(games[i]!))
    problems.push({ rule: 'slot-taken', message: `${names.slice(0, -1).join(', ')} and ${names.at(-1)!} are on the same playing area on ${when(first)}.`, gameIndexes: indexes })
  }

  const appearances: { teamId: string; game: ScheduledGame; index: number }[] = games.flatMap((game, index) => [
    { teamId: game.homeTeamId, game, index },
    { teamId: game.awayTeamId, game, index },
  ])
  for (const group of groupIndexes(appearances, ({ teamId, game }) => `${teamId} ${game.date} ${game.startTime}`)) {
    if (group.length < 2) continue
    const { teamId, game } = appearances[group[0]!]!
    problems.push({ rule: 'team-twice-at-once', message: `${name(teamId)} would play ${group.length} games at once, on ${when(game)}.`, gameIndexes: group.map((a) => appearances[a]!.index) })
  }
  for (const group of groupIndexes(appearances, ({ teamId, game }) => `${teamId} ${game.date}`)) {
    const times = new Set(group.map((a) => appearances[a]!.game.startTime))
    if (times.size < 2) continue
    const { teamId, game } = appearances[group[0]!]!
    problems.push({ rule: 'team-twice-on-a-day', message: `${name(teamId)} would play ${group.length} games on ${formatDate(game.date)}.`, gameIndexes: group.map((a) => appearances[a]!.index) })
  }

  for (const { teamId, game, index } of appearances) {
    if (request.blackouts[teamId]?.includes(game.date)) {
      problems.push({ rule: 'blackout', message: `${name(teamId)} asked not to play on ${formatDate(game.date)} (a blackout date), and ${gameName(game)} is on ${when(game)}.`, gameIndexes: [index] })
    }
  }
  return problems
}

/** The indexes of `items` grouped by key, groups in order of their first item. */
function groupIndexes<T>(items: readonly T[], key: (item: T) => string): number[][] {
  const groups = new Map<string, number[]>()
  items.forEach((item, i) => {
    const group = groups.get(key(item))
    if (group) group.push(i)
    else groups.set(key(item), [i])
  })
  return [...groups.values()]
}
