import { useState } from 'react'
import type { Child } from '../../../shared/contracts/children.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { ChildDetailsForm } from './child-form.tsx'

/** What the coach and the desk read of a child: their emergency contact and medical notes, editable here. */
export function ChildCare({ child }: { child: Child }) {
  const [editing, setEditing] = useState(false)
  if (editing) return <ChildDetailsForm child={child} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
  return (
    <>
      <dl className="staff-facts">
        <div>
          <dt>Emergency contact</dt>
          <dd>
            {child.emergencyContactName}, {formatPhone(child.emergencyContactPhone)}
          </dd>
        </div>
        <div>
          <dt>Medical notes and allergies</dt>
          <dd>{child.notes || 'None given'}</dd>
        </div>
      </dl>
      <p className="signup-muted">Only the coach and the front desk see these.</p>
      <button type="button" className="button secondary" onClick={() => setEditing(true)}>
        Edit {child.firstName}’s details
      </button>
    </>
  )
}
