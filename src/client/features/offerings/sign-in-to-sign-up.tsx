import { Link, useLocation } from 'react-router'
import { href } from '../../../shared/paths.ts'
import type { NavigationState } from '../../components/layout.tsx'

/** A visitor on a sign-up page: sign in or create an account, and come back to this page. */
export function SignInToSignUp() {
  const location = useLocation()
  const from = { from: location.pathname } satisfies NavigationState
  return (
    <p>
      <Link to={href('signIn')} state={from}>
        Sign in
      </Link>{' '}
      or{' '}
      <Link to={href('createAccount')} state={from}>
        create an account
      </Link>{' '}
      to sign up. You will come back here.
    </p>
  )
}
