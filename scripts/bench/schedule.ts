/**
 * The schedule generator on a grid of leagues (issue 33): 6, 12, 24 and 25 teams, over 8 and 12
 * weeks, on 1, 2 and 3 courts, with the slots of a realistic game night (Tuesdays and Thursdays,
 * games of 60 minutes from 19:00 to 22:00: 19:00, 20:00 and 21:00) and one game a week. One team
 * in four has asked not to play on one date. Each league is generated once to warm up, then
 * `--runs` times; the table shows the median time, the games placed and unplaced, and how evenly
 * they fall: for each share, the widest gap between two teams (max - min over teams) of games,
 * earliest games of their night, latest games, byes, and games on one court (the widest over the
 * courts). Then one JSON line. The run fails when any run of 24 teams × 12 weeks × 3 courts takes
 * 2 s or more (the budget).
 *
 *   npm run bench:schedule -- [--runs 5]
 */
import { parseArgs } from 'node:util'
import { generateSchedule, type Schedule, type ScheduleRequest, type Slot } from '../../src/server/features/schedule/generator.ts'
import { addDays } from '../../src/shared/registration-window.ts'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Math.max(1, Number(args.runs))
const BUDGET_MS = 2000
const FIRST_MONDAY = '2027-01-04'
/** Tuesday and Thursday, as days after Monday. */
const NIGHTS = [1, 3]
const START_TIMES = ['19:00', '20:00', '21:00']

function leagueRequest(teams: number, weeks: number, courts: number): ScheduleRequest {
  const teamIds = Array.from({ length: teams }, (_, i) => `team-${String(i + 1).padStart(2, '0')}`)
  const dates = Array.from({ length: weeks }, (_, w) => NIGHTS.map((night) => addDays(FIRST_MONDAY, 7 * w + night))).flat()
  const slots: Slot[] = dates.flatMap((date) => START_TIMES.flatMap((startTime) => Array.from({ length: courts }, (_, c) => ({ date, startTime, areaId: `court-${c + 1}` }))))
  const blackouts = Object.fromEntries(teamIds.filter((_, i) => i % 4 === 0).map((teamId, k) => [teamId, [dates[(5 * k + 2) % dates.length]!]]))
  return { teamIds, slots, count: { kind: 'weeks', weeks }, blackouts }
}

const gap = (values: number[]) => Math.max(...values) - Math.min(...values)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

interface Row {
  teams: number
  weeks: number
  courts: number
  slots: number
  medianMs: number
  slowestMs: number
  games: number
  unplaced: number
  gaps: { games: number; earliest: number; latest: number; byes: number; court: number }
  blackouts: { asked: number; broken: number }
}

function measure(teams: number, weeks: number, courts: number): Row {
  const request = leagueRequest(teams, weeks, courts)
  let schedule: Schedule = generateSchedule(request)
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    schedule = generateSchedule(request)
    times.push(performance.now() - started)
  }
  const { spread } = schedule
  const courtIds = Object.keys(spread[0]!.areas)
  return {
    teams,
    weeks,
    courts,
    slots: request.slots.length,
    medianMs: median(times),
    slowestMs: Math.max(...times),
    games: schedule.games.length,
    unplaced: schedule.unplaced.length,
    gaps: {
      games: gap(spread.map((row) => row.games)),
      earliest: gap(spread.map((row) => row.earliest)),
      latest: gap(spread.map((row) => row.latest)),
      byes: gap(spread.map((row) => row.byes)),
      court: Math.max(...courtIds.map((court) => gap(spread.map((row) => row.areas[court]!)))),
    },
    blackouts: { asked: Object.values(request.blackouts).flat().length, broken: schedule.blackoutsBroken.length },
  }
}

// The first leagues would otherwise also time the compiler warming up to the generator.
for (let i = 0; i < 3; i++) generateSchedule(leagueRequest(24, 12, 3))
const rows: Row[] = []
for (const teams of [6, 12, 24, 25]) for (const weeks of [8, 12]) for (const courts of [1, 2, 3]) rows.push(measure(teams, weeks, courts))

console.log(`Median of ${runs} runs after one warm-up. Gaps are max - min over the teams.\n`)
console.log('| Teams | Weeks | Courts | Slots | Median | Games | Unplaced | Gap: games | earliest | latest | byes | one court | Blackouts broken |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const row of rows) {
  const g = row.gaps
  console.log(`| ${row.teams} | ${row.weeks} | ${row.courts} | ${row.slots} | ${row.medianMs.toFixed(1)} ms | ${row.games} | ${row.unplaced} | ${g.games} | ${g.earliest} | ${g.latest} | ${g.byes} | ${g.court} | ${row.blackouts.broken} of ${row.blackouts.asked} |`)
}
console.log(JSON.stringify({ runs, rows }))

const budgeted = rows.find((row) => row.teams === 24 && row.weeks === 12 && row.courts === 3)!
if (budgeted.slowestMs >= BUDGET_MS) {
  console.error(`24 teams × 12 weeks × 3 courts took ${budgeted.slowestMs.toFixed(0)} ms: the budget is ${BUDGET_MS} ms.`)
  process.exitCode = 1
} else {
  console.log(`24 teams × 12 weeks × 3 courts: slowest run ${budgeted.slowestMs.toFixed(1)} ms, within ${BUDGET_MS} ms.`)
}
