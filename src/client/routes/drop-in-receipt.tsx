import { useQuery } from '@tanstack/react-query'
import { dropInReceiptProgram } from '../features/drop-ins/drop-in-text.ts'
import { programReceipt } from '../features/offerings/program-receipt.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { dropInReceiptQuery } from '../queries/drop-ins.ts'

export function opensWith({ params: { userId = '', dropInId = '' } }: PageVisit) {
  return { receipt: dropInReceiptQuery({ userId, dropInId }) }
}

/** /dropInReceipt/user/:userId/dropIn/:dropInId: a person's places at a drop-in session, to print. */
export default function DropInReceiptPage() {
  const opening = usePageQueries(opensWith)
  const { data, error } = useQuery(opening.receipt)
  const receipt = data && programReceipt(dropInReceiptProgram(data.receipt.dropIn), data.receipt.places)
  return <ReceiptScreen title="Drop-in Receipt" receipt={receipt} error={error} />
}
