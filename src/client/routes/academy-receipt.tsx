import { useQuery } from '@tanstack/react-query'
import { academyReceiptProgram } from '../features/academies/academy-text.ts'
import { programReceipt } from '../features/offerings/program-receipt.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { academyReceiptQuery } from '../queries/receipt.ts'

export function opensWith({ params: { userId = '', academyId = '' } }: PageVisit) {
  return { receipt: academyReceiptQuery({ userId, academyId }) }
}

/** /academyReceipt/user/:userId/academy/:academyId: a person's places in an academy, to print. */
export default function AcademyReceiptPage() {
  const opening = usePageQueries(opensWith)
  const { data, error } = useQuery(opening.receipt)
  const receipt = data && programReceipt(academyReceiptProgram(data.receipt.academy), data.receipt.places)
  return <ReceiptScreen title="Academy Receipt" receipt={receipt} error={error} />
}
