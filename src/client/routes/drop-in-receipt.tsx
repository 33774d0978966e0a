import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { dropInReceiptProgram } from '../features/drop-ins/drop-in-text.ts'
import { programReceipt } from '../features/offerings/program-receipt.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { dropInReceiptQuery } from '../queries/drop-ins.ts'

/** /dropInReceipt/user/:userId/dropIn/:dropInId: a person's places at a drop-in session, to print. */
export default function DropInReceiptPage() {
  const { userId = '', dropInId = '' } = useParams()
  const { data, error } = useQuery(dropInReceiptQuery({ userId, dropInId }))
  const receipt = data && programReceipt(dropInReceiptProgram(data.receipt.dropIn), data.receipt.places)
  return <ReceiptScreen title="Drop-in Receipt" receipt={receipt} error={error} />
}
