import { expect } from 'vitest'
import type { TeamView } from '../src/shared/contracts/teams.ts'
import type { TestUser } from './factories.ts'

/** A captain asks to create a team in a league (the answer, whatever it is). */
export const create = (captain: TestUser, leagueId: string, name: string) => captain.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams`, { name })

/** A captain creates a team, which must be made. */
export async function createTeam(captain: TestUser, leagueId: string, name = `Team ${captain.id.slice(0, 8)}`): Promise<TeamView> {
  const res = await create(captain, leagueId, name)
  expect(res.status, res.text).toBe(201)
  return res.body.team
}

/** The code of the team's invite link, as its captain sees it. */
export const inviteOf = (team: TeamView) => new URL(team.inviteUrl!).searchParams.get('invite')!

export const join = (player: TestUser, team: TeamView, invite = inviteOf(team)) =>
  player.client.post<{ team: TeamView }>(`/api/leagues/${team.leagueId}/teams/${team.id}/players`, { invite })

export const read = (who: TestUser, team: TeamView) => who.client.get<{ team: TeamView }>(`/api/leagues/${team.leagueId}/teams/${team.id}`)
