import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { readGameNights, readSchedule } from '../../shared/contracts/schedule.ts'
import { readOf } from './read-of.ts'

/** A team league's game nights, count of games and standings rules, for admins (null until set). */
export const gameNightsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['admin', 'leagues', leagueId, 'game-nights'],
    ...readOf<typeof readGameNights>('/api/admin/leagues/:leagueId/game-nights', { params: { leagueId } }),
  })

/** A team league's schedule, draft or published, with the rules its games break and the free slots. */
export const scheduleQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['admin', 'leagues', leagueId, 'schedule'],
    ...readOf<typeof readSchedule>('/api/admin/leagues/:leagueId/schedule', { params: { leagueId } }),
  })

/** The league's game nights or games changed: both read again (the free slots follow the game nights). */
export function scheduleChanged(client: QueryClient, leagueId: string): void {
  void client.invalidateQueries({ queryKey: ['admin', 'leagues', leagueId] })
}
