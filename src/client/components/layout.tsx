import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { useSession } from '../lib/session.tsx'
import { useHydrated } from '../lib/use-hydrated.ts'
import { href } from '../../shared/paths.ts'
import { matchRoute } from '../../shared/routes.ts'
import { siteConfig } from '../site-config.ts'
import { Alert } from './ui/alert.tsx'

/** Where a redirect leaves its message (product §6) and the page to return to after signing in. */
export interface NavigationState {
  flash?: string
  /** How the message reads: a refusal (the default) or news of something done. */
  flashTone?: 'error' | 'success'
  from?: string
}

/**
 * Takes the redirect's message away once the page says something of its own, such as a failed
 * sign-in after "Please sign in to register": one alert at a time, never two stacked. Await it
 * before showing the page's message: the message is rendered outside a transition, so a
 * navigation left to one would commit after it and show both alerts for a moment.
 */
export function useDropFlash(): () => Promise<void> {
  const location = useLocation()
  const navigate = useNavigate()
  return async () => {
    const state = location.state as NavigationState | null
    if (!state?.flash) return
    await navigate(location.pathname + location.search, {
      replace: true,
      flushSync: true,
      state: { ...state, flash: undefined, flashTone: undefined } satisfies NavigationState,
    })
  }
}

export function Layout() {
  const location = useLocation()
  const { flash, flashTone } = (location.state as NavigationState | null) ?? {}
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1}>
        {flash && <Flash tone={flashTone}>{flash}</Flash>}
        {/*
          Each page in its own Suspense boundary (router.tsx): keyed by its route, a page whose
          screen is still loading shows its "Loading…" at once, where the page left stayed on
          screen for a second with no sign that anything was happening. Pages of one route (a
          league and another) keep their screen, and its focus, when only the address changes.
        */}
        <Outlet key={matchRoute(location.pathname)?.route.id ?? 'not-found'} />
      </main>
      <footer className="site-footer">
        <a href={siteConfig.websiteUrl}>{siteConfig.facilityName}</a>
      </footer>
    </>
  )
}

/**
 * The redirect's message. It lives in the browser's history, which the server never sees: shown
 * once the page is taken over, so a reloaded page's markup is the same on both sides. Only a page
 * with a message asks whether it has been taken over: that question renders the asker a second
 * time, at once, after the page is taken over (useHydrated), a task a slow phone would feel on
 * every page if the whole layout asked it.
 */
function Flash({ tone, children }: { tone: NavigationState['flashTone']; children: string }) {
  return useHydrated() ? <Alert tone={tone}>{children}</Alert> : null
}

function TopBar() {
  const { user } = useSession()
  const location = useLocation()
  return (
    <header className="top-bar">
      <Link to={href('home')} className="brand">
        {siteConfig.facilityName}
      </Link>
      <nav aria-label="Main">
        <ul>
          <li>
            <NavLink to={href('home')} end>
              Sports &amp; Activities
            </NavLink>
          </li>
          <li>
            <NavLink to={href('academy')}>Academies</NavLink>
          </li>
          {user?.isAdmin && (
            <li>
              <NavLink to={href('dashboard')}>Dashboard</NavLink>
            </li>
          )}
          {/* Not in product §1's bar: the desk's way in, for admins and employees (docs/decisions/0016). */}
          {(user?.isAdmin || user?.isEmployee) && (
            <li>
              <NavLink to={href('desk')}>Front Desk</NavLink>
            </li>
          )}
          {user ? (
            <li>
              {/* Keyed by path, so the menu starts closed on every page. */}
              <AccountMenu key={location.pathname} />
            </li>
          ) : (
            <>
              {/* Product §1's Create Account is for a visitor: a signed-in person has an account already. */}
              <li>
                <NavLink to={href('register')}>Create Account</NavLink>
              </li>
              <li>
                <NavLink to={href('signIn')}>Sign In</NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  )
}

/** The Account dropdown: a disclosure button with View Account and Sign Out. */
function AccountMenu() {
  const { signOut } = useSession()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const container = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div
      className="account-menu"
      ref={container}
      onBlur={(e) => {
        // Tabbing out closes it, so the open list never hides the control that took the focus.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(false)
      }}
    >
      <button ref={button} type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        Account
      </button>
      <ul id={menuId} hidden={!open}>
        <li>
          <Link to={href('account')}>View Account</Link>
        </li>
        <li>
          <button
            type="button"
            onClick={async () => {
              // Leave first: on a page that needs a login, clearing the user would otherwise
              // send the person to /signIn before they reached the home page (product §4).
              await navigate(href('home'))
              await signOut()
            }}
          >
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  )
}
