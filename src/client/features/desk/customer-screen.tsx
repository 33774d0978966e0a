import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { formatPhone } from '../../../shared/phone.ts'
import { Link } from 'react-router'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import type { CustomerRecord, DeskSignature } from '../../../shared/contracts/desk.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { customerRecordQuery } from '../../queries/desk.ts'
import { CustomerRegistrations } from './customer-registrations.tsx'
import { DeskChildren } from './desk-children.tsx'
import { DeskTeams } from './desk-teams.tsx'
import { participantsOf, type Participant } from '../offerings/customer-participants.ts'
import { PasswordLink } from './password-link.tsx'
import { RegisterAtDesk, type DeskSignUp } from './register-at-desk.tsx'
import { SignAtDesk } from './sign-at-desk.tsx'

/** A customer's record and what the desk does for them (docs/decisions/0016); `more`: the other offerings the page signs them up for. */
export function CustomerScreen({ userId, more }: { userId: string; more: readonly DeskSignUp[] }) {
  const { data, error } = useQuery(customerRecordQuery(userId))
  return (
    <section className="page">
      <h1>Customer</h1>
      <p>
        <Link to={href('desk')}>Back to the front desk</Link>
      </p>
      {error && <Alert>{error instanceof ApiError && error.status === 404 ? 'There is no such customer.' : errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading the customer…</p>}
      {data && <Record customer={data.customer} more={more} />}
    </section>
  )
}

/** An email address that wraps only before its @ and after its dots, never inside a word (`maria.rivera@exam / ple.com`). */
function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/)
  return parts.map((part, n) => (
    <Fragment key={n}>
      {n > 0 && <wbr />}
      {part}
    </Fragment>
  ))
}

/** A signature and whom it covers: `Signed for Leo Rivera by Maria Rivera, version 1, 11/27/2026, 3:04 PM at the desk with Dana Desk`. */
function signatureText(s: DeskSignature, participants: readonly Participant[]): string {
  const whom = participants.find((p) => p.key === s.subjectKey)?.name ?? 'a child no longer on the account'
  return `Signed for ${whom} by ${s.signedName}, version ${s.waiverVersion}, ${formatDateTime(s.signedAt)}${s.witnessedBy ? ` at the desk with ${s.witnessedBy}` : ' online'}`
}

function Record({ customer, more }: { customer: CustomerRecord; more: readonly DeskSignUp[] }) {
  const participants = participantsOf(customer)
  const signed = (key: string) => customer.waiver.signatures.some((s) => s.subjectKey === key && s.waiverVersion === customer.waiver.currentVersion)
  return (
    <>
      <h2>{customer.displayName}</h2>
      <dl className="staff-facts">
        <div className="staff-fact-wide">
          <dt>Email</dt>
          <dd>
            <EmailAddress email={customer.email} />
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{formatPhone(customer.phone)}</dd>
        </div>
        <div>
          <dt>Customer since</dt>
          <dd>{formatDate(customer.createdAt)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{customer.balanceCents < 0 ? `${formatMoney(-customer.balanceCents)} credit` : formatMoney(customer.balanceCents)}</dd>
        </div>
      </dl>
      <PasswordLink customer={customer} />
      <DeskChildren customer={customer} />
      <section className="account-panel" aria-labelledby="desk-waiver">
        <h3 id="desk-waiver">Waiver (version {customer.waiver.currentVersion})</h3>
        <ul>
          {participants.map((p) => (
            <li key={p.key}>
              {p.name}: {signed(p.key) ? 'signed' : 'not signed'}
            </li>
          ))}
        </ul>
        {customer.waiver.signatures.length > 0 && (
          <>
            <p id="desk-signatures">Signatures:</p>
            <ul aria-labelledby="desk-signatures">
              {customer.waiver.signatures.map((s) => (
                <li key={`${s.subjectKey} ${s.waiverVersion} ${s.signedAt}`}>{signatureText(s, participants)}</li>
              ))}
            </ul>
          </>
        )}
        {participants.some((p) => !signed(p.key)) && <SignAtDesk customer={customer} unsigned={participants.filter((p) => !signed(p.key))} />}
      </section>
      <RegisterAtDesk customer={customer} participants={participants} more={more} />
      <CustomerRegistrations customer={customer} />
      <DeskTeams customer={customer} />
    </>
  )
}
