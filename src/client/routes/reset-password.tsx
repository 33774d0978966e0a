import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ResetPasswordForm } from '../../shared/schemas/account.ts'
import { Alert } from '../components/ui/alert.tsx'
import { NewPasswordFields } from '../components/ui/new-password-fields.tsx'
import type { resetPassword } from '../../shared/contracts/account.ts'
import { ApiError } from '../lib/api.ts'
import { call } from '../lib/endpoint.ts'
import { useForm } from '../lib/use-form.ts'
import { href } from '../../shared/paths.ts'

/** Reset Password: opened from the emailed link (?token=…); every signed-in session ends. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [done, setDone] = useState(false)
  const form = useForm(ResetPasswordForm, { newPassword: '', confirmNewPassword: '' })

  const submit = form.handleSubmit(async ({ newPassword, confirmNewPassword }) => {
    try {
      await call<typeof resetPassword>('POST', '/api/auth/reset-password', { body: { token, newPassword, confirmNewPassword } })
      setDone(true)
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Saving the new password failed. Please try again.')
    }
  })

  if (done) {
    return (
      <section className="page narrow">
        <h1>Reset Password</h1>
        <Alert tone="success">Your password has been changed, and every device that was signed in has been signed out.</Alert>
        <p>
          <Link className="button" to={href('signIn')}>
            Sign In
          </Link>
        </p>
      </section>
    )
  }

  return (
    <section className="page narrow">
      <h1>Reset Password</h1>
      {token === '' ? (
        <Alert>
          This page opens from the link in the password reset email. <Link to={href('forgotPassword')}>Ask for a new link</Link>.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          {form.message && (
            <Alert>
              {form.message} {!form.errors.newPassword && <Link to={href('forgotPassword')}>Ask for a new link</Link>}
            </Alert>
          )}
          <NewPasswordFields form={form} />
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : 'Save New Password'}
          </button>
        </form>
      )}
    </section>
  )
}
