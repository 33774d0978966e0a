import { ChildForm, type ChildFields } from '../../../shared/schemas/children.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { useSaveChild } from './api/use-save-child.ts'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'

const BLANK: Record<ChildFields, string> = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  notes: '',
}

function isChildField(name: string): name is ChildFields {
  return Object.hasOwn(ChildForm, name)
}

function valuesOf(child: Child): Record<ChildFields, string> {
  const { firstName, lastName, dateOfBirth, emergencyContactName, emergencyContactPhone, notes } = child
  return { firstName, lastName, dateOfBirth, emergencyContactName, emergencyContactPhone, notes: notes ?? '' }
}

interface ChildFormProps {
  /** The child to edit; without one, the form adds a child. */
  child?: Child
  onSaved(child: Child): void
  onCancel?: () => void
  /** Where the form is sent; the guardian's own children by default (the front desk sends it for a customer). */
  save?: (body: Record<ChildFields, string>, child: Child | undefined) => Promise<{ child: Child }>
}

/** A child on the guardian's account, added or edited, checked with the same rules the server applies. */
export function ChildDetailsForm({ child, onSaved, onCancel, save }: ChildFormProps) {
  const form = useForm(ChildForm, child ? valuesOf(child) : BLANK)
  const saveOwn = useSaveChild()

  const submit = form.handleSubmit(async (values) => {
    try {
      const body = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])) as Record<ChildFields, string>
      onSaved((await (save ?? saveOwn)(body, child)).child)
    } catch (error) {
      if (error instanceof ApiError) {
        form.setServerErrors(Object.fromEntries(Object.entries(error.fields).filter(([name]) => isChildField(name))), error.message)
      } else {
        form.setServerErrors({}, `${child ? 'Saving' : 'Adding'} the child failed. Please try again.`)
      }
    }
  })

  return (
    <form onSubmit={submit} noValidate className="signup-add-child" aria-label={child ? `Edit ${child.firstName} ${child.lastName}` : 'Add a child'}>
      {form.message && <Alert>{form.message}</Alert>}
      <div className="signup-field-pair">
        {/* Not given-name: the browser would offer the guardian's own. */}
        <TextField label={ChildForm.firstName.label} autoComplete="off" field={form.field('firstName')} error={form.errors.firstName} />
        <TextField label={ChildForm.lastName.label} autoComplete="family-name" field={form.field('lastName')} error={form.errors.lastName} />
      </div>
      <TextField label={ChildForm.dateOfBirth.label} type="date" autoComplete="off" field={form.field('dateOfBirth')} error={form.errors.dateOfBirth} />
      <div className="signup-field-pair">
        <TextField
          label={ChildForm.emergencyContactName.label}
          autoComplete="name"
          field={form.field('emergencyContactName')}
          error={form.errors.emergencyContactName}
        />
        <TextField
          label={ChildForm.emergencyContactPhone.label}
          type="tel"
          autoComplete="tel"
          field={form.field('emergencyContactPhone')}
          error={form.errors.emergencyContactPhone}
        />
      </div>
      <TextAreaField label={ChildForm.notes.label} hint="Optional." rows={3} field={form.field('notes')} error={form.errors.notes} />
      <p className="signup-actions">
        <button type="submit" className="button" disabled={form.submitting || !form.ready}>
          {child ? (form.submitting ? 'Saving…' : 'Save changes') : form.submitting ? 'Adding…' : 'Add child'}
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </p>
    </form>
  )
}
