import { Link } from 'react-router'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { receiptPath } from '../../../shared/paths.ts'
import { errorMessage } from '../../lib/api.ts'
import { useEmailReceipt } from './api/use-email-receipt.ts'

/**
 * A customer's receipt for staff (issue 30): open it (to print from its page) or email it to the
 * account holder again. The answer is read out where the buttons are.
 */
export function ReceiptActions({ registration: r, label }: { registration: RegistrationView; label: string }) {
  const send = useEmailReceipt()
  return (
    <span className="receipt-staff-actions">
      <Link to={receiptPath(r)} aria-label={`Receipt${label}`}>
        Receipt
      </Link>{' '}
      <button type="button" className="link-button" aria-label={`Email the receipt${label}`} disabled={send.isPending} onClick={() => send.mutate(r.id)}>
        Email it
      </button>
      <span role="status" className="receipt-staff-answer">
        {send.isSuccess ? ` Emailed to ${send.data.emailedTo}.` : send.isError ? ` ${errorMessage(send.error)}` : ''}
      </span>
    </span>
  )
}
