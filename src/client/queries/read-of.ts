import type { Answer, Contract } from '../../shared/contracts/contract.ts'
import { api } from '../lib/api.ts'
import { urlOf, type Request } from '../lib/endpoint.ts'

/**
 * A query's function and meta for a declared GET route: the server renders a signed-in page with
 * the answers whose address it knows (`meta.url`, render-page.tsx).
 */
export function readOf<C extends Contract>(url: C['url'], request: Pick<Request<C>, 'params' | 'query'> = {}) {
  const target = urlOf<C>(url, request)
  return { queryFn: () => api.get<Answer<C>>(target), meta: { url: target } }
}
