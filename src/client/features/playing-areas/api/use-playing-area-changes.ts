import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { changePlayingArea, createPlayingArea, deletePlayingArea } from '../../../../shared/contracts/schedule.ts'
import type { Sport } from '../../../../shared/sports.ts'
import { call } from '../../../lib/endpoint.ts'
import { playingAreasChanged } from '../../../queries/playing-areas.ts'

export interface PlayingAreaValues {
  name: string
  sports: Sport[]
}

/** Adds a playing area, or saves one's name and sports; the list reads it again either way. */
export function useSavePlayingArea() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ areaId, values }: { areaId: string | null; values: PlayingAreaValues }) =>
      areaId === null
        ? (await call<typeof createPlayingArea>('POST', '/api/admin/playing-areas', { body: values })).area
        : (await call<typeof changePlayingArea>('POST', '/api/admin/playing-areas/:areaId', { params: { areaId }, body: values })).area,
    onSettled: () => playingAreasChanged(client),
  })
}

/** Deletes a playing area no game and no league uses (the server says which otherwise). */
export function useDeletePlayingArea() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (areaId: string) => call<typeof deletePlayingArea>('POST', '/api/admin/playing-areas/:areaId/delete', { params: { areaId } }),
    onSettled: () => playingAreasChanged(client),
  })
}
