import { queryOptions } from '@tanstack/react-query'
import type { readScoreSheet, readStandings } from '../../shared/contracts/scores.ts'
import { readOf } from './read-of.ts'

/** Everything the scorer's page reads: a result entered makes all of it stale. */
export const SCORES = ['admin', 'scores'] as const

/** The scorer's sheet: the leagues with a published schedule and one league's games (the first with a game today when none is named). */
export const scoreSheetQuery = (leagueId: string | undefined) =>
  queryOptions({
    queryKey: [...SCORES, leagueId ?? ''],
    ...readOf<typeof readScoreSheet>('/api/admin/scores', { query: { leagueId } }),
  })

/** The league's standings as everyone reads them, beside the scores that make them. */
export const scoreStandingsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: [...SCORES, leagueId, 'standings'],
    ...readOf<typeof readStandings>('/api/leagues/:leagueId/standings', { params: { leagueId } }),
  })
