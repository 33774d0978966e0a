import { hydrate, QueryClient, QueryClientContext, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { use, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useSession } from './session.tsx'
import { PAGE_DATA } from '../../shared/page-data.ts'
import { ApiError } from './api.ts'

/**
 * The one client data layer (TanStack Query): every API read is a query of src/client/queries,
 * cached by its key, shared by every screen that shows it, cancelled when nobody waits for it,
 * and read again after a change that touches it (invalidation) — no screen refreshes another.
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The API address the answer is read from: the server renders a page with it (render-page.tsx). */
      url?: string
      /** The answer is the same for everyone: it stays in the cache when the signed-in person changes. */
      shared?: boolean
    }
  }
}

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // What a page arrived with, or what was fetched a moment ago, is shown without asking again.
        staleTime: 30_000,
        // A refusal (4xx) is the answer; a lost connection or a server error is tried once more.
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  })
}

let browserClient: QueryClient | undefined

/** The browser's one cache, holding from the start what the server rendered the page with. */
function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = newQueryClient()
    const text = document.getElementById(PAGE_DATA.queryState)?.textContent
    if (text) hydrate(browserClient, JSON.parse(text) as DehydratedState)
  }
  return browserClient
}

/**
 * Gives the screens below it the cache: the server's render brings its own (render-page.tsx);
 * in the browser, the one cache of the tab. Loaded with the first screen that needs data, so the
 * home page's first bundle stays without it (router.tsx).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  if (use(QueryClientContext)) return children
  return (
    <QueryClientProvider client={browserQueryClient()}>
      <ForgetOtherPeople />
      {children}
    </QueryClientProvider>
  )
}

/**
 * When the signed-in person changes — signing out, or in as someone else, here or in another
 * tab — every answer but those that are the same for everyone (`meta.shared`) leaves the cache
 * before the screen is painted: a shared front-desk browser keeps nothing of the person before.
 */
function ForgetOtherPeople() {
  const { user } = useSession()
  const uid = user?.uid ?? null
  const seen = useRef(uid)
  useLayoutEffect(() => {
    if (seen.current === uid) return
    seen.current = uid
    browserQueryClient().removeQueries({ predicate: (query) => query.meta?.shared !== true })
  }, [uid])
  return null
}
