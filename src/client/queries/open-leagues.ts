import { queryOptions } from '@tanstack/react-query'
import type { listOpenLeagues } from '../../shared/contracts/leagues.ts'
import type { Sport } from '../../shared/sports.ts'
import type { Answer } from '../../shared/contracts/contract.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'

/** Every sport's open leagues: what a registration changes. */
export const OPEN_LEAGUES = ['leagues', 'open'] as const

/** The open individual leagues of a sport (or of every sport) with places left: public, rendered into the page. */
export function openLeaguesQuery(sport: Sport | null) {
  const url = urlOf<typeof listOpenLeagues>('/api/leagues/open', { query: sport ? { sport } : {} })
  return queryOptions({
    queryKey: [...OPEN_LEAGUES, sport ?? 'all'],
    queryFn: () => api.get<Answer<typeof listOpenLeagues>>(url),
    meta: { url, shared: true },
  })
}
