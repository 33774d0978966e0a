import { useState } from 'react'
import { Link } from 'react-router'
import { ForgotPasswordForm, NO_MAIL_SERVER_FOR_RESET } from '../../../shared/schemas/account.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { CheckYourEmail } from '../../components/check-your-email.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { href } from '../../../shared/paths.ts'
import { siteConfig } from '../../site-config.ts'
import { useAskPasswordLink } from './api/use-ask-password-link.ts'

/** Forgot Password: a reset link by email; the answer is the same for every address. */
export function ForgotPasswordScreen() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null)
  const form = useForm(ForgotPasswordForm, { email: '' })
  const ask = useAskPasswordLink()

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const { message } = await ask.mutateAsync(email.trim())
      setSent({ email: email.trim(), message })
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Sending the link failed. Please try again.')
    }
  })

  // Without a mail server no link can reach the person: the desk gives one instead (decision 0016).
  if (!siteConfig.sendsEmail) {
    return (
      <section className="page narrow">
        <h1>Forgot Password</h1>
        <p>{NO_MAIL_SERVER_FOR_RESET}</p>
        <p>
          Remembered it? <Link to={href('signIn')}>Sign in</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="page narrow">
      <h1>Forgot Password</h1>
      {sent ? (
        <CheckYourEmail email={sent.email} message={sent.message} onRetry={() => setSent(null)}>
          The link works for one hour, once.
        </CheckYourEmail>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          {form.message && <Alert>{form.message}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" field={form.field('email')} error={form.errors.email} />
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Sending…' : 'Send Reset Link'}
          </button>
        </form>
      )}
      <p>
        Remembered it? <Link to={href('signIn')}>Sign in</Link>
      </p>
    </section>
  )
}
