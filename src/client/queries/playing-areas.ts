import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listPlayingAreas } from '../../shared/contracts/schedule.ts'
import { readOf } from './read-of.ts'

/** The facility's playing areas, for admins: the courts and fields games are scheduled on. */
export const playingAreasQuery = () =>
  queryOptions({
    queryKey: ['admin', 'playing-areas'],
    ...readOf<typeof listPlayingAreas>('/api/admin/playing-areas'),
  })

/** A playing area was added, changed or deleted: the list reads it again. */
export function playingAreasChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: playingAreasQuery().queryKey })
}
