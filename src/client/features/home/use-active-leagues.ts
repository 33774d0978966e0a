import { useEffect, useState } from 'react'
import type { ActiveLeague } from '../../../shared/sports.ts'
import { api } from '../../lib/api.ts'

/** Spec §4: the active leagues, loaded once when the home page opens; a failure is only logged. */
export function useActiveLeagues(): { leagues: ActiveLeague[]; loaded: boolean } {
  const [state, setState] = useState<{ leagues: ActiveLeague[]; loaded: boolean }>({ leagues: [], loaded: false })
  useEffect(() => {
    let current = true
    api
      .get<{ leagues: ActiveLeague[] }>('/api/leagues/active')
      .then(({ leagues }) => current && setState({ leagues, loaded: true }))
      .catch((error: unknown) => {
        console.error('Could not load the active leagues', error)
        if (current) setState({ leagues: [], loaded: true })
      })
    return () => {
      current = false
    }
  }, [])
  return state
}
