import { Link, useNavigate, useSearchParams } from 'react-router'
import { SignInForm } from '../../shared/schemas/account.ts'
import { useDropFlash } from '../components/layout.tsx'
import { Alert } from '../components/ui/alert.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { useSession } from '../lib/session.tsx'
import { landingPathOf, useRequestedPath } from '../lib/use-return-path.ts'
import { ApiError } from '../lib/api.ts'
import { useForm } from '../lib/use-form.ts'
import { href } from '../../shared/paths.ts'

/** What the confirmation link (GET /api/auth/verify-email) reports when it sends the person here. */
const CONFIRMATION_NOTICES: Record<string, { tone: 'info' | 'error'; text: string }> = {
  done: { tone: 'info', text: 'Your email address is already confirmed. Sign in to continue.' },
  confirmed: { tone: 'info', text: 'Your email address is confirmed. Sign in to continue.' },
  'other-account': {
    tone: 'info',
    text: 'That email address is confirmed. You are still signed in as before: to use the confirmed account, sign out and sign in with it.',
  },
  expired: { tone: 'error', text: 'This confirmation link has expired or is not valid. Sign in and we will email you a new one.' },
}

export default function SignInPage() {
  const { signIn } = useSession()
  const [params] = useSearchParams()
  const notice = CONFIRMATION_NOTICES[params.get('confirmation') ?? '']
  const navigate = useNavigate()
  const requested = useRequestedPath()
  const form = useForm(SignInForm, { email: '', password: '' })
  const dropFlash = useDropFlash()

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const user = await signIn(email.trim(), password)
      // A page the person was sent here from wins over where their role starts the day.
      navigate(requested ?? landingPathOf(user), { replace: true })
    } catch (error) {
      await dropFlash()
      form.setServerErrors({}, error instanceof ApiError ? error.message : 'Signing in failed. Please try again.')
    }
  })

  return (
    <section className="page narrow">
      <h1>Sign In</h1>
      {notice && !form.message && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" field={form.field('email')} error={form.errors.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          field={form.field('password')}
          error={form.errors.password}
        />
        <button type="submit" className="button" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <p>
        <Link to={href('forgotPassword')}>Forgot your password?</Link>
      </p>
      <p>
        New here?{' '}
        <Link to={href('register')} state={{ from: requested ?? '/' }}>
          Create an account
        </Link>
      </p>
    </section>
  )
}
