import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { campReceiptProgram } from '../features/camps/camp-text.ts'
import { ProgramReceiptScreen } from '../features/offerings/program-receipt-screen.tsx'
import { campReceiptQuery } from '../queries/camps.ts'

/** /campReceipt/user/:userId/camp/:campId: a family's places at a camp, to print. */
export default function CampReceiptPage() {
  const { userId = '', campId = '' } = useParams()
  const { data, error } = useQuery(campReceiptQuery({ userId, campId }))
  const receipt = data && { program: campReceiptProgram(data.receipt.camp), places: data.receipt.places }
  return <ProgramReceiptScreen title="Camp Receipt" receipt={receipt} error={error} />
}
