import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { signIn as signInContract, signOut as signOutContract } from '../../shared/contracts/account.ts'
import type { readSession, SessionUser } from '../../shared/contracts/session.ts'
import { PAGE_DATA } from '../../shared/page-data.ts'
import { call } from './endpoint.ts'
import { sessionToken } from './callable.ts'

/**
 * The session user state of product §3/§4: the person a page was rendered for comes inside it
 * (server/pages.ts), confirmed; otherwise the one restored from localStorage, so the page renders
 * at once, then confirmed with the server, whose HttpOnly cookie is the truth.
 */
const STORAGE_KEY = 'sessionUser'

interface Session {
  user: SessionUser | null
  /** True once the server has confirmed (or corrected) the stored user. */
  confirmed: boolean
  signIn(email: string, password: string): Promise<SessionUser>
  signOut(): Promise<void>
  /** Reads the user again from the server (after a profile or role change). */
  refresh(): Promise<SessionUser | null>
}

const SessionContext = createContext<Session | null>(null)

/** The signed-in person the server rendered this page for; undefined when the page does not say. */
export const pageUser: SessionUser | undefined = typeof document === 'undefined' ? undefined : readPageUser()

function readPageUser(): SessionUser | undefined {
  const text = document.getElementById(PAGE_DATA.sessionUser)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as SessionUser
  } catch {
    return undefined
  }
}

/** The user this browser last knew to be signed in, or null. */
export function readStored(): SessionUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    return raw ? (JSON.parse(raw) as SessionUser) : null
  } catch {
    return null
  }
}

function store(user: SessionUser | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user))
    else localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Storage can be full or disabled (private browsing): the cookie still holds the session.
  }
}

// The page is the server's word: the browser remembers who it was rendered for.
if (pageUser) store(pageUser)

/** Once the person the page was rendered for is gone, so is what the page carried of them. */
function forgetPageData(): void {
  for (const id of [PAGE_DATA.sessionUser, PAGE_DATA.queryState]) document.getElementById(id)?.remove()
}

/** `serverUser`: the person the server renders the page for (render-page.tsx); in the browser, the page says. */
export function SessionProvider({ children, serverUser }: { children: ReactNode; serverUser?: SessionUser | null }) {
  const [user, setUser] = useState<SessionUser | null>(() => (serverUser !== undefined ? serverUser : (pageUser ?? readStored())))
  const [confirmed, setConfirmed] = useState(serverUser !== undefined || pageUser !== undefined)

  const apply = useCallback((next: SessionUser | null) => {
    if (pageUser && next?.uid !== pageUser.uid) forgetPageData()
    store(next)
    setUser(next)
    if (!next) sessionToken.clear()
    return next
  }, [])

  const refresh = useCallback(async () => {
    const { user: current } = await call<typeof readSession>('GET', '/api/session')
    return apply(current)
  }, [apply])

  useEffect(() => {
    if (pageUser) return
    call<typeof readSession>('GET', '/api/session')
      .then(({ user: current }) => apply(current))
      .catch((error: unknown) => console.error('Could not confirm the session', error))
      .finally(() => setConfirmed(true))
  }, [apply])

  // Another tab signing in or out changes the stored user: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY) setUser(readStored())
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const session = useMemo<Session>(
    () => ({
      user,
      confirmed,
      refresh,
      async signIn(email, password) {
        await call<typeof signInContract>('POST', '/api/auth/sign-in/email', { body: { email, password } })
        const signedIn = await refresh()
        if (!signedIn) throw new Error('The sign-in did not start a session.')
        return signedIn
      },
      async signOut() {
        try {
          await call<typeof signOutContract>('POST', '/api/auth/sign-out')
        } catch (error) {
          // Product §8: a failed sign-out is only logged; the local state is cleared regardless.
          console.error('Sign-out failed', error)
        }
        apply(null)
      },
    }),
    [user, confirmed, refresh, apply],
  )

  return <SessionContext value={session}>{children}</SessionContext>
}

export function useSession(): Session {
  const session = use(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}
