import { useCallback, useEffect, useState } from 'react'
import { ApiError, api } from '../../lib/api.ts'

export interface LeagueData<T> {
  /** Null until the first answer; kept during a reload, so the table does not flicker. */
  data: T | null
  error: string | null
  reload(): void
}

/** One GET of the leagues API, read again after each change the page makes. */
export function useLeagueData<T>(url: string): LeagueData<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let current = true
    api
      .get<T>(url)
      .then((answer) => {
        if (!current) return
        setData(answer)
        setError(null)
      })
      .catch((e: unknown) => {
        if (current) setError(e instanceof ApiError ? e.message : 'The leagues could not be loaded. Please reload the page.')
      })
    return () => {
      current = false
    }
  }, [url, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { data, error, reload }
}
