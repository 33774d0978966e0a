import { useEffect, useState } from 'react'
import type { OpenLeague } from '../../../shared/schemas/registration.ts'
import type { Sport } from '../../../shared/sports.ts'
import { api } from '../../lib/api.ts'

/** The open individual leagues of a sport (or of every sport), with places left; reloadable. */
export function useOpenLeagues(sport: Sport | null) {
  const [state, setState] = useState<{ leagues: OpenLeague[] | null; failed: boolean }>({ leagues: null, failed: false })
  // Bumped after a registration, to show the places it took.
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let current = true
    api
      .get<{ leagues: OpenLeague[] }>(`/api/leagues/open${sport ? `?sport=${sport}` : ''}`)
      .then(({ leagues }) => current && setState({ leagues, failed: false }))
      .catch((error: unknown) => {
        console.error('Could not load the open leagues', error)
        // A failed reload keeps the leagues already shown.
        if (current) setState((s) => ({ leagues: s.leagues, failed: true }))
      })
    return () => {
      current = false
    }
  }, [sport, version])

  return { ...state, reload: () => setVersion((v) => v + 1) }
}
