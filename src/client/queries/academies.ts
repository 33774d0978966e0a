import { queryOptions } from '@tanstack/react-query'
import type { listAcademies } from '../../shared/contracts/academies.ts'
import type { Answer } from '../../shared/contracts/contract.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'

/** The academies open for registration: public, rendered into the page. */
export function academiesQuery() {
  const url = urlOf<typeof listAcademies>('/api/academies/active')
  return queryOptions({
    queryKey: ['academies', 'active'],
    queryFn: () => api.get<Answer<typeof listAcademies>>(url),
    meta: { url, shared: true },
  })
}
