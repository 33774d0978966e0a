import { useEffect, useState } from 'react'
import { PAGE_DATA } from '../../../shared/page-data.ts'
import type { ActiveLeague } from '../../../shared/sports.ts'
import { api } from '../../lib/api.ts'

/**
 * The leagues the server put inside the home page (server/pages.ts), until the page's first
 * render has used them; the server's own render of the page sets them (render-home.tsx).
 */
export const leaguesInPage: { current: ActiveLeague[] | undefined } = {
  current: typeof document === 'undefined' ? undefined : readFromPage(),
}

function readFromPage(): ActiveLeague[] | undefined {
  const text = document.getElementById(PAGE_DATA.activeLeagues)?.textContent
  if (!text) return undefined
  try {
    return (JSON.parse(text) as { leagues: ActiveLeague[] }).leagues
  } catch {
    return undefined
  }
}

/**
 * Product §4: the active leagues, loaded once when the home page opens; a failure is only logged.
 * Opened with the page, they came inside it; opened later in the app, they are fetched.
 */
export function useActiveLeagues(): { leagues: ActiveLeague[]; loaded: boolean } {
  const [inPage] = useState(() => leaguesInPage.current)
  const [state, setState] = useState(() => ({ leagues: inPage ?? [], loaded: inPage !== undefined }))
  useEffect(() => {
    if (inPage) {
      leaguesInPage.current = undefined
      return
    }
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
  }, [inPage])
  return state
}
