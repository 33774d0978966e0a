import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listAdminLeagues } from '../../shared/contracts/leagues.ts'
import { readOf } from './read-of.ts'
import { TEAMS } from './teams.ts'

/** Every league with what staff set on it and its registrations by status. */
export const adminLeaguesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'leagues'],
    ...readOf<typeof listAdminLeagues>('/api/admin/leagues'),
  })

/** A league was created or changed: the staff list and every public list of leagues read it again. */
export function leaguesChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: adminLeaguesQuery().queryKey })
  void client.invalidateQueries({ queryKey: ['leagues'] })
  void client.invalidateQueries({ queryKey: TEAMS })
}
