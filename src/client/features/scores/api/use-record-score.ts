import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Answer } from '../../../../shared/contracts/contract.ts'
import type { readScoreSheet, recordScore } from '../../../../shared/contracts/scores.ts'
import type { ScoreInput } from '../../../../shared/schemas/scores.ts'
import { call } from '../../../lib/endpoint.ts'
import { SCORES } from '../../../queries/scores.ts'

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
      client.setQueriesData<Answer<typeof readScoreSheet>>({ queryKey: SCORES, predicate: (q) => q.queryKey.length === SCORES.length + 1 }, (sheet) => sheet && { ...sheet, games: sheet.games.map((g) => (g.id === game.id ? game : g)) }),
    onSettled: () => client.invalidateQueries({ queryKey: SCORES }),
  })
}
