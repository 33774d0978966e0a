import { useEffect, useState } from 'react'
import type { Child } from '../../../shared/schemas/registration.ts'
import { api } from '../../lib/api.ts'

/** The signed-in guardian's children, for the kids sign-up page; nothing is loaded when `enabled` is false. */
export function useChildren(enabled: boolean) {
  const [children, setChildren] = useState<Child[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!enabled) return
    let current = true
    api
      .get<{ children: Child[] }>('/api/children')
      .then(({ children: list }) => current && setChildren(list))
      .catch((error: unknown) => {
        console.error('Could not load the children', error)
        if (current) setFailed(true)
      })
    return () => {
      current = false
    }
  }, [enabled])

  return {
    children,
    failed,
    /** Appends a child the server has just created, keeping the server's order (first name). */
    added: (child: Child) =>
      setChildren((list) => [...(list ?? []), child].sort((a, b) => a.firstName.localeCompare(b.firstName))),
  }
}
