import { useParams } from 'react-router'
import { CustomerScreen } from '../features/desk/customer-screen.tsx'

/** /desk/customer/:userId: a customer's record at the front desk (features/desk/customer-screen.tsx). */
export default function DeskCustomerPage() {
  const { userId = '' } = useParams()
  return <CustomerScreen userId={userId} />
}
