import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Answer } from '../../../shared/contracts/contract.ts'
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

/**
 * Enters, corrects or clears a game's result. The saved game takes its place in the sheets at once,
 * so a second change sends the new version even before the sheet is read again; the sheet and the
 * standings are read again either way (a refusal brings the result now).
 */
export function useRecordScore(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ gameId, body }: { gameId: string; body: ScoreInput }) => call<typeof recordScore>('POST', '/api/admin/leagues/:leagueId/games/:gameId/score', { params: { leagueId, gameId }, body }),
    onSuccess: ({ game }) =>
      client.setQueriesData<Answer<typeof readScoreSheet>>({ queryKey: ['admin', 'scores'], predicate: (q) => q.queryKey.length === 3 }, (sheet) => sheet && { ...sheet, games: sheet.games.map((g) => (g.id === game.id ? game : g)) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'scores'] }),
  })
}
