import { useLocation } from 'react-router'
import type { NavigationState } from '../components/layout.tsx'

/** The page a person was sent away from to sign in, so they come back to it afterwards. */
export function useReturnPath(): string {
  const from = (useLocation().state as NavigationState | null)?.from
  // Only paths on this site: never an absolute or protocol-relative URL.
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/'
}
