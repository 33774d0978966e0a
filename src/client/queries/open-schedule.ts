import { queryOptions } from '@tanstack/react-query'
import type { Answer } from '../../shared/contracts/contract.ts'
import type { readLeagueGames, readTeamGames } from '../../shared/contracts/open-schedule.ts'
import type { readStandings } from '../../shared/contracts/scores.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'

/**
 * A team league's published schedule, standings and a team's own games (issue 33): the same for
 * everyone, rendered into the open pages. A result entered or a game moved by staff makes them
 * stale: they are read again when the page is opened again.
 */
export const OPEN_SCHEDULE = ['open-schedule'] as const

export function leagueGamesQuery(leagueId: string) {
  const url = urlOf<typeof readLeagueGames>('/api/leagues/:leagueId/games', { params: { leagueId } })
  return queryOptions({
    queryKey: [...OPEN_SCHEDULE, leagueId, 'games'],
    queryFn: () => api.get<Answer<typeof readLeagueGames>>(url),
    meta: { url, shared: true },
  })
}

export function standingsQuery(leagueId: string) {
  const url = urlOf<typeof readStandings>('/api/leagues/:leagueId/standings', { params: { leagueId } })
  return queryOptions({
    queryKey: [...OPEN_SCHEDULE, leagueId, 'standings'],
    queryFn: () => api.get<Answer<typeof readStandings>>(url),
    meta: { url, shared: true },
  })
}

/** A team's games with its next one: none before the league's schedule is published. */
export function teamGamesQuery(leagueId: string, teamId: string) {
  const url = urlOf<typeof readTeamGames>('/api/leagues/:leagueId/teams/:teamId/games', { params: { leagueId, teamId } })
  return queryOptions({
    queryKey: [...OPEN_SCHEDULE, leagueId, 'team', teamId],
    queryFn: () => api.get<Answer<typeof readTeamGames>>(url),
    meta: { url, shared: true },
  })
}
