import { queryOptions } from '@tanstack/react-query'
import type { readLeague } from '../../shared/contracts/leagues.ts'
import { call } from '../lib/endpoint.ts'

/** One league's name, dates and price, for its league page. */
export const leagueQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['leagues', 'one', leagueId],
    queryFn: () => call<typeof readLeague>('GET', '/api/leagues/:leagueId', { params: { leagueId } }),
  })
