import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { campReceiptProgram } from '../features/camps/camp-text.ts'
import { programReceipt } from '../features/offerings/program-receipt.ts'
import { ReceiptScreen } from '../features/offerings/receipt-screen.tsx'
import { campReceiptQuery } from '../queries/camps.ts'

/** /campReceipt/user/:userId/camp/:campId: a family's places at a camp, to print. */
export default function CampReceiptPage() {
  const { userId = '', campId = '' } = useParams()
  const { data, error } = useQuery(campReceiptQuery({ userId, campId }))
  const receipt = data && programReceipt(campReceiptProgram(data.receipt.camp), data.receipt.places)
  return <ReceiptScreen title="Camp Receipt" receipt={receipt} error={error} />
}
