import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router'
import { decideAccess, ROUTES, type RouteDefinition, type RouteId } from '../shared/routes.ts'
import { Layout, type NavigationState } from './components/layout.tsx'
import { useSession } from './features/session/session.tsx'
import { siteConfig } from './site-config.ts'
import { HomePage } from './routes/home.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { PlannedPage } from './routes/planned.tsx'

/**
 * Screens by route id. The home page ships in the first bundle; the others load on demand.
 * A route with no screen yet shows its title and purpose (PlannedPage) until its issue lands.
 */
const SCREENS: Partial<Record<RouteId, ComponentType>> = {
  home: HomePage,
  signIn: lazy(() => import('./routes/sign-in.tsx')),
  register: lazy(() => import('./routes/register.tsx')),
  createAccount: lazy(() => import('./routes/register.tsx')),
  forgotPassword: lazy(() => import('./routes/forgot-password.tsx')),
  resetPassword: lazy(() => import('./routes/reset-password.tsx')),
  account: lazy(() => import('./routes/account.tsx')),
  adminUsers: lazy(() => import('./routes/admin-users.tsx')),
  dashboard: lazy(() => import('./routes/dashboard.tsx')),
  academy: lazy(() => import('./routes/academies.tsx')),
  soccerIndividualSignUp: lazy(() => import('./routes/sign-up.tsx')),
  basketballIndividualSignUp: lazy(() => import('./routes/sign-up.tsx')),
  footballIndividualSignUp: lazy(() => import('./routes/sign-up.tsx')),
  baseballIndividualSignUp: lazy(() => import('./routes/sign-up.tsx')),
  individualSportsSignUp: lazy(() => import('./routes/sign-up.tsx')),
  kidsSportsSignup: lazy(() => import('./routes/sign-up.tsx')),
  waiver: lazy(() => import('./routes/waiver.tsx')),
  receipt: lazy(() => import('./routes/receipt.tsx')),
  registrationReceipt: lazy(() => import('./routes/receipt.tsx')),
  pendingRegistrations: lazy(() => import('./routes/pending-registrations.tsx')),
  leagues: lazy(() => import('./routes/leagues.tsx')),
}

/** Spec §6: a page the person may not see sends them elsewhere with the reason. */
function Guarded({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const { user, confirmed } = useSession()
  const location = useLocation()

  useEffect(() => {
    document.title = `${route.title} | ${siteConfig.facilityName}`
  }, [route.title])

  // Nothing stored locally: wait for the server before deciding a guarded page is off limits.
  if (route.access !== 'open' && !user && !confirmed) return <p className="loading">Loading…</p>
  const decision = decideAccess(route.access, user?.userRole ?? null)
  if (!decision.allowed) {
    const state: NavigationState = {
      flash: decision.message,
      ...(decision.redirectTo === '/signIn' ? { from: location.pathname + location.search } : {}),
    }
    return <Navigate to={decision.redirectTo} replace state={state} />
  }
  return children
}

function screenFor(route: RouteDefinition): ReactNode {
  const Screen = SCREENS[route.id as RouteId]
  return Screen ? <Screen /> : <PlannedPage route={route} />
}

export function createRouter() {
  return createBrowserRouter(appRoutes())
}

/** The app's routes: the browser's router, and the server's first render of the home page (render-home.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...ROUTES.map((route) => ({
          path: route.path,
          element: (
            <Guarded route={route}>
              <Suspense fallback={<p className="loading">Loading…</p>}>{screenFor(route)}</Suspense>
            </Guarded>
          ),
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]
}
