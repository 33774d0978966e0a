import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ROUTES } from '../../shared/routes.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { placeReceipt } from '../features/receipts/place-receipt.ts'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { receiptQuery } from '../queries/receipt.ts'

export function opensWith({ params: { userId = '', leagueId = '', registrationId, teamId } }: PageVisit) {
  // Another receipt's answer is never shown for this one while it loads: each has its own key.
  return { receipt: receiptQuery({ userId, leagueId, ...(registrationId ? { registrationId } : {}), ...(teamId ? { teamId } : {}) }) }
}

/**
 * Serves /receipt/... (one registration), /registrationReceipt/... (the newest for a league) and
 * /teamRegistrationReceipt/... (a captain's team entry or a player's roster place).
 */
export default function ReceiptPage() {
  const { registrationId, teamId } = useParams()
  const opening = usePageQueries(opensWith)
  const { data, error } = useQuery(opening.receipt)
  // The page is named as in the route table, like the browser tab (router.tsx), whatever the answer.
  const routeId = teamId !== undefined ? 'teamRegistrationReceipt' : registrationId === undefined ? 'registrationReceipt' : 'receipt'
  const title = ROUTES.find((r) => r.id === routeId)?.title
  return <ReceiptScreen title={title} receipt={data && placeReceipt(data.receipt)} error={error} />
}
