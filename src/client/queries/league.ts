import { queryOptions } from '@tanstack/react-query'
import type { readLeague } from '../../shared/contracts/leagues.ts'
import { readOf } from './read-of.ts'

/** One league's name, dates and price, for its league page. */
export const leagueQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['leagues', 'one', leagueId],
    ...readOf<typeof readLeague>('/api/leagues/:leagueId', { params: { leagueId } }),
  })
