import { useCallback, useEffect, useState } from 'react'
import { ApiError, api } from './api.ts'

export interface ApiResource<T> {
  /** Null until the first answer arrives; kept while a reload is under way, so lists do not flicker. */
  data: T | null
  error: string | null
  reload(): void
}

/** One GET of the site's API, read again on demand (after a change made elsewhere on the page). */
export function useApiResource<T>(url: string): ApiResource<T> {
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
        if (current) setError(e instanceof ApiError ? e.message : 'Something went wrong. Please reload the page.')
      })
    return () => {
      current = false
    }
  }, [url, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { data, error, reload }
}
