import { useEffect, useRef, useState } from 'react'
import { formatPhone } from '../../../shared/phone.ts'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import { ProfileForm } from '../../../shared/schemas/account.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { useUpdateProfile } from './api/use-update-profile.ts'

const ROLE_NAMES = { admin: 'Administrator', employee: 'Employee', customer: 'Customer' } as const

/** "Your details": shown as a list, edited in place. */
export function DetailsSection({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  // Focus follows the form closing, so keyboard users are not dropped at the top of the page.
  const returnFocus = useRef(false)

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false
      editButton.current?.focus()
    }
  }, [editing])

  const close = (message: string | null) => {
    setNotice(message)
    setEditing(false)
    returnFocus.current = true
  }

  return (
    <section className="account-panel" aria-labelledby="details-heading">
      <h2 id="details-heading">Your details</h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      {editing ? (
        <DetailsForm user={user} onClose={close} />
      ) : (
        <>
          <dl className="details">
            <div>
              <dt>Display name</dt>
              <dd>{user.displayName}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{user.phone ? formatPhone(user.phone) : 'Not given'}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_NAMES[user.userRole]}</dd>
            </div>
          </dl>
          <button
            ref={editButton}
            type="button"
            className="button secondary"
            onClick={() => {
              setNotice(null)
              setEditing(true)
            }}
          >
            Edit details
          </button>
        </>
      )}
    </section>
  )
}

function DetailsForm({ user, onClose }: { user: SessionUser; onClose(message: string | null): void }) {
  const update = useUpdateProfile()
  const form = useForm(ProfileForm, { displayName: user.displayName, phone: formatPhone(user.phone) })

  useEffect(() => {
    document.getElementById('displayName')?.focus()
  }, [])

  const submit = form.handleSubmit(async ({ displayName, phone }) => {
    try {
      await update.mutateAsync({ displayName: displayName.trim(), phone: phone.trim() })
      onClose('Your details have been saved.')
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Saving your details failed. Please try again.')
    }
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Edit your details">
      {form.message && <Alert>{form.message}</Alert>}
      <TextField label="Display name" autoComplete="name" field={form.field('displayName')} error={form.errors.displayName} />
      <p className="account-note">
        Email: {user.email} <span className="account-muted">(the email you sign in with cannot be changed here)</span>
      </p>
      <TextField label="Phone" type="tel" autoComplete="tel" field={form.field('phone')} error={form.errors.phone} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Saving…' : 'Save details'}
        </button>
        <button type="button" className="button secondary" disabled={form.submitting || !form.ready} onClick={() => onClose(null)}>
          Discard changes
        </button>
      </div>
    </form>
  )
}
