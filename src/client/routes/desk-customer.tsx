import { useParams } from 'react-router'
import { CampAtDesk } from '../features/camps/camp-at-desk.tsx'
import { CustomerScreen } from '../features/desk/customer-screen.tsx'
import { DropInOnRecord } from '../features/drop-ins/drop-in-at-desk.tsx'
import type { DeskSignUp } from '../features/desk/register-at-desk.tsx'
import type { PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { customerRecordQuery } from '../queries/desk.ts'

/** The offerings beyond leagues and academies a customer is signed up for on their record. */
const MORE: readonly DeskSignUp[] = [
  { value: 'camp', label: 'A camp', form: (customer, signed) => <CampAtDesk customer={customer} signed={signed} toPay="take the payment below" recordWhere="above" /> },
  { value: 'drop-in', label: 'A drop-in session', form: (customer, signed) => <DropInOnRecord customer={customer} signed={signed} /> },
]

/** The record, and the leagues the desk signs the customer up for (features/desk/register-at-desk.tsx). */
export function opensWith({ params: { userId = '' } }: PageVisit) {
  return { customer: customerRecordQuery(userId), leagues: adminLeaguesQuery() }
}

/** /desk/customer/:userId: a customer's record at the front desk (features/desk/customer-screen.tsx), with a camp and a drop-in session among what it signs them up for. */
export default function DeskCustomerPage() {
  const { userId = '' } = useParams()
  return <CustomerScreen userId={userId} more={MORE} />
}
