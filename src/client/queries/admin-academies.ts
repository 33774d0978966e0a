import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { listAdminAcademies } from '../../shared/contracts/academies.ts'
import { academiesQuery } from './academies.ts'
import { readOf } from './read-of.ts'

/** Every academy with its schedule, places and waitlist, for staff. */
export const adminAcademiesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'academies'],
    ...readOf<typeof listAdminAcademies>('/api/admin/academies'),
  })

/** An academy was created or changed: the staff list and the Academies page read it again. */
export function academiesChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: adminAcademiesQuery().queryKey })
  void client.invalidateQueries({ queryKey: academiesQuery().queryKey })
}
