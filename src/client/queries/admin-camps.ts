import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listAdminCamps, listCampParticipants } from '../../shared/contracts/camps.ts'
import { campsQuery } from './camps.ts'
import { readOf } from './read-of.ts'

/** Every camp with its days, places and waitlist, for staff. */
export const adminCampsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'camps'],
    ...readOf<typeof listAdminCamps>('/api/admin/camps'),
  })

/** A camp's children and waitlist, for staff; under the staff's camps, so a change to either reads both again. */
export const campParticipantsQuery = (campId: string) =>
  queryOptions({
    queryKey: [...adminCampsQuery().queryKey, campId, 'participants'],
    ...readOf<typeof listCampParticipants>('/api/admin/camps/:campId/participants', { params: { campId } }),
  })

/** A camp was created or changed, or a place in one: the staff lists and the Camps page read it again. */
export function campsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: adminCampsQuery().queryKey })
  void client.invalidateQueries({ queryKey: campsQuery().queryKey })
}
