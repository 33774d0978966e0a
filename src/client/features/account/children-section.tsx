import { formatPhone } from '../../../shared/phone.ts'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../../shared/format.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { href } from '../../../shared/paths.ts'
import { errorMessage } from '../../lib/api.ts'
import { useFocusNext } from '../../lib/use-focus-next.ts'
import { ChildDetailsForm } from '../offerings/child-form.tsx'
import { useRemoveChild } from './api/use-remove-child.ts'

/** What the section is doing: showing the list, or one form or question open in it. */
type Mode = { kind: 'list' } | { kind: 'adding' } | { kind: 'editing'; childId: string } | { kind: 'removing'; childId: string }

const ADD_BUTTON_ID = 'account-add-child'
const editButtonId = (childId: string) => `account-edit-child-${childId}`
const confirmButtonId = (childId: string) => `account-remove-child-${childId}`

interface ChildrenSectionProps {
  userId: string
  childList: Child[] | null
  error: string | null
}

/** The guardian's children: added, edited, and removed while no registration names them. */
export function ChildrenSection({ userId, childList, error }: ChildrenSectionProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' })
  const [notice, setNotice] = useState<string | null>(null)
  // Where the focus goes once the form or question it was in has gone.
  const focusNext = useFocusNext()

  const remove = useRemoveChild(userId)
  const close = (message: string | null, focus: string) => {
    setNotice(message)
    setMode({ kind: 'list' })
    focusNext(focus)
  }

  const removeAsked = (child: Child) =>
    remove.mutate(child, {
      onSuccess: () => close(`${child.firstName} ${child.lastName} is removed from your account.`, 'children-heading'),
      onError: () => {
        setMode({ kind: 'list' })
        focusNext(editButtonId(child.id))
      },
    })

  const start = (next: Mode) => {
    setNotice(null)
    remove.reset()
    setMode(next)
  }

  return (
    <section className="account-panel" aria-labelledby="children-heading">
      <h2 id="children-heading" tabIndex={-1}>
        Children
      </h2>
      {error && <Alert>{error}</Alert>}
      {!childList && !error && <p className="loading">Loading your children…</p>}
      <div role="status">{notice && <p className="account-outcome">{notice}</p>}</div>
      {childList && childList.length === 0 && mode.kind !== 'adding' && (
        <p>
          You have not added any children. Add a child here, or when you sign them up for <Link to={href('kidsSportsSignup')}>Kids Sports</Link>.
        </p>
      )}
      {childList && childList.length > 0 && (
        <ul className="account-list">
          {childList.map((child) => (
            <li key={child.id}>
              {mode.kind === 'editing' && mode.childId === child.id ? (
                <ChildDetailsForm
                  child={child}
                  onSaved={(saved) => close(`${saved.firstName} ${saved.lastName}'s details are saved.`, editButtonId(child.id))}
                  onCancel={() => close(null, editButtonId(child.id))}
                />
              ) : (
                <ChildEntry
                  child={child}
                  removing={mode.kind === 'removing' && mode.childId === child.id}
                  busy={remove.isPending}
                  failure={remove.variables?.id === child.id ? errorMessage(remove.error) : null}
                  onEdit={() => start({ kind: 'editing', childId: child.id })}
                  onRemove={() => {
                    start({ kind: 'removing', childId: child.id })
                    focusNext(confirmButtonId(child.id))
                  }}
                  onConfirm={() => removeAsked(child)}
                  onKeep={() => close(null, editButtonId(child.id))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {childList &&
        (mode.kind === 'adding' ? (
          <div className="signup-add-panel">
            <h3>Add a child</h3>
            <ChildDetailsForm
              onSaved={(child) => close(`${child.firstName} ${child.lastName} is added.`, editButtonId(child.id))}
              onCancel={() => close(null, ADD_BUTTON_ID)}
            />
          </div>
        ) : (
          <p className="account-actions">
            <button
              id={ADD_BUTTON_ID}
              type="button"
              className="button secondary"
              onClick={() => {
                start({ kind: 'adding' })
                // TextField gives each input its field's name as id.
                focusNext('firstName')
              }}
            >
              Add a child
            </button>
          </p>
        ))}
    </section>
  )
}

interface ChildEntryProps {
  child: Child
  removing: boolean
  busy: boolean
  failure: string | null
  onEdit(): void
  onRemove(): void
  onConfirm(): void
  onKeep(): void
}

function ChildEntry({ child, removing, busy, failure, onEdit, onRemove, onConfirm, onKeep }: ChildEntryProps) {
  const name = `${child.firstName} ${child.lastName}`
  return (
    <>
      <strong>{name}</strong>
      <span className="account-muted"> — born {formatDate(child.dateOfBirth)}</span>
      <br />
      <span className="account-muted">
        Emergency contact: {child.emergencyContactName}, {formatPhone(child.emergencyContactPhone)}
        {child.notes && <> · Notes: {child.notes}</>}
      </span>
      {failure && <Alert>{failure}</Alert>}
      {removing ? (
        <div className="account-actions" role="group" aria-label={`Remove ${name}?`}>
          <span>Remove {name} from your account?</span>
          <button id={confirmButtonId(child.id)} type="button" className="button account-danger" disabled={busy} onClick={onConfirm}>
            {busy ? 'Removing…' : 'Remove'}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={onKeep}>
            Keep
          </button>
        </div>
      ) : (
        <div className="account-actions">
          <button id={editButtonId(child.id)} type="button" className="button secondary" onClick={onEdit}>
            Edit<span className="visually-hidden"> {name}</span>
          </button>
          {child.removable ? (
            <button type="button" className="button secondary" onClick={onRemove}>
              Remove<span className="visually-hidden"> {name}</span>
            </button>
          ) : (
            <span className="account-muted">Registered, so kept for the receipts</span>
          )}
        </div>
      )}
    </>
  )
}
