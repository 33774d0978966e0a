import { queryOptions } from '@tanstack/react-query'
import type { campReceipt, listCamps } from '../../shared/contracts/camps.ts'
import type { Answer } from '../../shared/contracts/contract.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'
import { readOf } from './read-of.ts'

/** The camps open for registration: public, rendered into the page. */
export function campsQuery() {
  const url = urlOf<typeof listCamps>('/api/camps/active')
  return queryOptions({
    queryKey: ['camps', 'active'],
    queryFn: () => api.get<Answer<typeof listCamps>>(url),
    meta: { url, shared: true },
  })
}

/** A person's receipt for a camp: every place their children took in it; 404 alike when missing or not theirs. */
export const campReceiptQuery = ({ userId, campId }: { userId: string; campId: string }) =>
  queryOptions({
    queryKey: ['receipt', userId, 'camp', campId],
    ...readOf<typeof campReceipt>('/api/receipts/user/:userId/camp/:campId', { params: { userId, campId } }),
  })
