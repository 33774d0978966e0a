import { useQuery } from '@tanstack/react-query'
import { campReceiptProgram } from '../features/camps/camp-text.ts'
import { programReceipt } from '../features/offerings/program-receipt.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { campReceiptQuery } from '../queries/camps.ts'

export function opensWith({ params: { userId = '', campId = '' } }: PageVisit) {
  return { receipt: campReceiptQuery({ userId, campId }) }
}

/** /campReceipt/user/:userId/camp/:campId: a family's places at a camp, to print. */
export default function CampReceiptPage() {
  const opening = usePageQueries(opensWith)
  const { data, error } = useQuery(opening.receipt)
  const receipt = data && programReceipt(campReceiptProgram(data.receipt.camp), data.receipt.places)
  return <ReceiptScreen title="Camp Receipt" receipt={receipt} error={error} />
}
