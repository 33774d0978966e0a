import { useEffect, useRef, useState } from 'react'
import { ageOn } from '../../../shared/age.ts'
import { formatDate } from '../../../shared/format.ts'
import { formatPhone } from '../../../shared/phone.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { ChildDetailsForm } from '../offerings/child-form.tsx'
import { useSaveChildAtDesk } from './api/use-child-at-desk.ts'
import { facilityDayNow } from '../../lib/facility-day.ts'

type Mode = { kind: 'list' } | { kind: 'adding' } | { kind: 'editing'; childId: string }

const ADD_BUTTON_ID = 'desk-add-child'
const editButtonId = (childId: string) => `desk-edit-child-${childId}`

/**
 * The customer's children, added and edited at the desk with the form the customer has (issue 30):
 * a walk-in parent's child can be registered at the counter. The desk may add past the children
 * a customer may add themself.
 */
export function DeskChildren({ customer }: { customer: CustomerRecord }) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' })
  const [notice, setNotice] = useState<string | null>(null)
  // Where the focus goes next; kept until that element is on screen, since the record with a new
  // child arrives from the query cache a render after the form closes.
  const pendingFocus = useRef<string | null>(null)
  const [focusAsked, setFocusAsked] = useState(0)
  useEffect(() => {
    const target = pendingFocus.current && document.getElementById(pendingFocus.current)
    if (!target) return
    target.focus()
    pendingFocus.current = null
  }, [focusAsked, customer])
  const focusNext = (id: string) => {
    pendingFocus.current = id
    setFocusAsked((n) => n + 1)
  }
  const save = useSaveChildAtDesk(customer.id)
  // Ages on the facility's day, wherever the desk's computer thinks it is.
  const [today] = useState(facilityDayNow)

  const close = (message: string | null, focus: string) => {
    setNotice(message)
    setMode({ kind: 'list' })
    focusNext(focus)
  }
  const start = (next: Mode) => {
    setNotice(null)
    setMode(next)
    // TextField gives each input its field's name as id.
    focusNext('firstName')
  }

  return (
    <section className="account-panel" aria-labelledby="desk-children">
      <h3 id="desk-children">Children</h3>
      <div role="status">{notice && <p className="account-outcome">{notice}</p>}</div>
      {customer.children.length === 0 && mode.kind !== 'adding' && <p>No children on this account.</p>}
      {customer.children.length > 0 && (
        <ul className="account-list">
          {customer.children.map((c) => {
            const name = `${c.firstName} ${c.lastName}`
            return (
              <li key={c.id}>
                {mode.kind === 'editing' && mode.childId === c.id ? (
                  <ChildDetailsForm
                    child={c}
                    save={save}
                    onSaved={(saved) => close(`${saved.firstName} ${saved.lastName}’s details are saved.`, editButtonId(c.id))}
                    onCancel={() => close(null, editButtonId(c.id))}
                  />
                ) : (
                  <>
                    <strong>{name}</strong>, born {formatDate(c.dateOfBirth)} (age {ageOn(c.dateOfBirth, today)}). Emergency contact: {c.emergencyContactName} {formatPhone(c.emergencyContactPhone)}.
                    {c.notes && ` Medical notes: ${c.notes}`}
                    <div className="account-actions">
                      <button id={editButtonId(c.id)} type="button" className="button secondary" onClick={() => start({ kind: 'editing', childId: c.id })}>
                        Edit<span className="visually-hidden"> {name}</span>
                      </button>
                    </div>
                  </>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {mode.kind === 'adding' ? (
        <div className="signup-add-panel">
          <h4>Add a child</h4>
          <ChildDetailsForm save={save} onSaved={(child) => close(`${child.firstName} ${child.lastName} is added.`, editButtonId(child.id))} onCancel={() => close(null, ADD_BUTTON_ID)} />
        </div>
      ) : (
        <p className="account-actions">
          <button id={ADD_BUTTON_ID} type="button" className="button secondary" onClick={() => start({ kind: 'adding' })}>
            Add a child
          </button>
        </p>
      )}
    </section>
  )
}
