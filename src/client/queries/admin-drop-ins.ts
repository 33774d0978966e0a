import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listAdminDropIns, listDropInParticipants } from '../../shared/contracts/drop-ins.ts'
import { dropInsQuery } from './drop-ins.ts'
import { readOf } from './read-of.ts'

/** Every drop-in session with its spots, places taken and people checked in, for staff. */
export const adminDropInsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'drop-ins'],
    ...readOf<typeof listAdminDropIns>('/api/admin/drop-ins'),
  })

/** A drop-in's headcount, people and waitlist, for staff; under the staff's drop-ins, so a change to either reads both again. */
export const dropInParticipantsQuery = (dropInId: string) =>
  queryOptions({
    queryKey: [...adminDropInsQuery().queryKey, dropInId, 'participants'],
    ...readOf<typeof listDropInParticipants>('/api/admin/drop-ins/:dropInId/participants', { params: { dropInId } }),
  })

/** A drop-in was created or changed, or a place in one: the staff lists and the Drop-in Sessions page read it again. */
export function dropInsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: adminDropInsQuery().queryKey }), client.invalidateQueries({ queryKey: dropInsQuery().queryKey })])
}
