import { useEffect, useState } from 'react'
import type { Receipt } from '../../../shared/schemas/registration.ts'
import { ApiError, api } from '../../lib/api.ts'

export interface ReceiptIds {
  userId: string
  leagueId: string
  /** Without it, the person's own newest registration for the league (/registrationReceipt). */
  registrationId?: string
}

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'found'; receipt: Receipt }
  /** The server answers 404 alike for a receipt that does not exist and one that is not yours. */
  | { status: 'not-found' }
  | { status: 'failed'; message: string }

function receiptUrl({ userId, leagueId, registrationId }: ReceiptIds): string {
  const base = `/api/receipts/user/${encodeURIComponent(userId)}/league/${encodeURIComponent(leagueId)}`
  return registrationId === undefined ? base : `${base}/registration/${encodeURIComponent(registrationId)}`
}

export function useReceipt(ids: ReceiptIds): ReceiptState {
  const url = receiptUrl(ids)
  const [state, setState] = useState<{ url: string; value: ReceiptState }>({ url, value: { status: 'loading' } })

  useEffect(() => {
    let current = true
    api
      .get<{ receipt: Receipt }>(url)
      .then(({ receipt }) => current && setState({ url, value: { status: 'found', receipt } }))
      .catch((error: unknown) => {
        if (!current) return
        const value: ReceiptState =
          error instanceof ApiError && error.status === 404
            ? { status: 'not-found' }
            : { status: 'failed', message: error instanceof ApiError ? error.message : 'The receipt could not be loaded. Please reload the page.' }
        setState({ url, value })
      })
    return () => {
      current = false
    }
  }, [url])

  // Another receipt's answer is never shown for this one while it loads.
  return state.url === url ? state.value : { status: 'loading' }
}
