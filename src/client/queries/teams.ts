import { queryOptions } from '@tanstack/react-query'
import type { Answer } from '../../shared/contracts/contract.ts'
import type { exportTeams, getInvitation, getPlayer, getTeam, listLeaguePlayers, listTeamLeagues, listTeams, myTeams } from '../../shared/contracts/teams.ts'
import type { readBlackouts } from '../../shared/contracts/blackouts.ts'
import type { Sport } from '../../shared/sports.ts'
import { api } from '../lib/api.ts'
import { call, urlOf } from '../lib/endpoint.ts'
import { readOf } from './read-of.ts'

/** Everything a team change may change: leagues' team places, the teams themselves, your teams. */
export const TEAMS = ['teams'] as const

/** The team leagues open for new teams (of a sport): public, rendered into /adultBasketball. */
export function teamLeaguesQuery(sport: Sport | null) {
  const url = urlOf<typeof listTeamLeagues>('/api/leagues/teams', { query: sport ? { sport } : {} })
  return queryOptions({
    queryKey: [...TEAMS, 'leagues', sport ?? 'all'],
    queryFn: () => api.get<Answer<typeof listTeamLeagues>>(url),
    meta: { url, shared: true },
  })
}

/** A team with its roster, as the viewer may see it (404 for anyone else). */
export const teamQuery = (leagueId: string, teamId: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'team', leagueId, teamId],
    ...readOf<typeof getTeam>('/api/leagues/:leagueId/teams/:teamId', { params: { leagueId, teamId } }),
  })

/** A team's blackout dates, as its captain keeps them, with its season and how many it may ask for. */
export const blackoutsQuery = (leagueId: string, teamId: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'blackouts', leagueId, teamId],
    ...readOf<typeof readBlackouts>('/api/leagues/:leagueId/teams/:teamId/blackouts', { params: { leagueId, teamId } }),
  })

/** What an invite link offers. */
export const invitationQuery = (leagueId: string, teamId: string, invite: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'invitation', leagueId, teamId, invite],
    queryFn: () => call<typeof getInvitation>('GET', '/api/leagues/:leagueId/teams/:teamId/invitation', { params: { leagueId, teamId }, query: { invite } }),
    retry: false,
  })

/** The teams the signed-in person captains or plays on. */
export const myTeamsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'mine', userId],
    ...readOf<typeof myTeams>('/api/teams/mine'),
  })

/** Every team (of one league, or all: ''), for staff. */
export const teamSummariesQuery = (leagueId: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'admin', leagueId],
    ...readOf<typeof listTeams>('/api/admin/teams', { query: leagueId ? { leagueId } : {} }),
  })

/** Where the staff's CSV of the same list downloads from. */
export const teamsCsvUrl = (leagueId: string) => urlOf<typeof exportTeams>('/api/admin/teams.csv', { query: leagueId ? { leagueId } : {} })

/** A team league's rosters and the free agents to place, for staff. */
export const leaguePlayersQuery = (leagueId: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'players', leagueId],
    ...readOf<typeof listLeaguePlayers>('/api/admin/leagues/:leagueId/players', { params: { leagueId } }),
  })

/** A player on a roster (staff and the player). */
export const playerQuery = (leagueId: string, teamId: string, playerId: string) =>
  queryOptions({
    queryKey: [...TEAMS, 'player', leagueId, teamId, playerId],
    ...readOf<typeof getPlayer>('/api/leagues/:leagueId/teams/:teamId/players/:playerId', { params: { leagueId, teamId, playerId } }),
  })
