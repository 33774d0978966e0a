import { Link } from 'react-router'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { PayOnlineLinks } from '../../components/pay-online-links.tsx'
import { siteConfig } from '../../site-config.ts'

interface SignedUpProps {
  result: { registrations: RegistrationView[]; created: boolean }
  /** What the email and the receipt list: "the session dates", "the camp's days". */
  dates: string
  /** When money owed is paid by: "before the first session". */
  payBy: string
  receiptTo: string
  back: { to: string; label: string }
}

/** What a program's sign-up made: each participant's place or waitlist position, what to pay, and the receipt. */
export function SignedUp({ result, dates, payBy, receiptTo, back }: SignedUpProps) {
  return (
    <div className="signup-done">
      <h3 tabIndex={-1} ref={(heading) => heading?.focus()}>
        {!result.created
          ? 'You were already signed up'
          : result.registrations.every((r) => r.status === 'waitlisted')
            ? 'You are on the waitlist'
            : result.registrations.some((r) => r.status === 'held')
              ? 'Pay now to keep your places'
              : 'You are signed up'}
      </h3>
      <ul className="account-list">
        {result.registrations.map((r) => (
          <li key={r.id}>
            {r.child ? r.child.name : 'You'} — {STATUS_LABELS[r.status]}
            {r.status === 'waitlisted' && r.waitlistPosition !== null && `, number ${r.waitlistPosition} on the waitlist`}
          </li>
        ))}
      </ul>
      <p>
        {siteConfig.sendsEmail ? `We emailed you ${dates}. ` : `The receipt lists ${dates}. `}
        {result.registrations.some((r) => r.status === 'held')
          ? 'Your places are held while you pay: pay now to keep them.'
          : result.registrations.some((r) => r.balanceCents > 0 && !nothingDue(r)) && `Pay ${siteConfig.paysOnline ? 'online or ' : ''}at the front desk ${payBy}.`}
      </p>
      <p className="card-actions">
        <PayOnlineLinks places={result.registrations.map((r) => ({ status: r.status, balanceCents: r.balanceCents, orderId: r.orderId, who: r.child?.name ?? r.registrantName }))} />
        <Link className="button" to={receiptTo}>
          View receipt
        </Link>
        <Link className="button secondary" to={back.to}>
          {back.label}
        </Link>
      </p>
    </div>
  )
}
