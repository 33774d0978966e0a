import { queryOptions } from '@tanstack/react-query'
import type { readWaiver } from '../../shared/contracts/waiver.ts'
import type { Answer } from '../../shared/contracts/contract.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'

/**
 * The current waiver with the caller's signatures of it (none for a visitor). Keyed by the
 * person, so one person's signatures are never shown to another in the same browser.
 */
export function waiverQuery(userId: string | null) {
  const url = urlOf<typeof readWaiver>('/api/waiver')
  return queryOptions({
    queryKey: userId ? ['mine', userId, 'waiver'] : ['waiver'],
    queryFn: () => api.get<Answer<typeof readWaiver>>(url),
    // Either is read by the server before it renders a page that opens with it, a person's with
    // their cookie; a visitor's is the same for everyone, so it stays when someone signs out.
    meta: userId ? { url } : { url, shared: true },
  })
}
