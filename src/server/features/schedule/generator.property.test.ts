import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addDays } from '../../../shared/registration-window.ts'
import { generateSchedule, scheduleProblems, weekOf, type GameCount, type Schedule, type ScheduledGame, type ScheduleRequest, type Slot } from './generator.ts'

/**
 * The schedule generator's promises (issue 33), over random leagues: 2 to 13 teams, 1 to 8 weeks
 * of one to three game nights, one to four start times and one to three playing areas, some slots
 * taken by other programs, random captains' blackout dates, and every kind of game count.
 */

const FIRST_MONDAY = '2027-01-04'

interface League {
  teams: number
  weeks: number
  /** ISO weekdays of the game nights, 1 is Monday. */
  nights: number[]
  times: number
  areas: number
  /** One number a slot; a slot whose number is 0 was booked by another program. */
  kept: number[]
  count: GameCount
  /** Per team, indexes into the league's dates. */
  blackouts: number[][]
}

const TIMES = ['18:00', '19:00', '20:00', '21:00']

function leagueDates(league: Pick<League, 'weeks' | 'nights'>): string[] {
  return Array.from({ length: league.weeks }, (_, w) => league.nights.map((night) => addDays(FIRST_MONDAY, 7 * w + night - 1))).flat()
}

function requestFor(league: League): ScheduleRequest {
  const teamIds = Array.from({ length: league.teams }, (_, i) => `team-${String(i).padStart(2, '0')}`)
  const dates = leagueDates(league)
  const slots: Slot[] = []
  for (const date of dates) {
    for (const startTime of TIMES.slice(0, league.times)) {
      for (let area = 1; area <= league.areas; area++) {
        if (league.kept[slots.length % league.kept.length] !== 0) slots.push({ date, startTime, areaId: `court-${area}` })
      }
    }
  }
  const blackouts = Object.fromEntries(teamIds.map((id, i) => [id, (league.blackouts[i] ?? []).map((d) => dates[d % dates.length]!)]))
  return { teamIds, slots, count: league.count, blackouts }
}

const countArb: fc.Arbitrary<GameCount> = fc.oneof(
  fc.record({ kind: fc.constant('round-robin' as const), meetings: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('weeks' as const), weeks: fc.integer({ min: 1, max: 10 }) }),
)

function leagueArb(options: { booked: boolean; blackouts: boolean; teams?: { min: number; max: number }; weeks?: { min: number; max: number } }): fc.Arbitrary<League> {
  return fc.record({
    teams: fc.integer(options.teams ?? { min: 2, max: 13 }),
    weeks: fc.integer(options.weeks ?? { min: 1, max: 8 }),
    nights: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 }).map((nights) => nights.sort()),
    times: fc.integer({ min: 1, max: 4 }),
    areas: fc.integer({ min: 1, max: 3 }),
    kept: options.booked ? fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 40 }) : fc.constant([1]),
    count: countArb,
    blackouts: options.blackouts ? fc.array(fc.array(fc.nat({ max: 30 }), { maxLength: 4 }), { maxLength: 13 }) : fc.constant([]),
  })
}

/** Every week whose slots take a whole round: the generator then places every game of its rounds. */
const slotsSuffice = (league: League) => league.nights.length * league.times * league.areas >= Math.floor(league.teams / 2)

/** Rounds in one cycle of the circle method. */
const cycleLength = (teams: number) => teams + (teams % 2) - 1
const roundsNeeded = (league: Pick<League, 'teams' | 'count'>) => (league.count.kind === 'round-robin' ? league.count.meetings * cycleLength(league.teams) : league.count.weeks)

const spreadOf = (schedule: Schedule, field: 'games' | 'earliest' | 'latest' | 'byes') => {
  const values = schedule.spread.map((row) => row[field])
  return Math.max(...values) - Math.min(...values)
}

const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`)

describe('the generated schedule', () => {
  test('no team plays twice on a date (so never twice at once), no slot holds two games, and every game is in a slot of the request', () => {
    fc.assert(
      fc.property(leagueArb({ booked: true, blackouts: true }), (league) => {
        const request = requestFor(league)
        const { games } = generateSchedule(request)
        const free = new Set(request.slots.map((slot) => `${slot.date} ${slot.startTime} ${slot.areaId}`))
        const taken = games.map((game) => `${game.date} ${game.startTime} ${game.areaId}`)
        expect(taken.filter((slot) => !free.has(slot))).toEqual([])
        expect(new Set(taken).size).toBe(games.length)
        const teamDates = games.flatMap((game) => [`${game.homeTeamId} ${game.date}`, `${game.awayTeamId} ${game.date}`])
        expect(new Set(teamDates).size).toBe(teamDates.length)
        const teamWeeks = games.flatMap((game) => [`${game.homeTeamId} ${weekOf(game.date)}`, `${game.awayTeamId} ${weekOf(game.date)}`])
        expect(new Set(teamWeeks).size).toBe(teamWeeks.length)
        expect(games.every((game) => game.homeTeamId !== game.awayTeamId)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  test('when each week has room for a round, every team plays within one game of every other and only rounds without a week are unplaced', () => {
    fc.assert(
      fc.property(leagueArb({ booked: false, blackouts: true }).filter(slotsSuffice), (league) => {
        const schedule = generateSchedule(requestFor(league))
        expect(spreadOf(schedule, 'games')).toBeLessThanOrEqual(1)
        const gamesPerRound = Math.floor(league.teams / 2)
        expect(schedule.unplaced.length).toBe(Math.max(0, roundsNeeded(league) - league.weeks) * gamesPerRound)
        expect(schedule.games.length + schedule.unplaced.length).toBe(roundsNeeded(league) * gamesPerRound)
      }),
      { numRuns: 300 },
    )
  })

  test('in a round robin with the weeks and slots it needs, every pair meets once, or twice with each team home once', () => {
    fc.assert(
      fc.property(
        leagueArb({ booked: false, blackouts: true, weeks: { min: 1, max: 26 } }).filter((league) => slotsSuffice(league) && league.count.kind === 'round-robin' && league.weeks >= roundsNeeded(league)),
        (league) => {
          const { games, unplaced } = generateSchedule(requestFor(league))
          expect(unplaced).toEqual([])
          const meetings = league.count.kind === 'round-robin' ? league.count.meetings : 0
          const met = new Map<string, ScheduledGame[]>()
          for (const game of games) met.set(pairKey(game.homeTeamId, game.awayTeamId), [...(met.get(pairKey(game.homeTeamId, game.awayTeamId)) ?? []), game])
          expect(met.size).toBe((league.teams * (league.teams - 1)) / 2)
          for (const pair of met.values()) {
            expect(pair).toHaveLength(meetings)
            if (meetings === 2) expect(pair[0]!.homeTeamId).toBe(pair[1]!.awayTeamId)
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  test('over N weeks of repeated rounds, each pair meets as often as every other, within one', () => {
    fc.assert(
      fc.property(
        leagueArb({ booked: false, blackouts: false, weeks: { min: 1, max: 30 } }).filter((league) => slotsSuffice(league) && league.count.kind === 'weeks'),
        (league) => {
          const request = requestFor(league)
          const { games } = generateSchedule(request)
          const met = new Map<string, number>()
          for (const [i, a] of request.teamIds.entries()) for (const b of request.teamIds.slice(i + 1)) met.set(pairKey(a, b), 0)
          for (const game of games) met.set(pairKey(game.homeTeamId, game.awayTeamId), met.get(pairKey(game.homeTeamId, game.awayTeamId))! + 1)
          const times = [...met.values()]
          expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(1)
        },
      ),
      { numRuns: 200 },
    )
  })

  test('with an odd number of teams one team a week has a bye, and byes are spread within one; with an even number there are none', () => {
    fc.assert(
      fc.property(leagueArb({ booked: true, blackouts: true }), (league) => {
        const request = requestFor(league)
        const schedule = generateSchedule(request)
        const weeksPlayed = Math.min(roundsNeeded(league), new Set(request.slots.map((slot) => weekOf(slot.date))).size)
        if (league.teams % 2 === 0) {
          expect(schedule.byes).toEqual([])
        } else {
          expect(schedule.byes.map((bye) => bye.week)).toEqual([...new Set(request.slots.map((slot) => weekOf(slot.date)))].sort().slice(0, weeksPlayed))
          expect(spreadOf(schedule, 'byes')).toBeLessThanOrEqual(1)
        }
        for (const bye of schedule.byes) {
          expect(schedule.games.some((game) => weekOf(game.date) === bye.week && (game.homeTeamId === bye.teamId || game.awayTeamId === bye.teamId))).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })

  /**
   * Two, not one: a game puts both its teams in the same slot, and each week is assigned given the
   * others, so a pair that both need fewer early games cannot always both get them. Over 4000
   * random leagues without blackouts (teams 2-26, weeks 1-14, tight slots) the widest gap among
   * teams with the same number of games was 2, for the earliest, the latest and every area.
   */
  test('the earliest and latest games of the nights and the playing areas are shared within two between teams with the same number of games', () => {
    fc.assert(
      fc.property(leagueArb({ booked: false, blackouts: false, teams: { min: 2, max: 24 }, weeks: { min: 1, max: 12 } }).filter(slotsSuffice), (league) => {
        const schedule = generateSchedule(requestFor(league))
        const shares: ((row: Schedule['spread'][number]) => number)[] = [(row) => row.earliest, (row) => row.latest, ...Object.keys(schedule.spread[0]!.areas).map((area) => (row: Schedule['spread'][number]) => row.areas[area]!)]
        for (const share of shares) {
          for (const games of new Set(schedule.spread.map((row) => row.games))) {
            const values = schedule.spread.filter((row) => row.games === games).map(share)
            expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(2)
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  test('the blackouts broken are listed, each once, and none else', () => {
    fc.assert(
      fc.property(leagueArb({ booked: true, blackouts: true }), (league) => {
        const request = requestFor(league)
        const schedule = generateSchedule(request)
        const broken = schedule.games.flatMap((game) => [game.homeTeamId, game.awayTeamId].filter((team) => request.blackouts[team]!.includes(game.date)).map((teamId) => ({ teamId, date: game.date })))
        expect(sortedBlackouts(schedule.blackoutsBroken)).toEqual(sortedBlackouts(broken))
      }),
      { numRuns: 300 },
    )
  })

  test('a blackout is kept whenever the week has another night with room for the whole round', () => {
    fc.assert(
      fc.property(
        leagueArb({ booked: false, blackouts: false }).filter((league) => league.nights.length === 3 && league.times * league.areas >= Math.floor(league.teams / 2)),
        fc.array(fc.array(fc.nat({ max: 2 }), { maxLength: 1 }), { maxLength: 13 }),
        fc.array(fc.nat({ max: 7 }), { maxLength: 13 }),
        (league, nightOfTeam, weekOfTeam) => {
          // Each team blacks out at most one night a week: every game then has a night both teams can play.
          const blackouts = nightOfTeam.map((nights, team) => nights.map((night) => (weekOfTeam[team] ?? 0) * 3 + night))
          const schedule = generateSchedule(requestFor({ ...league, blackouts }))
          expect(schedule.blackoutsBroken).toEqual([])
        },
      ),
      { numRuns: 200 },
    )
  })

  test('with an odd number of teams, a team that blacked out a whole week has its bye that week when it can', () => {
    const teamIds = ['a', 'b', 'c', 'd', 'e']
    const slots = [0, 1, 2, 3, 4].flatMap((week) => ['19:00', '20:00'].map((startTime) => ({ date: addDays(FIRST_MONDAY, 7 * week + 1), startTime, areaId: 'court' })))
    const schedule = generateSchedule({ teamIds, slots, count: { kind: 'round-robin', meetings: 1 }, blackouts: { a: [addDays(FIRST_MONDAY, 7 * 2 + 1)], d: [addDays(FIRST_MONDAY, 1)] } })
    expect(schedule.blackoutsBroken).toEqual([])
    expect(schedule.byes).toContainEqual({ teamId: 'a', week: addDays(FIRST_MONDAY, 14) })
    expect(schedule.byes).toContainEqual({ teamId: 'd', week: FIRST_MONDAY })
  })

  test('the same request gives the same schedule, whatever the order of its slots', () => {
    fc.assert(
      fc.property(leagueArb({ booked: true, blackouts: true }), fc.nat(), (league, seed) => {
        const request = requestFor(league)
        const once = generateSchedule(request)
        expect(generateSchedule(structuredClone(request))).toEqual(once)
        const shuffled = request.slots.map((slot, i) => ({ slot, key: (i * 7919 + seed) % 10007 })).sort((a, b) => a.key - b.key)
        expect(generateSchedule({ ...request, slots: shuffled.map(({ slot }) => slot) })).toEqual(once)
      }),
      { numRuns: 100 },
    )
  })

  test('24 teams over 12 weeks on 3 courts, two nights a week from 19:00 to 22:00: every game placed, well under 2 seconds', () => {
    const request = requestFor({ teams: 24, weeks: 12, nights: [2, 4], times: 4, areas: 3, kept: [1], count: { kind: 'weeks', weeks: 12 }, blackouts: [[1], [2], [], [5, 8]] })
    const started = performance.now()
    const schedule = generateSchedule(request)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(schedule.games).toHaveLength(144)
    expect(schedule.unplaced).toEqual([])
    expect(schedule.blackoutsBroken).toEqual([])
    expect(spreadOf(schedule, 'games')).toBe(0)
  })
})

function sortedBlackouts(list: readonly { teamId: string; date: string }[]): string[] {
  return list.map(({ teamId, date }) => `${date} ${teamId}`).sort()
}

describe('the rules a hand-made change breaks', () => {
  const names = (request: ScheduleRequest) => Object.fromEntries(request.teamIds.map((id) => [id, `Name of ${id}`]))
  /** A league whose schedule has at least two games. */
  const scheduled = leagueArb({ booked: true, blackouts: true })
    .map((league) => {
      const request = requestFor(league)
      return { request, schedule: generateSchedule(request) }
    })
    .filter(({ schedule }) => schedule.games.length >= 2)

  test("the generator's own schedule breaks none but the blackouts it lists", () => {
    fc.assert(
      fc.property(scheduled, ({ request, schedule }) => {
        const problems = scheduleProblems(schedule.games, request, names(request))
        expect(problems.every((problem) => problem.rule === 'blackout')).toBe(true)
        const listed = problems.map((problem) => {
          const game = schedule.games[problem.gameIndexes[0]!]!
          const teamId = [game.homeTeamId, game.awayTeamId].find((team) => problem.message.startsWith(`Name of ${team} `))!
          return { teamId, date: game.date }
        })
        expect(sortedBlackouts(listed)).toEqual(sortedBlackouts(schedule.blackoutsBroken))
      }),
      { numRuns: 200 },
    )
  })

  test('a game moved to a time that is no slot is found', () => {
    fc.assert(
      fc.property(scheduled, fc.nat(), ({ request, schedule }, pick) => {
        const i = pick % schedule.games.length
        const games = schedule.games.map((game, j) => (j === i ? { ...game, startTime: '23:30' } : game))
        const problems = scheduleProblems(games, request, names(request))
        expect(problems.filter((problem) => problem.rule !== 'blackout')).toEqual([
          { rule: 'not-a-slot', message: expect.stringContaining(`Name of ${games[i]!.homeTeamId} v Name of ${games[i]!.awayTeamId} on `) as string, gameIndexes: [i] },
        ])
      }),
      { numRuns: 100 },
    )
  })

  test("a game moved into another game's slot is found, and so is a team then playing twice", () => {
    fc.assert(
      fc.property(scheduled, fc.nat(), fc.nat(), ({ request, schedule }, pickI, pickJ) => {
        const i = pickI % schedule.games.length
        const j = (i + 1 + (pickJ % (schedule.games.length - 1))) % schedule.games.length
        const target = schedule.games[i]!
        const games = schedule.games.map((game, k) => (k === j ? { ...game, date: target.date, startTime: target.startTime, areaId: target.areaId } : game))
        const problems = scheduleProblems(games, request, names(request))
        expect(problems).toContainEqual({ rule: 'slot-taken', message: expect.stringContaining(' are on the same playing area on ') as string, gameIndexes: [Math.min(i, j), Math.max(i, j)] })
        const moved = games[j]!
        const withATeamOfMoved = games.filter((game, k) => k !== j && game.date === moved.date && [game.homeTeamId, game.awayTeamId].some((team) => team === moved.homeTeamId || team === moved.awayTeamId))
        expect(problems.some((problem) => problem.rule === 'team-twice-at-once')).toBe(withATeamOfMoved.some((game) => game.startTime === moved.startTime))
        const twiceOnTheDay = withATeamOfMoved.some((game) => game.startTime !== moved.startTime)
        expect(problems.some((problem) => problem.rule === 'team-twice-on-a-day')).toBe(twiceOnTheDay)
      }),
      { numRuns: 200 },
    )
  })

  test('a team put in two games at once, or on two games of one night, is found', () => {
    const request: ScheduleRequest = {
      teamIds: ['a', 'b', 'c', 'd'],
      slots: ['19:00', '20:00'].flatMap((startTime) => ['court-1', 'court-2'].map((areaId) => ({ date: '2027-01-05', startTime, areaId }))),
      count: { kind: 'round-robin', meetings: 1 },
      blackouts: {},
    }
    const game = (home: string, away: string, startTime: string, areaId: string) => ({ homeTeamId: home, awayTeamId: away, date: '2027-01-05', startTime, areaId })
    const teamNames = { a: 'Lakers', b: 'Celtics', c: 'Bulls', d: 'Heat' }
    expect(scheduleProblems([game('a', 'b', '19:00', 'court-1'), game('a', 'c', '19:00', 'court-2')], request, teamNames)).toEqual([
      { rule: 'team-twice-at-once', message: 'Lakers would play 2 games at once, on 1/5/2027 at 7:00 PM.', gameIndexes: [0, 1] },
    ])
    expect(scheduleProblems([game('a', 'b', '19:00', 'court-1'), game('c', 'a', '20:00', 'court-2'), game('c', 'd', '19:00', 'court-2')], request, teamNames)).toEqual([
      { rule: 'team-twice-on-a-day', message: 'Lakers would play 2 games on 1/5/2027.', gameIndexes: [0, 1] },
      { rule: 'team-twice-on-a-day', message: 'Bulls would play 2 games on 1/5/2027.', gameIndexes: [1, 2] },
    ])
    expect(scheduleProblems([game('a', 'b', '19:00', 'court-1'), game('c', 'd', '19:00', 'court-1')], request, teamNames)).toEqual([
      { rule: 'slot-taken', message: 'Lakers v Celtics and Bulls v Heat are on the same playing area on 1/5/2027 at 7:00 PM.', gameIndexes: [0, 1] },
    ])
  })

  test("a game moved onto a team's blackout date is found", () => {
    fc.assert(
      fc.property(scheduled, fc.nat(), fc.boolean(), ({ request, schedule }, pick, home) => {
        const i = pick % schedule.games.length
        const game = schedule.games[i]!
        const teamId = home ? game.homeTeamId : game.awayTeamId
        const blackouts = { ...request.blackouts, [teamId]: [...request.blackouts[teamId]!, game.date] }
        const problems = scheduleProblems(schedule.games, { ...request, blackouts }, names(request))
        expect(problems).toContainEqual({ rule: 'blackout', message: expect.stringContaining(`Name of ${teamId} asked not to play on `) as string, gameIndexes: [i] })
      }),
      { numRuns: 100 },
    )
  })
})
