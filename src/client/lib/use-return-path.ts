import { useLocation } from 'react-router'
import type { NavigationState } from '../components/layout.tsx'
import type { SessionUser } from '../../shared/contracts/session.ts'
import { href } from '../../shared/paths.ts'

/** The page a person was sent away from to sign in, if any: only paths on this site, never an absolute or protocol-relative URL. */
export function useRequestedPath(): string | null {
  const from = (useLocation().state as NavigationState | null)?.from
  return from && from.startsWith('/') && !from.startsWith('//') ? from : null
}

/** The page a person was sent away from to sign in, so they come back to it afterwards; the home page otherwise. */
export function useReturnPath(): string {
  return useRequestedPath() ?? '/'
}

/**
 * Where a person lands after signing in when no page asked for them: staff at their work (the
 * front desk for employees, the dashboard for admins), customers on the home page.
 */
export function landingPathOf(user: SessionUser): string {
  if (user.isAdmin) return href('dashboard')
  if (user.isEmployee) return href('desk')
  return '/'
}
