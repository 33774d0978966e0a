import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { readScoreSheet, readStandings, recordScore } from '../../../shared/contracts/scores.ts'
import type { ScoreInput } from '../../../shared/schemas/scores.ts'
import { call } from '../../lib/endpoint.ts'
import { readOf } from '../../queries/read-of.ts'

/** The scorer's sheet: the leagues with a published schedule and one league's games (the first with a game today when none is named). */
export const scoreSheetQuery = (leagueId: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'scores', leagueId ?? ''],
    ...readOf<typeof readScoreSheet>('/api/admin/scores', { query: { leagueId } }),
  })

/** The league's standings as everyone reads them, beside the scores that make them. */
export const scoreStandingsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['admin', 'scores', leagueId, 'standings'],
    ...readOf<typeof readStandings>('/api/leagues/:leagueId/standings', { params: { leagueId } }),
  })

/** Enters, corrects or clears a game's result; the sheet and the standings are read again either way (a refusal brings the result now). */
export function useRecordScore(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ gameId, body }: { gameId: string; body: ScoreInput }) => call<typeof recordScore>('POST', '/api/admin/leagues/:leagueId/games/:gameId/score', { params: { leagueId, gameId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'scores'] }),
  })
}
