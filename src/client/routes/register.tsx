import { Link, useNavigate } from 'react-router'
import { RegisterForm } from '../../shared/schemas/account.ts'
import { Alert } from '../components/ui/alert.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { useSession } from '../features/session/session.tsx'
import { useReturnPath } from '../features/session/use-return-path.ts'
import { ApiError } from '../lib/api.ts'
import { useForm } from '../lib/use-form.ts'
import { href } from '../paths.ts'

export default function RegisterPage() {
  const { register } = useSession()
  const navigate = useNavigate()
  const returnTo = useReturnPath()
  const form = useForm(RegisterForm, { displayName: '', email: '', phone: '', password: '', confirmPassword: '' })

  const submit = form.handleSubmit(async ({ displayName, email, phone, password }) => {
    try {
      await register({ name: displayName.trim(), email: email.trim(), phone: phone.trim(), password })
      navigate(returnTo, { replace: true })
    } catch (error) {
      if (error instanceof ApiError) {
        const { name, ...fields } = error.fields
        form.setServerErrors({ ...fields, ...(name ? { displayName: name } : {}) }, error.message)
      } else {
        form.setServerErrors({}, 'Creating the account failed. Please try again.')
      }
    }
  })

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
        <button type="submit" className="button" disabled={form.submitting}>
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
