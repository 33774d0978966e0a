import { useState } from 'react'
import { formatDate } from '../../../shared/format.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { useFocusNext } from '../../lib/use-focus-next.ts'
import { ChildDetailsForm } from '../offerings/child-form.tsx'

interface ChildrenPanelProps {
  list: Child[] | null
  failed: boolean
  chosen: Child | null
  onChoose(childId: string): void
  onAdded(child: Child): void
}

const ADD_BUTTON_ID = 'signup-add-child'

export function childRadioId(childId: string): string {
  return `child-${childId}`
}

/** Kids sports: the guardian picks which child the Register buttons register, or adds one. */
export function ChildrenPanel({ list, failed, chosen, onChoose, onAdded }: ChildrenPanelProps) {
  const [adding, setAdding] = useState(false)
  const [added, setAdded] = useState<Child | null>(null)
  // Where the focus goes once the form it was in has gone or appeared.
  const focusNext = useFocusNext()

  const empty = list !== null && list.length === 0
  return (
    <section className="signup-children" aria-labelledby="signup-children-heading">
      <h2 id="signup-children-heading">Your children</h2>
      {failed && <Alert>Your children could not be loaded. Please try again later.</Alert>}
      {list === null && !failed && <p className="loading">Loading your children…</p>}
      <div role="status">{added && <p>{added.firstName} {added.lastName} is added. Choose a league below to register them.</p>}</div>
      {empty && <p>There are no children on your account yet. Add your child to register them.</p>}
      {list && list.length > 0 && (
        <fieldset className="signup-child-choice">
          <legend>Who is playing?</legend>
          {list.map((child) => (
            <label key={child.id} className="signup-radio">
              <input
                type="radio"
                name="child"
                id={childRadioId(child.id)}
                value={child.id}
                checked={chosen?.id === child.id}
                onChange={() => onChoose(child.id)}
              />
              <span>
                {child.firstName} {child.lastName}
                <span className="signup-muted"> · born {formatDate(child.dateOfBirth)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {list !== null &&
        (empty || adding ? (
          <div className="signup-add-panel">
            <h3>Add a child</h3>
            <ChildDetailsForm
              onSaved={(child) => {
                onAdded(child)
                setAdded(child)
                setAdding(false)
                focusNext(childRadioId(child.id))
              }}
              onCancel={
                empty
                  ? undefined
                  : () => {
                      setAdding(false)
                      focusNext(ADD_BUTTON_ID)
                    }
              }
            />
          </div>
        ) : (
          <button
            id={ADD_BUTTON_ID}
            type="button"
            className="button secondary"
            onClick={() => {
              setAdding(true)
              // TextField gives each input its field's name as id.
              focusNext('firstName')
            }}
          >
            Add a child
          </button>
        ))}
    </section>
  )
}
