import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { customerRecordQuery, customerSearchQuery } from '../../queries/desk.ts'
import { DropInAtDesk } from './drop-in-at-desk.tsx'

interface WalkInAtDoorProps {
  /** The session chosen at the door, or ''. */
  dropInId: string
  onChooseDropIn(dropInId: string): void
  today: string
}

/**
 * A place sold at the door (issue 31 §2): find the customer, choose who comes and their photo
 * choices, one press; the money is taken on their record, where a new walk-in's account, children
 * and waiver are made too.
 */
export function WalkInAtDoor({ dropInId, onChooseDropIn, today }: WalkInAtDoorProps) {
  const [typed, setTyped] = useState('')
  const q = useDeferredValue(typed.trim())
  const [userId, setUserId] = useState('')
  const { data, error } = useQuery({ ...customerSearchQuery(q), placeholderData: keepPreviousData })
  const customers = q.length >= 2 ? data?.customers : undefined
  return (
    <section className="account-panel" aria-labelledby="drop-in-door-sale">
      <h2 id="drop-in-door-sale">Sell a place at the door</h2>
      <p>
        Someone new? <Link to={href('desk')}>Add them at the front desk</Link> with their children and the waiver, then sell them a place here or on their record.
      </p>
      <div className="field">
        <label htmlFor="drop-in-door-search">Find the customer: name, email, phone or a child’s name</label>
        <input id="drop-in-door-search" type="search" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
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
      {userId && <Customer key={userId} userId={userId} dropInId={dropInId} onChooseDropIn={onChooseDropIn} today={today} />}
    </section>
  )
}

function Customer({ userId, ...sale }: { userId: string } & WalkInAtDoorProps) {
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
      <DropInAtDesk customer={customer} signed={signed} {...sale} />
    </>
  )
}
