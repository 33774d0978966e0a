import { useLocation } from 'react-router'
import { formatDateTime } from '../../../shared/format.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { siteConfig } from '../../site-config.ts'
import { useSendPasswordLink } from './api/use-send-password-link.ts'
import { LinkHandover } from './link-handover.tsx'

/**
 * A link for a customer to choose a password: emailed where the site has a mail server, shown to
 * hand over otherwise. A walk-in's first one arrives with the page (desk-screen.tsx).
 */
export function PasswordLink({ customer }: { customer: CustomerRecord }) {
  const location = useLocation()
  const claimLink = (location.state as { claimLink?: string | null } | null)?.claimLink ?? null
  const send = useSendPasswordLink(customer.id)
  const made = send.data?.link ? { link: send.data.link, about: `It works once, until ${formatDateTime(send.data.expiresAt)}, and ends any link made before it.` } : null
  const shown = made ?? (claimLink ? { link: claimLink, about: 'With it they choose their first password and are signed in. It works once.' } : null)
  const emails = siteConfig.sendsEmail
  return (
    <section className="account-panel" aria-labelledby="desk-password">
      <h3 id="desk-password">Password</h3>
      <p>
        {emails
          ? 'A customer who cannot sign in chooses a new password from a one-time link emailed to them.'
          : 'A customer who cannot sign in chooses a new password from a one-time link. This site sends no email, so the link is shown here for you to hand over.'}
      </p>
      <button type="button" className="button secondary" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Making the link…' : emails ? 'Email a link' : 'Show a link'}
      </button>
      <p role="status">
        {send.data?.emailed && `A link to choose a password was emailed to ${customer.email}; it works until ${formatDateTime(send.data.expiresAt)}.`}
        {shown && 'Give the customer this link: they can scan the QR code with their phone.'}
      </p>
      {shown && <LinkHandover key={shown.link} link={shown.link} about={shown.about} />}
      {send.error && <Alert>{errorMessage(send.error)}</Alert>}
    </section>
  )
}
