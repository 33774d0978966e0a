import type { z } from 'zod'
import type { Answer, Contract } from '../../shared/contracts/contract.ts'
import { api } from './api.ts'

/**
 * Calls a declared route (src/shared/contracts) from the browser. The route's URL, params,
 * query, body and answer are checked against its contract when the code compiles — the URL
 * must be the contract's own — while only the types come in, so zod stays out of the bundles.
 */

type Input<S> = S extends z.ZodType ? z.input<S> : undefined
export type Request<C extends Contract> = { params?: Input<C['params']>; query?: Input<C['query']>; body?: Input<C['body']>; headers?: Record<string, string> }

/** `/api/children/:childId` with `{ childId: 'a b' }` → `/api/children/a%20b`, plus the query's set fields. */
export function urlOf<C extends Contract>(url: C['url'], { params, query }: Pick<Request<C>, 'params' | 'query'> = {}): string {
  const path = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')))
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

export function call<C extends Contract>(method: C['method'], url: C['url'], request: Request<C> = {}): Promise<Answer<C>> {
  const target = urlOf<C>(url, request)
  if (method === 'GET') return api.get<Answer<C>>(target)
  return api.post<Answer<C>>(target, request.body ?? {}, { headers: request.headers ?? {} })
}
