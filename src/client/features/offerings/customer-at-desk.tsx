import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { href } from '../../../shared/paths.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { customerRecordQuery, customerSearchQuery } from '../../queries/desk.ts'

interface CustomerAtDeskProps {
  /** The ids of the section's heading and of the search. */
  headingId: string
  searchId: string
  title: string
  /** Who is new, and what the desk then does: "A new family?", "sign them up". */
  newcomer: string
  then: string
  /** The kind's sign-up of the customer chosen, with whether the current waiver is signed for each of them. */
  signUp(customer: CustomerRecord, signed: (key: string) => boolean): ReactNode
}

/**
 * A customer at the counter signed up from a program's own desk page (issue 31 §2): find them,
 * then the kind's sign-up; the money is taken on their record, where a walk-in's account,
 * children and waiver are made too.
 */
export function CustomerAtDesk({ headingId, searchId, title, newcomer, then, signUp }: CustomerAtDeskProps) {
  const [typed, setTyped] = useState('')
  const q = useDeferredValue(typed.trim())
  const [userId, setUserId] = useState('')
  const { data, error } = useQuery({ ...customerSearchQuery(q), placeholderData: keepPreviousData })
  const customers = q.length >= 2 ? data?.customers : undefined
  return (
    <section className="account-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>
        {newcomer} <Link to={href('desk')}>Add them at the front desk</Link> with their children and the waiver, then {then} here or on their record.
      </p>
      <div className="field">
        <label htmlFor={searchId}>Find the customer: name, email, phone or a child’s name</label>
        <input id={searchId} type="search" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </div>
      {error && <Alert>{errorMessage(error)}</Alert>}
      <p role="status" className="visually-hidden">
        {customers ? `${customers.length} customer${customers.length === 1 ? '' : 's'} found` : ''}
      </p>
      {customers && customers.length === 0 && <p>Nobody matches “{q}”.</p>}
      {customers && customers.length > 0 && (
        <ul className="desk-results">
          {customers.map((c) => (
            <li key={c.id}>
              <button type="button" className="link-button" aria-pressed={c.id === userId} onClick={() => setUserId(c.id)}>
                {c.displayName}
              </button>
              <span className="desk-result-detail">
                {c.email} · {formatPhone(c.phone)}
                {c.children.length > 0 && ` · Children: ${c.children.join(', ')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {userId && <Customer key={userId} userId={userId} signUp={signUp} />}
    </section>
  )
}

function Customer({ userId, signUp }: { userId: string; signUp: CustomerAtDeskProps['signUp'] }) {
  const { data, error } = useQuery(customerRecordQuery(userId))
  if (error) return <Alert>{errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading the customer…</p>
  const { customer } = data
  const signed = (key: string) => customer.waiver.signatures.some((s) => s.subjectKey === key && s.waiverVersion === customer.waiver.currentVersion)
  return (
    <>
      <h3>{customer.displayName}</h3>
      <p>
        <Link to={href('deskCustomer', { userId })}>Open {customer.displayName}’s record</Link>: children, the waiver, payments and receipts.
      </p>
      {signUp(customer, signed)}
    </>
  )
}
