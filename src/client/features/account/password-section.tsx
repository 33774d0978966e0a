import { useEffect, useRef, useState } from 'react'
import { ChangePasswordForm } from '../../../shared/schemas/account.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { useChangePassword } from './api/use-change-password.ts'

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '' }

export function PasswordSection() {
  const [notice, setNotice] = useState<string | null>(null)
  // A new key gives a fresh, empty form after a change: passwords should not linger in inputs.
  const [formKey, setFormKey] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)

  // The fresh form replaced the one the focus was in: the heading keeps the person's place.
  useEffect(() => {
    if (formKey > 0) heading.current?.focus()
  }, [formKey])

  return (
    <section className="account-panel" aria-labelledby="password-heading">
      <h2 id="password-heading" ref={heading} tabIndex={-1}>
        Change password
      </h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      <PasswordForm
        key={formKey}
        onStart={() => setNotice(null)}
        onChanged={() => {
          setNotice('Your password has been changed. Any other device signed in to your account has been signed out.')
          setFormKey((k) => k + 1)
        }}
      />
    </section>
  )
}

function PasswordForm({ onStart, onChanged }: { onStart(): void; onChanged(): void }) {
  const form = useForm(ChangePasswordForm, EMPTY)
  const change = useChangePassword()

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    onStart()
    try {
      await change.mutateAsync({ currentPassword, newPassword })
      onChanged()
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Changing your password failed. Please try again.')
    }
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      {form.message && <Alert>{form.message}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        field={form.field('currentPassword')}
        error={form.errors.currentPassword}
      />
      <NewPasswordFields form={form} />
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Changing password…' : 'Change password'}
      </button>
    </form>
  )
}
