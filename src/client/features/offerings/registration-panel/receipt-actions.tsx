import { Link } from 'react-router'
import type { RegistrationView } from '../../../../shared/contracts/registrations.ts'
import { receiptPath } from '../../../../shared/receipt-path.ts'
import { errorMessage } from '../../../lib/api.ts'
import { useEmailReceipt } from './api/use-email-receipt.ts'

/**
 * A customer's receipt for staff (issue 30): open it (to print from its page) or email it to the
 * account holder again (kept on the Emails page where the site sends no email); the answer goes
 * to the caller's status line.
 */
export function ReceiptActions({ registration: r, onAnswer }: { registration: RegistrationView; onAnswer(message: string): void }) {
  const send = useEmailReceipt()
  const email = () =>
    send.mutate(r.id, {
      // Without a mail server nothing leaves: the email is kept on the Emails page (README), and the answer says so.
      onSuccess: ({ to, emailed }) => onAnswer(emailed ? `The receipt was emailed to ${to}.` : `Nothing was sent: this site sends no email. The receipt’s email to ${to} is kept on the Emails page, which admins read; open the receipt to print it.`),
      onError: (error) => onAnswer(errorMessage(error) ?? 'The receipt could not be emailed. Please try again.'),
    })
  return (
    <p className="staff-actions">
      <Link to={receiptPath(r)}>Open the receipt</Link>
      <button type="button" className="link-button" disabled={send.isPending} onClick={email}>
        Email the receipt
      </button>
    </p>
  )
}
