import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { NewLeague } from '../src/server/features/leagues/leagues.queries.ts'
import type { PlayingArea, Schedule } from '../src/shared/contracts/schedule.ts'
import type { TeamView } from '../src/shared/contracts/teams.ts'
import type { GameNightsInput } from '../src/shared/schemas/schedule.ts'
import type { Sport } from '../src/shared/sports.ts'
import { createLeague, createRegistrant, type TestUser } from './factories.ts'
import type { TestApp } from './test-app.ts'
import { createTeam, join } from './teams.ts'

/** A team league whose teams are Complete as soon as their captain makes them (no fee, a roster of one). */
export function createTeamLeague(ctx: TestApp, overrides: Partial<NewLeague> = {}): Promise<string> {
  return createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 20, rosterMin: 1, rosterMax: 10, teamPayment: 'team-fee', teamFeeCents: 0, ...overrides })
}

/** Teams of the league, each made by a captain of its own, with `players` more players on each. */
export async function createTeams(ctx: TestApp, leagueId: string, names: readonly string[], players = 0): Promise<{ team: TeamView; captain: TestUser; players: TestUser[] }[]> {
  return Promise.all(
    names.map(async (name) => {
      const captain = await createRegistrant(ctx)
      const team = await createTeam(captain, leagueId, name)
      const others = await Promise.all(Array.from({ length: players }, () => createRegistrant(ctx)))
      for (const player of others) expect((await join(player, team)).status).toBe(201)
      return { team, captain, players: others }
    }),
  )
}

export async function createArea(admin: TestUser, sports: Sport[] = ['basketball'], name = `Court ${randomUUID().slice(0, 6)}`): Promise<PlayingArea> {
  const res = await admin.client.post<{ area: PlayingArea }>('/api/admin/playing-areas', { name, sports })
  expect(res.status, res.text).toBe(201)
  return res.body.area
}

/** Game nights on Tuesdays and Thursdays, 18:00 to 20:00 in 60-minute games, a single round robin. */
export function nightsInput(areaIds: string[], overrides: Partial<GameNightsInput> = {}): GameNightsInput {
  return { weekdays: [2, 4], firstGameTime: '18:00', lastGameTime: '20:00', gameMinutes: 60, areaIds, skippedDates: [], gameCount: { kind: 'round-robin', meetings: 1 }, ...overrides }
}

export async function setNights(admin: TestUser, leagueId: string, input: GameNightsInput): Promise<void> {
  const res = await admin.client.post(`/api/admin/leagues/${leagueId}/game-nights`, input)
  expect(res.status, res.text).toBe(200)
}

export async function generate(admin: TestUser, leagueId: string): Promise<Schedule> {
  const res = await admin.client.post<{ schedule: Schedule }>(`/api/admin/leagues/${leagueId}/schedule/generate`, {})
  expect(res.status, res.text).toBe(200)
  return res.body.schedule
}
