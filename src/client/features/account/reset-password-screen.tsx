import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ResetPasswordForm } from '../../../shared/schemas/account.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { href } from '../../../shared/paths.ts'
import type { NavigationState } from '../../components/layout.tsx'
import { siteConfig } from '../../site-config.ts'
import { useResetPassword } from './api/use-reset-password.ts'

/**
 * Reset Password: opened from a one-time link (?token=…); every signed-in session ends. A
 * first password (`&welcome=1`: a walk-in's claim link) is greeted as one and, once chosen,
 * signs the person in and takes them to their account.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const welcome = params.get('welcome') === '1'
  const [done, setDone] = useState(false)
  const reset = useResetPassword()
  const navigate = useNavigate()
  const form = useForm(ResetPasswordForm, { newPassword: '', confirmNewPassword: '' })
  const heading = welcome ? 'Choose your password' : 'Reset Password'

  const submit = form.handleSubmit(async ({ newPassword, confirmNewPassword }) => {
    try {
      const { signedIn } = await reset.mutateAsync({ token, newPassword, confirmNewPassword, signIn: welcome })
      if (signedIn) {
        const flash = `Your password is set and you are signed in. Welcome to ${siteConfig.facilityName}!`
        await navigate(href('account'), { replace: true, state: { flash, flashTone: 'success' } satisfies NavigationState })
        return
      }
      setDone(true)
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Saving the new password failed. Please try again.')
    }
  })

  if (done) {
    return (
      <section className="page narrow">
        <h1>{heading}</h1>
        <Alert tone="success">{welcome ? 'Your password is set. Sign in with your email and this password.' : 'Your password has been changed, and every device that was signed in has been signed out.'}</Alert>
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
      <h1>{heading}</h1>
      {token !== '' && <p>{welcome ? `Welcome to ${siteConfig.facilityName}: choose a password to finish your account.` : 'Choose a new password for your account.'}</p>}
      {token === '' ? (
        // Without a mail server no reset email is ever sent: the link comes from the front desk (decision 0016).
        <Alert>
          {siteConfig.sendsEmail ? (
            <>
              This page opens from the link in a password reset email. <Link to={href('forgotPassword')}>Ask for a new link</Link>.
            </>
          ) : (
            <>This page opens from a one-time link to choose a password. Email is not set up on this site: ask at the front desk, where staff can give you a link.</>
          )}
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
            {form.submitting ? 'Saving…' : welcome ? 'Save Password and Sign In' : 'Save New Password'}
          </button>
        </form>
      )}
    </section>
  )
}
