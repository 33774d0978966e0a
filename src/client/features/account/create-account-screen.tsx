import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { RegisterForm } from '../../../shared/schemas/account.ts'
import { useDropFlash, type NavigationState } from '../../components/layout.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { CheckYourEmail } from '../../components/check-your-email.tsx'
import { useReturnPath } from '../../lib/use-return-path.ts'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { href } from '../../../shared/paths.ts'
import { useCreateAccount } from './api/use-create-account.ts'

/**
 * Create Account. Without confirmation by email the new account is signed in and the person
 * goes back to the page they came from. With it, the answer is the same whether or not the
 * address already has an account (docs/decisions/0008): the person finishes from the link in
 * the email, which signs them in and brings them back.
 */
/** What the page the new customer lands on says once the account is made and signed in (the spec is silent: a short status). */
const ACCOUNT_CREATED = 'Your account is created and you are signed in.'

export function CreateAccountScreen() {
  const returnTo = useReturnPath()
  const navigate = useNavigate()
  const create = useCreateAccount()
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null)
  const form = useForm(RegisterForm, { displayName: '', email: '', phone: '', password: '', confirmPassword: '' })
  const dropFlash = useDropFlash()

  const submit = form.handleSubmit(async ({ displayName, email, phone, password }) => {
    try {
      const answer = await create.mutateAsync({ name: displayName.trim(), email: email.trim(), phone: phone.trim(), password, callbackURL: returnTo })
      if ('message' in answer) return setSent({ email: email.trim(), message: answer.message })
      navigate(returnTo, { replace: true, state: { flash: ACCOUNT_CREATED, flashTone: 'success' } satisfies NavigationState })
    } catch (error) {
      await dropFlash()
      if (error instanceof ApiError) {
        const { name, ...fields } = error.fields
        form.setServerErrors({ ...fields, ...(name ? { displayName: name } : {}) }, error.message)
      } else {
        form.setServerErrors({}, 'Creating the account failed. Please try again.')
      }
    }
  })

  if (sent) {
    return (
      <section className="page narrow">
        <h1>Create Account</h1>
        <CheckYourEmail email={sent.email} message={sent.message} onRetry={() => setSent(null)}>
          The link works for 24 hours. Opening it signs you in.
        </CheckYourEmail>
      </section>
    )
  }

  return (
    <section className="page narrow">
      <h1>Create Account</h1>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <TextField label="Display name" autoComplete="name" field={form.field('displayName')} error={form.errors.displayName} />
        <TextField label="Email" type="email" autoComplete="email" field={form.field('email')} error={form.errors.email} />
        <TextField label="Phone" type="tel" autoComplete="tel" field={form.field('phone')} error={form.errors.phone} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          field={form.field('password')}
          error={form.errors.password}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          field={form.field('confirmPassword')}
          error={form.errors.confirmPassword}
        />
        <button type="submit" className="button" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Creating account…' : 'Create Account'}
        </button>
      </form>
      <p>
        Already have an account?{' '}
        <Link to={href('signIn')} state={{ from: returnTo }}>
          Sign in
        </Link>
      </p>
    </section>
  )
}
