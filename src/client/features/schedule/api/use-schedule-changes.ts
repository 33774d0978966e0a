import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { generateSchedule, moveGame, publishSchedule, setGameNights, swapGames } from '../../../../shared/contracts/schedule.ts'
import type { GameNightsInput, MoveGameInput } from '../../../../shared/schemas/schedule.ts'
import { call } from '../../../lib/endpoint.ts'
import { scheduleChanged } from '../../../queries/schedule.ts'

/** Saves the league's game nights, count of games and standings rules. */
export function useSetGameNights(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: GameNightsInput) => call<typeof setGameNights>('POST', '/api/admin/leagues/:leagueId/game-nights', { params: { leagueId }, body }),
    onSettled: () => scheduleChanged(client, leagueId),
  })
}

/** Makes a draft from the game nights, answered with each team's spread and what could not be placed. */
export function useGenerateSchedule(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => call<typeof generateSchedule>('POST', '/api/admin/leagues/:leagueId/schedule/generate', { params: { leagueId }, body: {} }),
    onSettled: () => scheduleChanged(client, leagueId),
  })
}

/** Moves a game to a free slot, answered with the rules it breaks there. */
export function useMoveGame(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ gameId, to }: { gameId: string; to: MoveGameInput }) =>
      call<typeof moveGame>('POST', '/api/admin/leagues/:leagueId/schedule/games/:gameId/move', { params: { leagueId, gameId }, body: to }),
    onSettled: () => scheduleChanged(client, leagueId),
  })
}

/** Swaps the slots of two games, answered with the rules they break there. */
export function useSwapGames(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (gameIds: [string, string]) => call<typeof swapGames>('POST', '/api/admin/leagues/:leagueId/schedule/swap', { params: { leagueId }, body: { gameIds } }),
    onSettled: () => scheduleChanged(client, leagueId),
  })
}

/** Publishes the schedule: from then on each change is emailed to the teams it moves. */
export function usePublishSchedule(leagueId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => call<typeof publishSchedule>('POST', '/api/admin/leagues/:leagueId/schedule/publish', { params: { leagueId }, body: {} }),
    onSettled: () => scheduleChanged(client, leagueId),
  })
}
