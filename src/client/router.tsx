import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router'
import { decideAccess, ROUTES, type RouteDefinition, type RouteId } from '../shared/routes.ts'
import { Layout, type NavigationState } from './components/layout.tsx'
import { useSession } from './lib/session.tsx'
import { siteConfig } from './site-config.ts'
import { HomePage } from './routes/home.tsx'

/**
 * A screen loaded on demand, with the data layer it reads through (lib/query.tsx) loaded beside
 * it: the home page's first bundle carries neither.
 */
function screen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('./lib/query.tsx')])
    return {
      default: () => (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      ),
    }
  })
}

/**
 * Screens by route id. The home page ships in the first bundle; the others load on demand.
 * A route with no screen yet shows its title and purpose (PlannedPage) until its issue lands.
 */
const SCREENS: Partial<Record<RouteId, ComponentType>> = {
  home: HomePage,
  signIn: screen(() => import('./routes/sign-in.tsx')),
  register: screen(() => import('./routes/register.tsx')),
  createAccount: screen(() => import('./routes/register.tsx')),
  forgotPassword: screen(() => import('./routes/forgot-password.tsx')),
  resetPassword: screen(() => import('./routes/reset-password.tsx')),
  account: screen(() => import('./routes/account.tsx')),
  adminUsers: screen(() => import('./routes/admin-users.tsx')),
  adminProducts: screen(() => import('./routes/admin-products.tsx')),
  dashboard: screen(() => import('./routes/dashboard.tsx')),
  academy: screen(() => import('./routes/academies.tsx')),
  academySignUp: screen(() => import('./routes/academy-sign-up.tsx')),
  academyReceipt: screen(() => import('./routes/academy-receipt.tsx')),
  academyRegistrations: screen(() => import('./routes/academy-registrations.tsx')),
  camps: screen(() => import('./routes/camps.tsx')),
  campSignUp: screen(() => import('./routes/camp-sign-up.tsx')),
  campReceipt: screen(() => import('./routes/camp-receipt.tsx')),
  campRegistrations: screen(() => import('./routes/camp-registrations.tsx')),
  dropIns: screen(() => import('./routes/drop-ins.tsx')),
  dropInSignUp: screen(() => import('./routes/drop-in-sign-up.tsx')),
  dropInReceipt: screen(() => import('./routes/drop-in-receipt.tsx')),
  dropInSessions: screen(() => import('./routes/drop-in-sessions.tsx')),
  soccerIndividualSignUp: screen(() => import('./routes/sign-up.tsx')),
  basketballIndividualSignUp: screen(() => import('./routes/sign-up.tsx')),
  footballIndividualSignUp: screen(() => import('./routes/sign-up.tsx')),
  baseballIndividualSignUp: screen(() => import('./routes/sign-up.tsx')),
  individualSportsSignUp: screen(() => import('./routes/sign-up.tsx')),
  kidsSportsSignup: screen(() => import('./routes/sign-up.tsx')),
  waiver: screen(() => import('./routes/waiver.tsx')),
  receipt: screen(() => import('./routes/receipt.tsx')),
  registrationReceipt: screen(() => import('./routes/receipt.tsx')),
  teamRegistrationReceipt: screen(() => import('./routes/receipt.tsx')),
  createTeam: screen(() => import('./routes/create-team.tsx')),
  adultBasketball: screen(() => import('./routes/create-team.tsx')),
  leagueTeam: screen(() => import('./routes/team.tsx')),
  teamSignUp: screen(() => import('./routes/join-team.tsx')),
  teamsView: screen(() => import('./routes/teams-view.tsx')),
  createTeamAdmin: screen(() => import('./routes/create-team-admin.tsx')),
  manageLeaguePlayers: screen(() => import('./routes/manage-league-players.tsx')),
  leagueTeamPlayer: screen(() => import('./routes/player.tsx')),
  league: screen(() => import('./routes/league.tsx')),
  addTeams: screen(() => import('./routes/add-teams.tsx')),
  pendingRegistrations: screen(() => import('./routes/pending-registrations.tsx')),
  leagues: screen(() => import('./routes/leagues.tsx')),
  desk: screen(() => import('./routes/desk.tsx')),
  deskCustomer: screen(() => import('./routes/desk-customer.tsx')),
  deskAcademies: screen(() => import('./routes/academy-registrations.tsx')),
  deskCamps: screen(() => import('./routes/camp-registrations.tsx')),
  deskDropIns: screen(() => import('./routes/drop-in-sessions.tsx')),
  leagueRegistrants: screen(() => import('./routes/league-registrants.tsx')),
  outbox: screen(() => import('./routes/outbox.tsx')),
  checkout: screen(() => import('./routes/checkout.tsx')),
  checkoutDone: screen(() => import('./routes/checkout.tsx')),
}

/** A mistyped address is rare, and a planned page soon gone: neither is in the home page's first bundle. */
const NotFoundPage = lazy(() => import('./routes/not-found.tsx').then(({ NotFoundPage }) => ({ default: NotFoundPage })))
const PlannedPage = lazy(() => import('./routes/planned.tsx').then(({ PlannedPage }) => ({ default: PlannedPage })))

/** Product §6: a page the person may not see sends them elsewhere with the reason. */
function Guarded({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const { user, confirmed } = useSession()
  const location = useLocation()

  useEffect(() => {
    document.title = `${route.title} | ${siteConfig.facilityName}`
  }, [route.title])

  const decision = decideAccess(route.access, user?.userRole ?? null)
  // The person stored in this browser may be out of date (signed out elsewhere, another person
  // since): a page is never refused before the server has said who is signed in.
  if (!decision.allowed && !confirmed) return <p className="loading">Loading…</p>
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
  return (
    <>
      {Screen ? <Screen /> : <PlannedPage route={route} />}
      <TakenOver />
    </>
  )
}

/**
 * A page rendered for a signed-in person arrives inert (server/pages.ts): it becomes usable once
 * its screen, not only the frame around it, has been taken over.
 */
function TakenOver() {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), [])
  return null
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
        {
          path: '*',
          element: (
            <Suspense fallback={<p className="loading">Loading…</p>}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ]
}
