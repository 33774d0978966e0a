import { queryOptions } from '@tanstack/react-query'
import type { Answer } from '../../shared/contracts/contract.ts'
import type { dropInReceipt, listDropIns } from '../../shared/contracts/drop-ins.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'
import { readOf } from './read-of.ts'

/** The drop-in sessions open for registration, the soonest first: public, rendered into the page. */
export function dropInsQuery() {
  const url = urlOf<typeof listDropIns>('/api/drop-ins/active')
  return queryOptions({
    queryKey: ['drop-ins', 'active'],
    queryFn: () => api.get<Answer<typeof listDropIns>>(url),
    meta: { url, shared: true },
  })
}

/** A person's receipt for a drop-in: every place they or their children took in it; 404 alike when missing or not theirs. */
export const dropInReceiptQuery = ({ userId, dropInId }: { userId: string; dropInId: string }) =>
  queryOptions({
    queryKey: ['receipt', userId, 'drop-in', dropInId],
    ...readOf<typeof dropInReceipt>('/api/receipts/user/:userId/drop-in/:dropInId', { params: { userId, dropInId } }),
  })
