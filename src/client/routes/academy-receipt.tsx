import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { academyReceiptProgram } from '../features/academies/academy-text.ts'
import { programReceipt } from '../features/offerings/program-receipt.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { academyReceiptQuery } from '../queries/receipt.ts'

/** /academyReceipt/user/:userId/academy/:academyId: a person's places in an academy, to print. */
export default function AcademyReceiptPage() {
  const { userId = '', academyId = '' } = useParams()
  const { data, error } = useQuery(academyReceiptQuery({ userId, academyId }))
  const receipt = data && programReceipt(academyReceiptProgram(data.receipt.academy), data.receipt.places)
  return <ReceiptScreen title="Academy Receipt" receipt={receipt} error={error} />
}
