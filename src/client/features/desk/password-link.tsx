import { useLocation } from 'react-router'
import { formatDateTime } from '../../../shared/format.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useSendPasswordLink } from './api/use-send-password-link.ts'

/** A link for a customer who cannot sign in; a walk-in's first one arrives with the page (desk-screen.tsx). */
export function PasswordLink({ customer }: { customer: CustomerRecord }) {
  const location = useLocation()
  const claimLink = (location.state as { claimLink?: string | null } | null)?.claimLink ?? null
  const send = useSendPasswordLink(customer.id)
  const link = send.data?.link ?? claimLink
  return (
    <section className="account-panel" aria-labelledby="desk-password">
      <h3 id="desk-password">Password</h3>
      <p>A customer who cannot sign in chooses a new password from a one-time link.</p>
      <button type="button" className="button secondary" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Making the link…' : 'Send a password link'}
      </button>
      <div role="status">
        {send.data?.emailed && `A link to choose a password was emailed to ${customer.email}; it works until ${formatDateTime(send.data.expiresAt)}.`}
        {link && (
          <div className="desk-link">
            <p>No mail server is set up here: give the customer this one-time link (it works once{send.data ? `, until ${formatDateTime(send.data.expiresAt)}` : ''}).</p>
            <input type="text" readOnly value={link} aria-label="One-time password link" onFocus={(e) => e.target.select()} />
          </div>
        )}
      </div>
      {send.error && <Alert>{errorMessage(send.error)}</Alert>}
    </section>
  )
}
