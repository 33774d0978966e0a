import { useQuery } from '@tanstack/react-query'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { ApiError } from '../../lib/api.ts'
import { receiptQuery, type ReceiptIds } from '../../queries/receipt.ts'

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'found'; receipt: Receipt }
  /** The server answers 404 alike for a receipt that does not exist and one that is not yours. */
  | { status: 'not-found' }
  | { status: 'failed'; message: string }

export function useReceipt(ids: ReceiptIds): ReceiptState {
  // Another receipt's answer is never shown for this one while it loads: each has its own key.
  const { data, error } = useQuery(receiptQuery(ids))
  if (data) return { status: 'found', receipt: data.receipt }
  if (error instanceof ApiError && error.status === 404) return { status: 'not-found' }
  if (error) return { status: 'failed', message: error instanceof ApiError ? error.message : 'The receipt could not be loaded. Please reload the page.' }
  return { status: 'loading' }
}
